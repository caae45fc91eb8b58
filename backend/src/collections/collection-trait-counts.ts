import type { EntityManager } from '@mikro-orm/postgresql';
import { executeBound } from '../platform/database/index.js';

/**
 * The trait counts of a stored collection (`collection_trait_count`): what the page route's
 * unfiltered counts are, without reading every NFT (13.7 million facets at 1,000,000 NFTs). Counted
 * again from the rows at the end of every scan, adjusted by the writes that change a scanned
 * collection's traits afterwards (metadata retries and refreshes, wallet scans); each in the
 * transaction of its write. Rows of facet '' hold the NFTs stored.
 */

/** Counts a collection's traits again from its rows (a scan's end, after its removals). */
export async function recountTraits(em: EntityManager, collectionId: string): Promise<void> {
  await executeBound(em, `delete from collection_trait_count where collection_id = $1`, [collectionId]);
  await executeBound(
    em,
    `insert into collection_trait_count (collection_id, facet, count)
     select $1, '', count(*)::int from nft where collection_id = $1
     union all
     select $1, k, count(*)::int from nft, unnest(nft.trait_facets) as k where collection_id = $1 group by k`,
    [collectionId],
  );
}

/** Facet -> NFTs carrying it among some NFTs of a collection ('' -> those stored), rows locked. */
export async function traitsOf(
  em: EntityManager,
  collectionId: string,
  tokenIds: string[],
): Promise<Map<string, number>> {
  const rows = await executeBound<{ trait_facets: string[] | null }>(
    em,
    `select trait_facets from nft where collection_id = $1 and token_id = any($2::text[]) for update`,
    [collectionId, tokenIds],
  );
  const counts = new Map<string, number>([['', rows.length]]);
  for (const row of rows)
    for (const facet of row.trait_facets ?? []) counts.set(facet, (counts.get(facet) ?? 0) + 1);
  return counts;
}

/**
 * Moves a counted collection's counts from some NFTs' traits before a write (`traitsOf`) to after
 * it; nothing for a collection not counted (its first scan has not finished: it counts at its end).
 */
export async function adjustTraits(
  em: EntityManager,
  collectionId: string,
  before: Map<string, number>,
  after: Map<string, number>,
): Promise<void> {
  const delta = new Map<string, number>();
  for (const [facet, count] of after) delta.set(facet, count - (before.get(facet) ?? 0));
  for (const [facet, count] of before) if (!after.has(facet)) delta.set(facet, -count);
  // In facet order: two writers adjusting the same counts lock them in the same order.
  const changes = [...delta]
    .filter(([, change]) => change !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([facet, change]) => ({ facet, change }));
  if (changes.length === 0) return;
  await executeBound(
    em,
    `with counted as (select 1 from collection_trait_count where collection_id = $1 and facet = '' for update)
     insert into collection_trait_count as c (collection_id, facet, count)
     select $1, t.facet, t.change from jsonb_to_recordset($2::jsonb) as t(facet text, change int), counted
     order by t.facet collate "C"
     on conflict (collection_id, facet) do update set count = c.count + excluded.count`,
    [collectionId, JSON.stringify(changes)],
  );
  await executeBound(
    em,
    `delete from collection_trait_count where collection_id = $1 and facet <> '' and count <= 0`,
    [collectionId],
  );
}

/**
 * The stored counts of a collection: facet -> NFTs carrying it, '' -> NFTs stored; null when the
 * collection is not counted.
 */
export async function storedTraitCounts(
  em: EntityManager,
  collectionId: string,
): Promise<Array<{ k: string | null; c: number }> | null> {
  const rows = await executeBound<{ facet: string; count: number }>(
    em,
    `select facet, count from collection_trait_count where collection_id = $1`,
    [collectionId],
  );
  if (!rows.some((row) => row.facet === '')) return null;
  return rows.map((row) => ({ k: row.facet === '' ? null : row.facet, c: Number(row.count) }));
}
