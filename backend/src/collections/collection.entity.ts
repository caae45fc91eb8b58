import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Network, TokenType } from '@nexus/contract';
import { BaseEntity } from '../platform/database/index.js';

/** A contract Nexus has read from a chain. */
@Entity({ tableName: 'collection' })
@Unique({ properties: ['network', 'address'] })
export class CollectionEntity extends BaseEntity {
  @Property({ type: 'string', length: 32 })
  network!: Network;

  /** Lower-case 0x address. */
  @Property({ type: 'string', length: 42 })
  address!: string;

  @Property({ type: 'string', length: 200 })
  name = '';

  @Property({ type: 'string', length: 100 })
  symbol = '';

  @Property({ type: 'string', length: 16 })
  standard: TokenType = 'ERC-721';

  @Property({ type: 'integer', nullable: true })
  totalSupply: number | null = null;

  @Property({ type: 'boolean' })
  enumerable = false;

  @Property({ type: 'text', nullable: true })
  imageUrl: string | null = null;

  @Property({ type: 'text' })
  description = '';

  /** Number of NFT rows stored for it after the last complete scan. */
  @Property({ type: 'integer' })
  nftCount = 0;

  @Property({ type: 'datetime', nullable: true })
  lastScannedAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  scanDuration: number | null = null;

  @Property({ type: 'boolean' })
  isComplete = false;

  /** Why the last scan is partial, in words a visitor can read (INCOMPLETE_REASONS); null when complete. */
  @Property({ type: 'text', nullable: true })
  incompleteReason: string | null = null;
}
