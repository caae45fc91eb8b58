import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Network, SubmissionStatus } from '@nexus/contract';
import { CollectionProfileEntity } from '../platform/database/index.js';

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
  @Property({ type: 'string', length: 42 })
  contractAddress!: string;

  @Property({ type: 'string', length: 32 })
  network!: Network;

  @Property({ type: 'string', length: 200 })
  name!: string;

  /** Never shown to visitors: only the admin list carries it. */
  @Property({ type: 'text' })
  submitterEmail: string & Opt = '';

  @Property({ type: 'text' })
  submitterContact: string & Opt = '';

  @Property({ type: 'string', length: 16 })
  status: SubmissionStatus & Opt = 'voting';

  @Property({ type: 'integer' })
  yesVotes: number & Opt = 0;

  @Property({ type: 'integer' })
  noVotes: number & Opt = 0;

  @Property({ type: 'integer' })
  totalVotes: number & Opt = 0;

  @Property({ type: 'datetime', nullable: true })
  votingEndsAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  adminNotes: (string & Opt) | null = null;

  @Property({ type: 'datetime', nullable: true })
  reviewedAt: (Date & Opt) | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  reviewedBy: (string & Opt) | null = null;
}
