import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import type { Network, ScanKind } from '@nexus/contract';
import { BaseEntity } from '../platform/database/index.js';

/** `abandoned`: its worker died and another took the job over (a later row of the key). */
export type ScanStatus = 'running' | 'complete' | 'failed' | 'abandoned';

/** One run of a scan job: what was asked, who ran it, how it ended. */
@Entity({ tableName: 'scan' })
@Index({ properties: ['key', 'createdAt'] })
export class ScanEntity extends BaseEntity {
  @Property({ type: 'string', length: 120 })
  key!: string;

  @Property({ type: 'string', length: 16 })
  kind!: ScanKind;

  @Property({ type: 'string', length: 32 })
  network!: Network;

  @Property({ type: 'string', length: 42 })
  address!: string;

  @Property({ type: 'string', length: 16 })
  status: ScanStatus & Opt = 'running';

  @Property({ type: 'string', length: 100 })
  worker: string & Opt = '';

  @Property({ type: 'integer' })
  attempt: number & Opt = 1;

  @Property({ type: 'integer' })
  tokensFound: number & Opt = 0;

  @Property({ type: 'integer' })
  metadataFetched: number & Opt = 0;

  @Property({ type: 'integer', nullable: true })
  durationMs: number | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;
}
