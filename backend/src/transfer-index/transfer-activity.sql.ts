import type { ActivityKind } from '@nexus/contract';
import { ZERO } from './transfer-index.rows.js';

// The rows of the transfer index's reads for visitors, and the SQL the reads share.

/** Where a transfer stands in chain order: the key the feeds page by, newest first. */
export interface TransferKey {
  blockNumber: bigint;
  logIndex: number;
  position: number;
}

export interface ActivityRow extends TransferKey {
  contract: string;
  tokenId: string;
  standard: 'ERC-721' | 'ERC-1155';
  from: string;
  to: string;
  amount: string;
  time: Date | null;
  txHash: string | null;
}

/** The transfer that made a holder one. */
export interface SinceRow {
  blockNumber: bigint;
  time: Date | null;
  txHash: string | null;
}

/** The columns of a transfer a `SinceRow` is read from. */
export interface SinceSqlRow {
  block_number: string;
  block_time: Date | string | null;
  tx_hash: string | null;
}

export function toSince(row: SinceSqlRow): SinceRow {
  return {
    blockNumber: BigInt(row.block_number),
    time: row.block_time === null ? null : new Date(row.block_time),
    txHash: row.tx_hash,
  };
}

/** A holder of a collection: tokens (ERC-1155: units), ordered by tokens desc, then owner. */
export interface HolderKey {
  tokens: bigint;
  owner: string;
}

export interface HolderTotals {
  holders: number;
  held: bigint;
}

/** A wallet's token, ordered by contract, then token id. */
export interface HeldKey {
  contract: string;
  tokenId: string;
}

export interface TransferSqlRow extends SinceSqlRow {
  log_index: number;
  position: number;
  contract: string;
  token_id: string;
  standard: 'ERC-721' | 'ERC-1155';
  from_address: string;
  to_address: string;
  amount: string;
}

export const TRANSFER_COLUMNS = `block_number, log_index, position, contract, token_id::text, standard, from_address,
  to_address, amount::text, block_time, tx_hash`;
export const NEWEST_FIRST = 'order by block_number desc, log_index desc, position desc';

export function toActivity(row: TransferSqlRow): ActivityRow {
  return {
    blockNumber: BigInt(row.block_number),
    logIndex: row.log_index,
    position: row.position,
    contract: row.contract,
    tokenId: row.token_id,
    standard: row.standard,
    from: row.from_address,
    to: row.to_address,
    amount: row.amount,
    time: row.block_time === null ? null : new Date(row.block_time),
    txHash: row.tx_hash,
  };
}

/** The SQL condition of a kind of transfer (mints and burns have partial indexes of their own). */
export function kindCondition(kind: ActivityKind | undefined): string {
  if (kind === 'mint') return `and from_address = '${ZERO}'`;
  if (kind === 'burn') return `and to_address = '${ZERO}'`;
  if (kind === 'transfer') return `and from_address <> '${ZERO}' and to_address <> '${ZERO}'`;
  return '';
}

/** Rows before `key` in chain order, parameters from `$first` on. */
export function beforeKey(key: TransferKey | null, first: number): { sql: string; parameters: unknown[] } {
  if (!key) return { sql: '', parameters: [] };
  return {
    sql: `and (block_number, log_index, position) < ($${first}::bigint, $${first + 1}::int, $${first + 2}::int)`,
    parameters: [key.blockNumber.toString(), key.logIndex, key.position],
  };
}
