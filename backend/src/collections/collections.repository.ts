import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import type { CollectionInfo } from '../chain/index.js';
import { executeBound } from '../platform/database/index.js';
import { CollectionEntity } from './collection.entity.js';
import { adjustTraits, recountTraits, traitsOf } from './collection-trait-counts.js';
import { NFT_COLUMNS, toNftRecord, type NftRow } from './nft.row.js';
import { traitKeyFields } from './trait-key-columns.js';
import type { MetadataStatus } from './nft.entity.js';
import type { MetadataReason, NftAttribute } from '@nexus/contract';

/** An NFT row as the scan writes it. */
export interface NftRecord {
  tokenId: string;
  tokenUri: string | null;
  name: string;
  description: string;
  image: string | null;
  /** The same image elsewhere, for when `image` does not load (the original of a cached copy). */
  imageFallback?: string | null;
  attributes: NftAttribute[];
  metadataStatus: MetadataStatus;
  /** Why the metadata is missing (status other than 'ok'), when the lookup could tell. */
  metadataReason?: MetadataReason | null;
  rarityScore: number | null;
  rarityRank: number | null;
}

export interface StoredCollection {
  collection: CollectionEntity;
  nfts: NftRecord[];
}

export interface ScanResultWrite {
  info: CollectionInfo;
  nfts: NftRecord[];
  scanDuration: number;
  isComplete: boolean;
}

interface StoredRank {
  token_id: string;
  rarity_score: number | null;
  rarity_rank: number | null;
}

/**
 * PostgreSQL access for collections and their NFTs. Names and symbols are whatever a contract
 * answers (spam contracts answer paragraphs): they are cut to their columns rather than fail a scan.
 */
@Injectable()
export class CollectionsRepository {
  constructor(private readonly em: EntityManager) {}

  async find(network: Network, address: string): Promise<CollectionEntity | null> {
    return this.em.fork().findOne(CollectionEntity, { network, address: address.toLowerCase() });
  }

  /**
   * Replaces a collection's NFTs with a scan's result in one transaction: a crash leaves either the
   * previous result or the new one, and a second worker finishing the same scan updates rows in place
   * (unique collection + token id) instead of adding duplicates.
   */
  async saveScan(result: ScanResultWrite): Promise<CollectionEntity> {
    return this.em.fork().transactional(async (em) => {
      const connection = em.getConnection();
      const now = new Date();
      const [row] = await connection.execute<Array<{ id: string }>>(
        `insert into collection (created_at, updated_at, network, address, name, symbol, standard, total_supply,
           enumerable, image_url, description, nft_count, last_scanned_at, scan_duration, is_complete)
         values (?, ?, ?, ?, left(?, 200), left(?, 100), ?, ?, ?, ?, '', ?, ?, ?, ?)
         on conflict (network, address) do update set updated_at = excluded.updated_at, name = excluded.name,
           symbol = excluded.symbol, standard = excluded.standard, total_supply = excluded.total_supply,
           enumerable = excluded.enumerable, image_url = excluded.image_url, nft_count = excluded.nft_count,
           last_scanned_at = excluded.last_scanned_at, scan_duration = excluded.scan_duration,
           is_complete = excluded.is_complete
         returning id`,
        [
          now,
          now,
          result.info.network,
          result.info.address.toLowerCase(),
          result.info.name,
          result.info.symbol,
          result.info.standard,
          result.info.totalSupply,
          result.info.enumerable,
          result.nfts.find((n) => n.image)?.image ?? null,
          result.nfts.length,
          now,
          result.scanDuration,
          result.isComplete,
        ],
      );
      const collectionId = row!.id;
      const { rows } = await upsertNfts(em, collectionId, result.nfts, now, { seen: true });
      // Tokens burned since the last scan.
      await executeBound(
        em,
        `delete from nft where collection_id = $1 and token_id not in
           (select t.token_id from jsonb_to_recordset($2::jsonb) as t(token_id text))`,
        [collectionId, rows],
      );
      await recountTraits(em, collectionId);
      return em.findOneOrFail(CollectionEntity, { id: collectionId });
    });
  }

