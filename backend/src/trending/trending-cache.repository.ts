import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CachedJson } from '../redis/cached-json.js';
import { REDIS, RedisConnections } from '../redis/redis.module.js';

/** SPEC §9: trending searches are cached 30 min, under the name trending_searches. */
export const TRENDING_CACHE_TTL_S = 30 * 60;

/** The Redis cache of GET /api/trending-searches, one entry per limit, kept as the JSON text sent. */
@Injectable()
export class TrendingCacheRepository {
  private readonly cache: CachedJson;

  constructor(@Inject(REDIS) redis: Redis, connections: RedisConnections) {
    this.cache = new CachedJson(redis, connections.key('cache', 'trending_searches'), TRENDING_CACHE_TTL_S);
  }

  get(limit: number): Promise<string | null> {
    return this.cache.get(String(limit));
  }

  set(limit: number, json: string): Promise<void> {
    return this.cache.set(json, String(limit));
  }

  /** Answers how many keys were removed. */
  clear(): Promise<number> {
    return this.cache.clear();
  }
}
