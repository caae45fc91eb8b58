import { Entity, Unique } from '@mikro-orm/decorators/legacy';
import type { Network, TokenType } from '@nexus/contract';
import { BaseEntity, Column } from '../platform/database/index.js';

/** A contract Nexus has read from a chain. */
@Entity({ tableName: 'collection' })
@Unique({ properties: ['network', 'address'] })
export class CollectionEntity extends BaseEntity {
  @Column.Network() network!: Network;

  /** Lower-case 0x address. */
  @Column.Address() address!: string;
  @Column.Name() name = '';
  @Column.String(100) symbol = '';
  @Column.Standard() standard: TokenType = 'ERC-721';
  @Column.Integer({ nullable: true }) totalSupply: number | null = null;
  @Column.Boolean() enumerable = false;
  @Column.Text({ nullable: true }) imageUrl: string | null = null;
  @Column.Text() description = '';

  /** Number of NFT rows stored for it after the last complete scan. */
  @Column.Integer() nftCount = 0;
  @Column.Timestamp({ nullable: true }) lastScannedAt: Date | null = null;
  @Column.Integer({ nullable: true }) scanDuration: number | null = null;
  @Column.Boolean() isComplete = false;

  /** Why the last scan is partial, in words a visitor can read (INCOMPLETE_REASONS); null when complete. */
  @Column.Text({ nullable: true }) incompleteReason: string | null = null;
}
