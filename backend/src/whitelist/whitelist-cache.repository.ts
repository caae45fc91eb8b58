import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CachedJson, REDIS_CACHE, RedisConnections, SoftCache, untilReady } from '../platform/redis/index.js';

/** SPEC §9: whitelisted collections are cached 1 h, under the name whitelisted_collections. */
export const WHITELIST_CACHE_TTL_S = 60 * 60;

/**
 * The Redis cache of GET /api/whitelisted-collections, kept as the JSON text the API sends. Redis
 * away or slow: a miss, and a fill that does not happen (SoftCache).
 */
@Injectable()
export class WhitelistCacheRepository {
  private readonly cache: CachedJson;

  constructor(
    @Inject(REDIS_CACHE) private readonly redis: Redis,
    connections: RedisConnections,
    private readonly soft: SoftCache,
  ) {
    this.cache = new CachedJson(
      redis,
      connections.key('cache', 'whitelisted_collections'),
      WHITELIST_CACHE_TTL_S,
    );
  }

  get(): Promise<string | null> {
    return this.soft.read('the whitelist', () => this.cache.get(), null);
  }

  /**
   * A reader fills the cache only when it is empty: a reader that loaded the list before a change
   * and writes after it never replaces the list the change wrote.
   */
  async fill(json: string): Promise<void> {
    await this.soft.write('the whitelist', () => this.cache.fill(json));
  }

  /** After a change: the new list replaces the cached one at once. */
  async replace(json: string): Promise<void> {
    // At start (the seeder) the connection may still be opening: a change must not be lost to it.
    await untilReady(this.redis, 5000);
    await this.cache.set(json);
  }

  /** Answers how many keys were removed (0 or 1). */
  clear(): Promise<number> {
    return this.cache.clear();
  }

  /** How many keys `clear()` would remove. */
  count(): Promise<number> {
    return this.cache.count();
  }
}
