import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { NftAttribute } from '@nexus/contract';
import { BaseEntity } from '../database/base.entity.js';

/**
 * 'unavailable': the metadata host could not be reached at scan time (dead, failing, throttling);
 * the metadata-retry job asks again later. 'error': the host answered, but no metadata.
 */
export type MetadataStatus = 'ok' | 'missing' | 'error' | 'unavailable';

/** One token of a collection with its resolved metadata and rarity. */
@Entity({ tableName: 'nft' })
@Unique({ properties: ['collectionId', 'tokenId'] })
@Index({ properties: ['collectionId', 'rarityRank'] })
export class NftEntity extends BaseEntity {
  @Property({ type: 'bigint' })
  collectionId!: string;

  /** Decimal string: token ids reach 2^256. */
  @Property({ type: 'string', length: 80 })
  tokenId!: string;

  @Property({ type: 'text', nullable: true })
  tokenUri: string | null = null;

  @Property({ type: 'text' })
  name = '';

  @Property({ type: 'text' })
  description = '';

  /** Image URI as the metadata states it, or the data source's cached copy of it. */
  @Property({ type: 'text', nullable: true })
  image: string | null = null;

  /** The original image URI where `image` is a cached copy: for when the copy does not load. */
  @Property({ type: 'text', nullable: true })
  imageFallback: string | null = null;

  @Property({ type: 'json' })
  attributes: NftAttribute[] = [];

  @Property({ type: 'string', length: 16 })
  metadataStatus: MetadataStatus = 'missing';

  @Property({ type: 'double', nullable: true })
  rarityScore: number | null = null;

  @Property({ type: 'integer', nullable: true })
  rarityRank: number | null = null;
}
