import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { NftAttribute } from '@nexus/contract';
import { BaseEntity, Column, sqlIndex } from '../platform/database/index.js';

/**
 * 'unavailable': the metadata host could not be reached at scan time (dead, failing, throttling);
 * the metadata-retry job asks again later. 'error': the host answered, but no metadata.
 */
export type MetadataStatus = 'ok' | 'missing' | 'error' | 'unavailable';

/** One token of a collection with its resolved metadata and rarity. */
@Entity({ tableName: 'nft' })
@Unique({ properties: ['collectionId', 'tokenId'] })
// The page route's orders and trait filter (Migration20261130000000_nft_trait_keys).
@Index(
  sqlIndex('nft', 'collection_token_order', '("collection_id", length("token_id"), "token_id" collate "C")'),
)
@Index(
  sqlIndex(
    'nft',
    'collection_rank_order',
    '("collection_id", "rarity_rank", length("token_id"), "token_id" collate "C")',
  ),
)
@Index(
  sqlIndex(
    'nft',
    'collection_score_order',
    '("collection_id", "rarity_score" desc nulls last, length("token_id"), "token_id" collate "C")',
  ),
)
@Index(
  sqlIndex(
    'nft',
    'collection_name_order',
    '("collection_id", "name" collate "nexus_numeric", length("token_id"), "token_id" collate "C")',
  ),
)
@Index({ name: 'nft_trait_keys_index', properties: ['traitKeys'], type: 'gin' })
// The latest write to a collection's rows (Migration20261130100000_nft_collection_updated).
@Index({ name: 'nft_collection_updated_index', properties: ['collectionId', 'updatedAt'] })
export class NftEntity extends BaseEntity {
  @Column.Bigint() collectionId!: string;

  /** Decimal string: token ids reach 2^256. */
  @Column.String(80) tokenId!: string;
  @Column.Text({ nullable: true }) tokenUri: string | null = null;
  @Column.Text() name = '';
  @Column.Text() description = '';

  /** Image URI as the metadata states it, or the data source's cached copy of it. */
  @Column.Text({ nullable: true }) image: string | null = null;

  /** The original image URI where `image` is a cached copy: for when the copy does not load. */
  @Column.Text({ nullable: true }) imageFallback: string | null = null;
  @Column.Json() attributes: NftAttribute[] = [];

  /**
   * Normalised trait keys (`type`, and `type` U+001F `value`) of `attributes`, as the function
   * `nft_trait_keys` gives them: what the page route filters and counts. Written with the row
   * (`traitKeyColumns`), or by a trigger from the function when the writer leaves them out.
   */
  @Property({ type: 'text[]', nullable: true, lazy: true }) traitKeys?: string[];

  /** The same keys with the labels as published (`type`, `type␟value␟Type␟Value`): what counts group on. */
  @Property({ type: 'text[]', nullable: true, lazy: true }) traitFacets?: string[];
  @Column.String(16) metadataStatus: MetadataStatus = 'missing';

  /** Why the metadata is missing (a METADATA_REASONS code), when the lookup could tell; else null. */
  @Column.Text({ nullable: true }) metadataReason: string | null = null;
  @Column.Double({ nullable: true }) rarityScore: number | null = null;
  @Column.Integer({ nullable: true }) rarityRank: number | null = null;

  /**
   * When a scan last saw the token (a collection scan's start, a wallet scan's time); null before
   * any. A collection scan ends by removing its rows older than its start: burned tokens. Ranks and
   * metadata retries stamp `updatedAt` only, so they never keep a burned token.
   */
  @Column.Timestamp({ nullable: true }) seenAt: Date | null = null;
}
