import { Inject, Injectable } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { RPC_SOURCE, type RpcNftSource, type TransferLogFeed } from '../chain/index.js';
import { ActivityEventsRepository } from '../platform/realtime/index.js';
import { REDIS, RedisConnections } from '../platform/redis/index.js';
import { underPassLock } from './pass-lock.js';
import { TransferIndexRepository } from './transfer-index.repository.js';
import { TransferIndexer, type TransferIndexerOptions } from './transfer-indexer.js';

/** An indexer into the index's tables, with a pass's own budget and step after each window. */
export type PassIndexer = (options: Pick<TransferIndexerOptions, 'budgetMs' | 'onWindow'>) => TransferIndexer;

/**
 * What every pass of the index shares (a network's, or one collection's history): one pass at a
 * time per lock whichever worker runs it (a Redis lock, renewed after each window), the network's
 * transfer logs through the same JSON-RPC client as the scans (its log span and rate), and an
 * indexer that tells the transfers and reorganisations it writes to the live activity rooms.
 */
@Injectable()
export class TransferPasses {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
    private readonly repository: TransferIndexRepository,
    private readonly live: ActivityEventsRepository,
    @Inject(RPC_SOURCE) private readonly source: RpcNftSource,
  ) {}

  /** Runs `pass` over `network`'s transfers under the lock named by `lock`; null when another worker holds it. */
  run<T>(
    network: Network,
    lock: readonly string[],
    pass: (indexer: PassIndexer, feed: TransferLogFeed, renew: () => Promise<void>) => Promise<T>,
  ): Promise<T | null> {
    const indexer: PassIndexer = (options) =>
      new TransferIndexer(this.repository, {
        ...options,
        onTransfers: (events) => this.live.transfers(events),
        onRollback: (reorg) => this.live.reorg(reorg),
      });
    return underPassLock(this.redis, this.connections.key(...lock, 'lock'), (renew) =>
      pass(indexer, this.source.transferFeed(network), renew),
    );
  }
}
