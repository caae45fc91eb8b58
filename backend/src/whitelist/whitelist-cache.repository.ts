import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CachedJson } from '../redis/cached-json.js';
import { REDIS, RedisConnections } from '../redis/redis.module.js';

/** SPEC §9: whitelisted collections are cached 1 h, under the name whitelisted_collections. */
export const WHITELIST_CACHE_TTL_S = 60 * 60;

/** The Redis cache of GET /api/whitelisted-collections, kept as the JSON text the API sends. */
@Injectable()
export class WhitelistCacheRepository {
  private readonly cache: CachedJson;

  constructor(@Inject(REDIS) redis: Redis, connections: RedisConnections) {
    this.cache = new CachedJson(
      redis,
      connections.key('cache', 'whitelisted_collections'),
      WHITELIST_CACHE_TTL_S,
    );
  }

  get(): Promise<string | null> {
    return this.cache.get();
  }

  /**
   * A reader fills the cache only when it is empty: a reader that loaded the list before a change
   * and writes after it never replaces the list the change wrote.
   */
  fill(json: string): Promise<void> {
    return this.cache.fill(json);
  }

  /** After a change: the new list replaces the cached one at once. */
  replace(json: string): Promise<void> {
    return this.cache.set(json);
  }

  /** Answers how many keys were removed (0 or 1). */
  clear(): Promise<number> {
    return this.cache.clear();
  }
}
