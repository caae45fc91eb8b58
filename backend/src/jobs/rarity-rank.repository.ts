import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { NftRecord } from '../collections/index.js';
import { executeBound } from '../platform/database/index.js';

export interface StoredRanks {
  /** False when a newer scan replaced the collection's NFTs since they were loaded: nothing was written. */
  current: boolean;
  /** Rows whose score or rank changed. */
  changed: number;
}

/** PostgreSQL writes of the rarity job. */
@Injectable()
export class RarityRankRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores score and rank on the given NFT rows of a collection, and clears them on every other row
   * (unranked), in one statement, provided the collection still holds the scan they were calculated
   * from. Rows that already hold the values are not rewritten.
   */
  async storeRanks(
    collectionId: string,
    scannedAt: Date,
    nfts: ReadonlyArray<Pick<NftRecord, 'tokenId' | 'rarityScore' | 'rarityRank'>>,
  ): Promise<StoredRanks> {
    const ranks = JSON.stringify(nfts.map((n) => ({ t: n.tokenId, s: n.rarityScore, r: n.rarityRank })));
    // Bound parameters: the ranks (megabytes at 100,000 NFTs) travel as they are, never written into the SQL text.
    const now = new Date();
    const [row] = await executeBound<{ current: number; changed: number }>(
      this.em.fork(),
      `with guard as (
           select id from collection where id = $1 and last_scanned_at = $2::timestamptz
         ), ranks as (
           select t, s, r from jsonb_to_recordset($3::jsonb) as x(t text, s float8, r int)
         ), changed as (
           update nft set rarity_score = ranks.s, rarity_rank = ranks.r, updated_at = $4
           from guard, ranks
           where nft.collection_id = guard.id and nft.token_id = ranks.t
             and (nft.rarity_score is distinct from ranks.s or nft.rarity_rank is distinct from ranks.r)
           returning 1
         ), cleared as (
           update nft set rarity_score = null, rarity_rank = null, updated_at = $4
           from guard
           where nft.collection_id = guard.id
             and (nft.rarity_score is not null or nft.rarity_rank is not null)
             and not exists (select 1 from ranks where ranks.t = nft.token_id and ranks.r is not null)
           returning 1
         )
         select (select count(*) from guard)::int as current,
           ((select count(*) from changed) + (select count(*) from cleared))::int as changed`,
      [collectionId, scannedAt.toISOString(), ranks, now],
    );
    return { current: (row?.current ?? 0) > 0, changed: row?.changed ?? 0 };
  }
}
