import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ActivityEventsRepository } from '../platform/realtime/index.js';
import { REDIS, RedisConnections } from '../platform/redis/index.js';
import { underPassLock } from './pass-lock.js';
import { TransferIndexRepository } from './transfer-index.repository.js';
import { TransferIndexer, type TransferIndexerOptions } from './transfer-indexer.js';

/** An indexer into the index's tables, with a pass's own budget and step after each window. */
export type PassIndexer = (options: Pick<TransferIndexerOptions, 'budgetMs' | 'onWindow'>) => TransferIndexer;

/**
 * What every pass of the index shares (a network's, or one collection's history): one pass at a
 * time per lock whichever worker runs it (a Redis lock, renewed after each window), and an indexer
 * that tells the transfers and reorganisations it writes to the live activity rooms.
 */
@Injectable()
export class TransferPasses {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
    private readonly repository: TransferIndexRepository,
    private readonly live: ActivityEventsRepository,
  ) {}

  /** Runs `pass` under the lock named by `lock`; null when another worker holds it. */
  run<T>(
    lock: readonly string[],
    pass: (indexer: PassIndexer, renew: () => Promise<void>) => Promise<T>,
  ): Promise<T | null> {
    const indexer: PassIndexer = (options) =>
      new TransferIndexer(this.repository, {
        ...options,
        onTransfers: (events) => this.live.transfers(events),
        onRollback: (reorg) => this.live.reorg(reorg),
      });
    return underPassLock(this.redis, this.connections.key(...lock, 'lock'), (renew) => pass(indexer, renew));
  }
}
