import type { EntityManager } from '@mikro-orm/postgresql';
import { executeBound } from './bound-query.js';

/**
 * Counts a table's rows under one key value in one scan, each figure named by the caller: a column
 * counts the rows where it is set, '*' every row ("stored / ranked", "seen / named"). Table and
 * column names come from code, never from a request.
 */
export async function countRows<K extends string>(
  em: EntityManager,
  table: string,
  [keyColumn, key]: readonly [string, string],
  counts: Record<K, string>,
): Promise<Record<K, number>> {
  const names = Object.keys(counts) as K[];
  const select = names.map((name) => `count(${counts[name]})::int as "${name}"`).join(', ');
  const [row] = await executeBound<Record<K, number>>(
    em,
    `select ${select} from ${table} where ${keyColumn} = $1`,
    [key],
  );
  return Object.fromEntries(names.map((name) => [name, row?.[name] ?? 0])) as Record<K, number>;
}
