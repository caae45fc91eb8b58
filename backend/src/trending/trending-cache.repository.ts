import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CachedJson, REDIS_CACHE, RedisConnections, SoftCache } from '../platform/redis/index.js';

/**
 * Trending searches are cached under the name trending_searches (SPEC §9) for 30 s: the home page
 * polls them every 30 s for its 'Total Searches', which must follow new searches (with 30 min it
 * stayed at its first value). One count query per 30 s for every API process together.
 */
export const TRENDING_CACHE_TTL_S = 30;

/**
 * The Redis cache of GET /api/trending-searches, one entry per limit, kept as the JSON text sent.
 * Redis away or slow: a miss, and a write that does not happen (SoftCache).
 */
@Injectable()
export class TrendingCacheRepository {
  private readonly cache: CachedJson;

  constructor(
    @Inject(REDIS_CACHE) redis: Redis,
    connections: RedisConnections,
    private readonly soft: SoftCache,
  ) {
    this.cache = new CachedJson(redis, connections.key('cache', 'trending_searches'), TRENDING_CACHE_TTL_S);
  }

  get(limit: number): Promise<string | null> {
    return this.soft.read('trending searches', () => this.cache.get(String(limit)), null);
  }

  async set(limit: number, json: string): Promise<void> {
    await this.soft.write('trending searches', () => this.cache.set(json, String(limit)));
  }

  /** Answers how many keys were removed. */
  clear(): Promise<number> {
    return this.cache.clear();
  }

  /** How many keys `clear()` would remove. */
  count(): Promise<number> {
    return this.cache.count();
  }
}