  /**
   * Starts a scan stored in chunks (`storeChunk`, then `finishScan`): the collection row with what
   * the contract says, its totals left as the last complete scan stated them. A worker's memory then
   * holds one chunk of NFTs at a time, not the collection.
   */
  async beginScan(info: CollectionInfo): Promise<string> {
    const now = new Date();
    const row = await upsertCollection(this.em.fork().getConnection(), info, now, null);
    return row.id;
  }

  /**
   * Upserts one chunk of a scan's NFTs, seen at the scan's start (`seen_at`): rows the scan did not
   * see keep an older one (or none), and `finishScan` removes them (tokens burned since the last scan).
   */
  async storeChunk(collectionId: string, nfts: NftRecord[], scanStartedAt: Date): Promise<void> {
    await upsertNfts(this.em.fork(), collectionId, nfts, scanStartedAt, { seen: true, answer: false });
  }

  /**
   * Ends a chunked scan in one transaction: removes the rows the scan did not see, then states the
   * totals, the scan time and completeness on the collection row. Until then the collection answers
   * as its last complete scan left it, plus the rows already stored.
   */
  async finishScan(
    collectionId: string,
    result: { scanStartedAt: Date; scanDuration: number; isComplete: boolean; incompleteReason?: string },
  ): Promise<CollectionEntity> {
    return this.em.fork().transactional(async (em) => {
      // By `seen_at`, never `updated_at`: a rarity job or a metadata retry writing a row meanwhile
      // does not say the token is still on chain.
      await executeBound(
        em,
        `delete from nft where collection_id = $1 and (seen_at is null or seen_at < $2)`,
        [collectionId, result.scanStartedAt],
      );
      await recountTraits(em, collectionId);
      await executeBound(
        em,
        `update collection set updated_at = $2, last_scanned_at = $2, scan_duration = $3, is_complete = $4,
           incomplete_reason = $5, nft_count = (select count(*) from nft where collection_id = $1),
           image_url = (select image from nft where collection_id = $1 and image is not null
                        order by length(token_id), token_id collate "C" limit 1)
         where id = $1`,
        [
          collectionId,
          new Date(),
          result.scanDuration,
          result.isComplete,
          result.isComplete ? null : (result.incompleteReason ?? null),
        ],
      );
      return em.findOneOrFail(CollectionEntity, { id: collectionId });
    });
  }

