import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { deleteMatching } from '../redis/redis-json.js';
import { REDIS, RedisConnections } from '../redis/redis.module.js';

/**
 * The scans each client address started and that may still be queued or running: a sorted set per
 * address of scan keys, scored by the time each is given up at the latest. A count drops the keys
 * past that time and those whose job has ended (asked of the queue), so a worker that dies, a
 * lost event or a restarted API can never leave a client's count stuck.
 */
@Injectable()
export class QueuedScansRepository {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
  ) {}

  private key(client: string): string {
    return this.connections.key('admission', client);
  }

  /** Scans of `client` still queued or running (`stillQueued` asks the queue about each). */
  async count(
    client: string,
    stillQueued: (scanKey: string) => Promise<boolean>,
    now = Date.now(),
  ): Promise<number> {
    const key = this.key(client);
    const [, members] = (await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', String(now))
      .zrange(key, '0', '-1')
      .exec())!;
    const keys = (members?.[1] as string[] | undefined) ?? [];
    const ended: string[] = [];
    for (const scanKey of keys) if (!(await stillQueued(scanKey))) ended.push(scanKey);
    if (ended.length > 0) await this.redis.zrem(key, ...ended);
    return keys.length - ended.length;
  }

  /** Counts a scan `client` started, until it ends or `ttlMs` has passed. */
  async add(client: string, scanKey: string, ttlMs: number, now = Date.now()): Promise<void> {
    const key = this.key(client);
    await this.redis
      .multi()
      .zadd(key, now + ttlMs, scanKey)
      .pexpire(key, ttlMs)
      .exec();
  }

  /** Every client with scans counted (for the dashboard). */
  async clients(): Promise<string[]> {
    const prefix = this.key('');
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      found.push(...keys.map((key) => key.slice(prefix.length)));
    } while (cursor !== '0');
    return found;
  }

  /** Forgets every count (tests). */
  async clear(): Promise<number> {
    return deleteMatching(this.redis, this.key('*'));
  }
}
