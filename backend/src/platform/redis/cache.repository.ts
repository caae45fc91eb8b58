import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RedisConnections, REDIS_CACHE } from './redis.module.js';
import { countMatching, deleteMatching } from './redis-json.js';
import { SoftCache } from './soft-cache.js';

/**
 * Entries of one kind in Redis on the cache connection, every key under `prefix`. Reads are meant
 * to go through `soft`: a Redis away or too slow is a miss, not an error.
 */
@Injectable()
export abstract class CacheRepository {
  protected abstract readonly prefix: readonly string[];

  constructor(
    @Inject(REDIS_CACHE) protected readonly redis: Redis,
    protected readonly connections: RedisConnections,
    protected readonly soft: SoftCache,
  ) {}

  protected key(...parts: string[]): string {
    return this.connections.key(...this.prefix, ...parts);
  }

  /** Empties every entry of this kind in this deployment; answers how many there were. */
  async clear(): Promise<number> {
    return deleteMatching(this.redis, this.key('*'));
  }

  /** How many entries of this kind there are: what `clear()` would remove. */
  count(): Promise<number> {
    return countMatching(this.redis, this.key('*'));
  }
}
