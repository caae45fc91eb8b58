import { Entity, Index, ManyToOne } from '@mikro-orm/decorators/legacy';
import type { VoteType } from '@nexus/contract';
import { BaseEntity, Column } from '../platform/database/index.js';
import { CollectionSubmissionEntity } from './collection-submission.entity.js';

/**
 * One counted vote (SPEC §3 vote payload). `createdAt` is when it was cast: the 24 h windows of the
 * fingerprint rule and the address cap are counted from it. Deleted with its submission.
 */
@Entity({ tableName: 'collection_vote' })
@Index({ properties: ['submission', 'voterFingerprint', 'createdAt'] })
@Index({ properties: ['submission', 'ipHash', 'createdAt'] })
export class CollectionVoteEntity extends BaseEntity {
  @ManyToOne(() => CollectionSubmissionEntity, { deleteRule: 'cascade' })
  submission!: CollectionSubmissionEntity;

  @Column.String(3)
  voteType!: VoteType;

  @Column.String(64)
  voterFingerprint!: string;

  /** HMAC-SHA256 (hex) of the voter's address under a server key: the address itself is not kept. */
  @Column.String(64)
  ipHash!: string;
}