  /**
   * Ends a first scan that was given up (its last attempt failed, or it kept stopping) with the NFTs
   * it stored: the collection answers them as an incomplete scan with `reason`, instead of as a scan
   * still under way until the next one. Nothing changes for a collection scanned before (its last
   * complete scan stands) or one without any NFT stored (still not found). True when it ended one.
   */
  async endGivenUpScan(network: Network, address: string, reason: string): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const [row] = await executeBound<{ id: string }>(
        em,
        `select id from collection where network = $1 and address = $2 and last_scanned_at is null
           and exists (select 1 from nft where nft.collection_id = collection.id)
         for update`,
        [network, address.toLowerCase()],
      );
      if (!row) return false;
      await recountTraits(em, row.id);
      await executeBound(
        em,
        `update collection set updated_at = $2, last_scanned_at = $2, is_complete = false, incomplete_reason = $3,
           nft_count = (select count(*) from nft where collection_id = $1),
           image_url = coalesce(image_url, (select image from nft where collection_id = $1 and image is not null
                        order by length(token_id), token_id collate "C" limit 1))
         where id = $1`,
        [row.id, new Date(), reason],
      );
      return true;
    });
  }

  /**
   * Stores what a wallet scan saw: collection rows (without touching a complete scan's totals) and
   * the wallet's NFTs, in one transaction. The records get the ranks stored for them by the last
   * rarity job of their collection (a wallet's few NFTs are never ranked among themselves).
   */
  async saveHoldings(holdings: Array<{ info: CollectionInfo; nfts: NftRecord[] }>): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const connection = em.getConnection();
      const now = new Date();
      for (const { info, nfts } of holdings) {
        const row = await upsertCollection(connection, info, now, nfts.find((n) => n.image)?.image ?? null);
        const tokenIds = nfts.map((n) => n.tokenId);
        const before = await traitsOf(em, row.id, tokenIds);
        const { stored } = await upsertNfts(em, row.id, nfts, now, { seen: true });
        await adjustTraits(em, row.id, before, await traitsOf(em, row.id, tokenIds));
        const ranks = new Map(stored.map((r) => [r.token_id, r]));
        for (const nft of nfts) {
          nft.rarityScore = ranks.get(nft.tokenId)?.rarity_score ?? null;
          nft.rarityRank = ranks.get(nft.tokenId)?.rarity_rank ?? null;
        }
      }
    });
  }

  /**
   * Writes the metadata of some of a stored collection's NFTs (the metadata-retry job's finds),
   * leaving its other rows and every rank as they are. False when the collection is not stored.
   */
  async saveMetadata(network: Network, address: string, nfts: NftRecord[]): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const collection = await em.findOne(CollectionEntity, { network, address: address.toLowerCase() });
      if (!collection) return false;
      if (nfts.length === 0) return true;
      const tokenIds = nfts.map((n) => n.tokenId);
      const before = await traitsOf(em, collection.id, tokenIds);
      await upsertNfts(em, collection.id, nfts, new Date(), { seen: false });
      await adjustTraits(em, collection.id, before, await traitsOf(em, collection.id, tokenIds));
      return true;
    });
  }

  /**
   * What ranking reads of a stored collection, batch by batch: token id and attributes of the NFTs
   * whose metadata resolved, in token id order (keyset on the token order index), each batch handed
   * to `onBatch` before the next is read, so a caller holds one batch of rows at a time; answers how
   * many NFTs are stored.
   */
  async rankingBatches(
    collectionId: string,
    onBatch: (tokens: Array<{ tokenId: string; attributes: NftAttribute[] }>) => void,
    batch = 5_000,
  ): Promise<{ stored: number }> {
    const em = this.em.fork();
    let stored = 0;
    let after: string | null = null;
    for (;;) {
      const rows: Array<{ token_id: string; attributes: NftAttribute[] | null }> = await executeBound(
        em,
        `select token_id, case when metadata_status = 'ok' then attributes end as attributes from nft
         where collection_id = $1 and ($2::text is null or (length(token_id), token_id collate "C") > (length($2::text), $2::text collate "C"))
         order by length(token_id), token_id collate "C" limit $3`,
        [collectionId, after, batch],
      );
      const tokens: Array<{ tokenId: string; attributes: NftAttribute[] }> = [];
      for (const row of rows) {
        if (row.attributes) tokens.push({ tokenId: row.token_id, attributes: row.attributes });
      }
      if (tokens.length > 0) onBatch(tokens);
      stored += rows.length;
      if (rows.length < batch) return { stored };
      after = rows.at(-1)!.token_id;
    }
  }

  /**
   * What `rankingBatches` reads (token ids, and the attributes of the tokens whose metadata
   * resolved), as one JSON text `[{tokenId, attributes}, …]` in token id order, built by PostgreSQL:
   * nothing is parsed on this thread (the rarity thread parses it).
   */
  async rankingTokensJson(collectionId: string): Promise<string> {
    const rows = await executeBound<{ tokens: string }>(
      this.em.fork(),
      `select coalesce(json_agg(json_build_object('tokenId', token_id, 'attributes', attributes)
         order by length(token_id), token_id collate "C"), '[]')::text as tokens
       from nft where collection_id = $1 and metadata_status = 'ok'`,
      [collectionId],
    );
    return rows[0]?.tokens ?? '[]';
  }

  /** `rankingBatches` gathered in one list. */
  async rankingTokens(
    collectionId: string,
    batch = 5_000,
  ): Promise<{ tokens: Array<{ tokenId: string; attributes: NftAttribute[] }>; stored: number }> {
    const tokens: Array<{ tokenId: string; attributes: NftAttribute[] }> = [];
    const { stored } = await this.rankingBatches(collectionId, (rows) => tokens.push(...rows), batch);
    return { tokens, stored };
  }

  /** One stored NFT of a collection, or null. */
  async findNft(collectionId: string, tokenId: string): Promise<NftRecord | null> {
    const rows = await executeBound<NftRow>(
      this.em.fork(),
      `select ${NFT_COLUMNS} from nft where collection_id = $1 and token_id = $2`,
      [collectionId, tokenId],
    );
    return rows[0] ? toNftRecord(rows[0]) : null;
  }

  async load(network: Network, address: string): Promise<StoredCollection | null> {
    const em = this.em.fork();
    const collection = await em.findOne(CollectionEntity, { network, address: address.toLowerCase() });
    if (!collection) return null;
    const rows = await em
      .getConnection()
      .execute<NftRow[]>(
        `select ${NFT_COLUMNS} from nft where collection_id = ? order by length(token_id), token_id`,
        [collection.id],
      );
    return { collection, nfts: rows.map(toNftRecord) };
  }
}

