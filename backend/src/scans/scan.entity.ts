import type { Opt } from '@mikro-orm/core';
import { Entity, Index } from '@mikro-orm/decorators/legacy';
import type { Network, ScanKind } from '@nexus/contract';
import { BaseEntity, Column } from '../platform/database/index.js';

/** `abandoned`: its worker died and another took the job over (a later row of the key). */
export type ScanStatus = 'running' | 'complete' | 'failed' | 'abandoned';

/** One run of a scan job: what was asked, who ran it, how it ended. */
@Entity({ tableName: 'scan' })
@Index({ properties: ['key', 'createdAt'] })
export class ScanEntity extends BaseEntity {
  @Column.String(120) key!: string;
  @Column.String(16) kind!: ScanKind;
  @Column.Network() network!: Network;
  @Column.Address() address!: string;
  @Column.String(16) status: ScanStatus & Opt = 'running';
  @Column.String(100) worker: string & Opt = '';
  @Column.Integer() attempt: number & Opt = 1;
  @Column.Integer() tokensFound: number & Opt = 0;
  @Column.Integer() metadataFetched: number & Opt = 0;
  @Column.Integer({ nullable: true }) durationMs: number | null = null;
  @Column.Text({ nullable: true }) error: string | null = null;
  @Column.Timestamp({ nullable: true }) finishedAt: Date | null = null;
}
