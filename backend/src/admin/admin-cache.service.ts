import { Inject, Injectable, Logger } from '@nestjs/common';
import { ENABLED_NETWORKS, type CacheStats, type ClearCacheResponse } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { AddressAnswersRepository } from '../addresses/index.js';
import { REDIS, RedisConnections } from '../platform/redis/index.js';
import { RarityCacheRepository } from '../rarity/index.js';
import { ScanCacheRepository } from '../scans/index.js';
import { TransferIndexService } from '../transfer-index/index.js';
import { TrendingCacheRepository } from '../trending/index.js';
import { WhitelistCacheRepository } from '../whitelist/index.js';
import { ApiUsageRecorder, utcDay } from './api-usage.recorder.js';
import { ApiUsageRepository } from './api-usage.repository.js';
import { CacheStatsRepository } from './cache-stats.repository.js';

/** GET /api/admin/cache-stats and POST /api/admin/clear-cache. */
@Injectable()
export class AdminCacheService {
  private readonly logger = new Logger(AdminCacheService.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
    private readonly stored: CacheStatsRepository,
    private readonly usage: ApiUsageRepository,
    private readonly recorder: ApiUsageRecorder,
    private readonly scans: ScanCacheRepository,
    private readonly whitelist: WhitelistCacheRepository,
    private readonly trending: TrendingCacheRepository,
    private readonly rarity: RarityCacheRepository,
    private readonly transferIndex: TransferIndexService,
    private readonly addresses: AddressAnswersRepository,
  ) {}

  async stats(now = Date.now()): Promise<CacheStats> {
    await this.recorder.flush();
    const [cachedEntries, counts, usage, transferIndex] = await Promise.all([
      this.cachedEntries(),
      this.stored.counts(),
      this.usage.read(ENABLED_NETWORKS, utcDay(now)),
      this.transferIndex.stats(),
    ]);
    return {
      cachedEntries,
      collectionsCount: counts.collections,
      nftsCount: counts.nfts,
      metadataCount: counts.metadata,
      rankingsCount: counts.rankings,
      apiRequestsCount: usage.requests,
      networkStats: ENABLED_NETWORKS.map((network) => {
        const last = usage.lastCall[network];
        return {
          network,
          apiCallsToday: usage.callsToday[network],
          totalCollections: counts.perNetwork[network]?.collections ?? 0,
          totalNfts: counts.perNetwork[network]?.nfts ?? 0,
          totalSearches: counts.perNetwork[network]?.searches ?? 0,
          lastApiCall: last === null ? null : new Date(last).toISOString(),
        };
      }),
      transferIndex,
    };
  }

  /**
   * Entries of the scan, whitelist, trending and rarity caches and the address answers in Redis:
   * exactly what `clear()` empties. Null when Redis does not answer.
   */
  private async cachedEntries(): Promise<number | null> {
    const patterns = [
      ...['scan:*', 'rarity:*', 'whitelisted_collections*', 'trending_searches*'].map((name) =>
        this.connections.key('cache', name),
      ),
      this.connections.key('address', '*'),
    ];
    try {
      let count = 0;
      for (const pattern of patterns) {
        let cursor = '0';
        do {
          const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
          cursor = next;
          count += keys.length;
        } while (cursor !== '0');
      }
      return count;
    } catch (error) {
      this.logger.warn(`Cached entries not counted: ${String(error)}`);
      return null;
    }
  }

  /**
   * Empties the Redis caches (scan results, whitelist, trending, rankings, what the chain said about
   * addresses); PostgreSQL keeps every row.
   */
  async clear(): Promise<ClearCacheResponse> {
    const removed = await Promise.all([
      this.addresses.clear(),
      this.scans.clear(),
      this.whitelist.clear(),
      this.trending.clear(),
      this.rarity.clear(),
    ]);
    return { success: true, cleared: removed.reduce((sum, n) => sum + n, 0) };
  }
}
