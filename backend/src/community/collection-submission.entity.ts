import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Unique } from '@mikro-orm/decorators/legacy';
import type { Network, SubmissionStatus } from '@nexus/contract';
import { CollectionProfileEntity, Column } from '../platform/database/index.js';

/**
 * A collection a visitor submitted for the whitelist (SPEC §3 collection submission). `createdAt`
 * is its submittedAt. The vote totals are counters kept in the transaction of each vote.
 */
@Entity({ tableName: 'collection_submission' })
@Unique({ properties: ['network', 'contractAddress'] })
@Index({ properties: ['status', 'votingEndsAt'] })
@Index({ properties: ['status', 'createdAt'] })
@Index({ properties: ['createdAt'] })
export class CollectionSubmissionEntity extends CollectionProfileEntity {
  /** Lower-case 0x address: the database refuses a second row for a contract on a network. */
  @Column.Address() contractAddress!: string;
  @Column.Network() network!: Network;
  @Column.Name() name!: string;

  /** Never shown to visitors: only the admin list carries it. */
  @Column.Text() submitterEmail: string & Opt = '';
  @Column.Text() submitterContact: string & Opt = '';
  @Column.String(16) status: SubmissionStatus & Opt = 'voting';
  @Column.Integer() yesVotes: number & Opt = 0;
  @Column.Integer() noVotes: number & Opt = 0;
  @Column.Integer() totalVotes: number & Opt = 0;
  @Column.Timestamp({ nullable: true }) votingEndsAt: Date | null = null;
  @Column.Text({ nullable: true }) adminNotes: (string & Opt) | null = null;
  @Column.Timestamp({ nullable: true }) reviewedAt: (Date & Opt) | null = null;
  @Column.String(64, { nullable: true }) reviewedBy: (string & Opt) | null = null;
}
