import { Injectable, Logger } from '@nestjs/common';
import { ENABLED_NETWORKS, type CacheStats, type ClearCacheResponse } from '@nexus/contract';
import { AddressAnswersRepository } from '../addresses/index.js';
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
   * exactly what `clear()` empties, each cache counting its own keys. Null when Redis does not answer.
   */
  private async cachedEntries(): Promise<number | null> {
    try {
      const counts = await Promise.all(this.caches().map((cache) => cache.count()));
      return counts.reduce((sum, n) => sum + n, 0);
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
    const removed = await Promise.all(this.caches().map((cache) => cache.clear()));
    return { success: true, cleared: removed.reduce((sum, n) => sum + n, 0) };
  }

  /** The caches an administrator sees counted and clears. */
  private caches(): Array<{ count(): Promise<number>; clear(): Promise<number> }> {
    return [this.addresses, this.scans, this.whitelist, this.trending, this.rarity];
  }
}