/**
 * Upserts NFT rows: all rows travel as one JSON parameter and are expanded server-side. `seen`: a
 * scan saw these tokens on chain at `now` (a metadata retry did not: their `seen_at` stays).
 */
async function upsertNfts(
  em: EntityManager,
  collectionId: string,
  nfts: NftRecord[],
  now: Date,
  { seen, answer = true }: { seen: boolean; answer?: boolean },
): Promise<{ rows: string; stored: StoredRank[] }> {
  const rows = JSON.stringify(
    nfts.map((x) => ({
      token_id: x.tokenId,
      token_uri: x.tokenUri,
      name: x.name,
      description: x.description,
      image: x.image,
      image_fallback: x.imageFallback ?? null,
      attributes: x.attributes,
      metadata_status: x.metadataStatus,
      metadata_reason: x.metadataStatus === 'ok' ? null : (x.metadataReason ?? null),
      rarity_score: x.rarityScore,
      rarity_rank: x.rarityRank,
      ...traitKeyFields(x.attributes),
    })),
  );
  const stored = await executeBound<StoredRank>(
    em,
    `insert into nft (created_at, updated_at, seen_at, collection_id, ${NFT_COLUMNS}, trait_keys, trait_facets)
     select $1, $1, $4::timestamptz, $2, ${NFT_COLUMNS}, trait_keys, trait_facets from jsonb_to_recordset($3::jsonb) as t(token_id text, token_uri text,
       name text, description text, image text, image_fallback text, attributes jsonb, metadata_status text,
       metadata_reason text, rarity_score float8, rarity_rank int, trait_keys text[], trait_facets text[])
     on conflict (collection_id, token_id) do update set updated_at = excluded.updated_at,
       seen_at = coalesce(excluded.seen_at, nft.seen_at), token_uri = excluded.token_uri,
       name = excluded.name, description = excluded.description,
       image = excluded.image, image_fallback = excluded.image_fallback, attributes = excluded.attributes,
       trait_keys = excluded.trait_keys, trait_facets = excluded.trait_facets,
       metadata_status = excluded.metadata_status, metadata_reason = excluded.metadata_reason,
       rarity_score = coalesce(excluded.rarity_score, nft.rarity_score),
       rarity_rank = coalesce(excluded.rarity_rank, nft.rarity_rank)
     ${answer ? 'returning token_id, rarity_score, rarity_rank' : ''}`,
    [now, collectionId, rows, seen ? now : null],
  );
  return { rows, stored };
}

/**
 * The collection row with what the contract says (name, symbol, standard, supply), created or
 * brought up to date; a stored image is kept, `imageUrl` fills one that is missing.
 */
async function upsertCollection(
  connection: ReturnType<EntityManager['getConnection']>,
  info: CollectionInfo,
  now: Date,
  imageUrl: string | null,
): Promise<{ id: string }> {
  const [row] = await connection.execute<Array<{ id: string }>>(
    `insert into collection (created_at, updated_at, network, address, name, symbol, standard, total_supply,
       enumerable, image_url, description)
     values (?, ?, ?, ?, left(?, 200), left(?, 100), ?, ?, ?, ?, '')
     on conflict (network, address) do update set updated_at = excluded.updated_at, name = excluded.name,
       symbol = excluded.symbol, standard = excluded.standard, total_supply = excluded.total_supply,
       enumerable = excluded.enumerable, image_url = coalesce(collection.image_url, excluded.image_url)
     returning id`,
    [
      now,
      now,
      info.network,
      info.address.toLowerCase(),
      info.name,
      info.symbol,
      info.standard,
      info.totalSupply,
      info.enumerable,
      imageUrl,
    ],
  );
  return row!;
}
