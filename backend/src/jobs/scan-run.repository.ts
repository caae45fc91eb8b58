import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ScanJobPayload } from '@nexus/contract';
import { hostname } from 'node:os';
import { executeBound } from '../platform/database/index.js';
import { ScanEntity } from '../scans/index.js';

/** Name of this process in the scan log: which worker ran which attempt. */
export const WORKER_ID = `${hostname()}:${process.pid}`;

/** The durable log of scan runs (one row per attempt). */
@Injectable()
export class ScanRunRepository {
  constructor(private readonly em: EntityManager) {}

  async start(payload: ScanJobPayload, attempt: number): Promise<string> {
    const em = this.em.fork();
    const run = em.create(ScanEntity, {
      key: payload.key,
      kind: payload.kind,
      network: payload.network,
      address: payload.address,
      worker: WORKER_ID,
      attempt,
    });
    await em.flush();
    return run.id;
  }

  /**
   * Closes the rows a dead worker left `running` for this key (one job per key: a new attempt means
   * the old one is gone) as `abandoned`; answers the workers that held them.
   */
  async abandonRunning(key: string): Promise<string[]> {
    const rows = await executeBound<{ worker: string }>(
      this.em.fork(),
      `update scan
          set status = 'abandoned', finished_at = now(), updated_at = now(),
              error = 'Worker ' || worker || ' stopped; taken over by ' || $2
        where key = $1 and status = 'running'
        returning worker`,
      [key, WORKER_ID],
    );
    return rows.map((r) => r.worker);
  }

  async finish(
    id: string,
    outcome: {
      status: 'complete' | 'failed';
      tokensFound: number;
      metadataFetched: number;
      durationMs: number;
      error?: string;
    },
  ): Promise<void> {
    await this.em.fork().nativeUpdate(
      ScanEntity,
      { id },
      {
        status: outcome.status,
        tokensFound: outcome.tokensFound,
        metadataFetched: outcome.metadataFetched,
        durationMs: outcome.durationMs,
        error: outcome.error ?? null,
        finishedAt: new Date(),
      },
    );
  }

  /** Ends a run this process gave up (its job went back to the queue for another attempt). */
  async abandon(id: string, reason: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(ScanEntity, { id }, { status: 'failed', error: reason, finishedAt: new Date() });
  }
}
