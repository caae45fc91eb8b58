import type { PropertyOptions } from '@mikro-orm/core';
import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** What an entity may add to a column kind: nullability, a key part, laziness; never its type. */
type ColumnOptions = Omit<PropertyOptions<object>, 'type' | 'columnType' | 'length'>;

type ColumnKind = Pick<PropertyOptions<object>, 'type' | 'length' | 'precision' | 'scale'>;

/**
 * A column decorator of one kind: a property, or a primary key part with `{ primary: true }`. Every
 * type is stated (none is inferred from emitted type metadata), and each use hands the ORM a fresh
 * options object, since it writes into the one it is given.
 */
function columnOf(kind: ColumnKind) {
  return (options: ColumnOptions = {}) =>
    options.primary ? PrimaryKey({ ...kind, ...options }) : Property({ ...kind, ...options });
}

/** The column kinds the schema repeats, stated once: `@Column.Network()` says what a column is. */
export const Column = {
  /** A network's name (`ethereum`, `polygon`, …). */
  Network: columnOf({ type: 'string', length: 32 }),
  /** A lower-case 0x address (a contract, a holder). */
  Address: columnOf({ type: 'string', length: 42 }),
  /** A uint256 (a token id, an amount, a balance). */
  Uint256: columnOf({ type: 'decimal', precision: 78, scale: 0 }),
  /** A collection's, a contract's or an asset's name as shown, cut to 200 characters. */
  Name: columnOf({ type: 'string', length: 200 }),
  /** A token standard: 'ERC-721' or 'ERC-1155'. */
  Standard: columnOf({ type: 'string', length: 16 }),
  /** Text of at most `length` characters (a status, a kind, a hash, a label). */
  String: (length: number, options?: ColumnOptions) => columnOf({ type: 'string', length })(options),
  Text: columnOf({ type: 'text' }),
  /** A count, a size, a duration or a rank. */
  Integer: columnOf({ type: 'integer' }),
  /** A block number, a row id or a large count (read as a string). */
  Bigint: columnOf({ type: 'bigint' }),
  Double: columnOf({ type: 'double' }),
  Boolean: columnOf({ type: 'boolean' }),
  Timestamp: columnOf({ type: 'datetime' }),
  Json: columnOf({ type: 'json' }),
};
