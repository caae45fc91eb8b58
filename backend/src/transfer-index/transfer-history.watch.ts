import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { HistoryProgress, Network } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { AppConfig } from '../platform/config/index.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { REDIS, RedisConnections } from '../platform/redis/index.js';
import { readCursor, type IndexCursor } from './transfer-index.rows.js';

/** Collections whose histories are followed at the head per network: the most recently viewed. */
export const HISTORY_WATCHED_MAX = 100;
/** A collection nobody has looked at for this long is no longer followed at the head. */
export const HISTORY_WATCH_MS = 10 * 60_000;

/** A history's progress as the routes and the live event tell it. */
export function historyProgress(
  network: Network,
  contract: string,
  cursor: IndexCursor | null,
): HistoryProgress {
  if (!cursor) {
    return {
      network,
      contract,
      state: 'queued',
      fromBlock: null,
      indexedTo: null,
      toBlock: null,
      percent: 0,
    };
  }
  const target = cursor.head - BigInt(cursor.confirmations);
  const toBlock = target > cursor.indexedTo ? target : cursor.indexedTo;
  const span = toBlock - cursor.fromBlock + 1n;
  const read = cursor.indexedTo - cursor.fromBlock + 1n;
  const percent =
    cursor.caughtUpAt !== null
      ? 100
      : span <= 0n
        ? 0
        : Math.min(99, Math.floor(Number((read * 100n) / span)));
  return {
    network,
    contract,
    state: cursor.caughtUpAt !== null ? 'complete' : cursor.head > 0n ? 'reading' : 'queued',
    fromBlock: Number(cursor.fromBlock),
    indexedTo: cursor.indexedTo >= cursor.fromBlock ? Number(cursor.indexedTo) : null,
    toBlock: cursor.head > 0n ? Number(toBlock) : null,
    percent: Math.max(0, percent),
  };
}

/**
 * Which collections' histories are wanted (issue 24 §5): a collection scanned or looked at on a
 * network whose index is off gets its transfers read from its node, then followed at the head
 * while visitors look at it. A sorted set per network, scored by the last look, keeps the
 * HISTORY_WATCHED_MAX most recent (the oldest dropped first).
 */
@Injectable()
export class TransferHistoryWatch {
  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
    private readonly queues: ScanQueueRepository,
    private readonly em: EntityManager,
  ) {}

  /** Whether the network's collections get their history on demand. */
  enabled(network: Network): boolean {
    return this.config.transferHistory[network] !== undefined;
  }

  private key(network: Network): string {
    return this.connections.key('transfer-history', network, 'watched');
  }

  /**
   * A visitor looks at the collection (a scan, a feed, a live room): it is followed from now on,
   * and a pass is queued unless one waits or runs. A Redis or queue outage only skips the follow.
   */
  async look(network: Network, contract: string): Promise<void> {
    if (!this.enabled(network)) return;
    const key = this.key(network);
    await this.redis
      .multi()
      .zadd(key, Date.now(), contract)
      .zremrangebyrank(key, 0, -(HISTORY_WATCHED_MAX + 1))
      .pexpire(key, HISTORY_WATCH_MS * 2)
      .exec();
    await this.queues.enqueueHistory(network, contract);
  }

  /** Whether a visitor looked at the collection lately (and it is among the most recent). */
  async watched(network: Network, contract: string): Promise<boolean> {
    const score = await this.redis.zscore(this.key(network), contract);
    return score !== null && Date.now() - Number(score) < HISTORY_WATCH_MS;
  }

  /**
   * A visitor reads the collection's owners or activity: where its network's history is read on
   * demand, where it stands, and (for a history a scan began: never an arbitrary address) it is
   * followed at the head from now on. Null where histories are off for the network, or for a
   * collection no scan has asked the history of.
   */
  async viewed(network: Network, contract: string): Promise<HistoryProgress | null> {
    if (!this.enabled(network)) return null;
    const cursor = await readCursor(this.em.fork(), { network, contract });
    if (cursor) await this.look(network, contract).catch(() => undefined);
    else if (!(await this.watched(network, contract).catch(() => false))) return null;
    return historyProgress(network, contract, cursor);
  }
}
