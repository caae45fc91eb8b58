import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely } from 'kysely';

/**
 * Runs SQL with server-side parameters ($1, $2 …). The ORM's `execute` formats parameters into the
 * SQL text on the client, which costs most of a second for a scan's megabytes of JSON.
 * Inside `em.transactional` it runs in that transaction.
 */
export async function executeBound<T>(
  em: EntityManager,
  sql: string,
  parameters: readonly unknown[],
): Promise<T[]> {
  const executor = em.getTransactionContext<Kysely<unknown>>() ?? em.getConnection().getClient<unknown>();
  const result = await executor.executeQuery<T>(CompiledQuery.raw(sql, [...parameters]));
  return result.rows;
}
