import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/index.js';
import { RarityModule } from '../rarity/index.js';
import { ScanStateModule } from '../scans/index.js';
import { TransferIndexModule } from '../transfer-index/index.js';
import { TrendingModule } from '../trending/index.js';
import { WhitelistModule } from '../whitelist/index.js';
import { AdminAccessModule } from '../admin-access/index.js';
import { AdminCacheService } from './admin-cache.service.js';
import { AdminController } from './admin.controller.js';
import { ApiUsageRecorder } from './api-usage.recorder.js';
import { ApiUsageRepository } from './api-usage.repository.js';
import { CacheStatsRepository } from './cache-stats.repository.js';

/**
 * Admin tools: cache statistics and clearing, and the API request counters behind them (counted by
 * `apiUsageMiddleware`, mounted in bootstrap).
 */
@Module({
  imports: [
    AddressesModule,
    AdminAccessModule,
    ScanStateModule,
    WhitelistModule,
    TrendingModule,
    RarityModule,
    TransferIndexModule,
  ],
  controllers: [AdminController],
  providers: [AdminCacheService, CacheStatsRepository, ApiUsageRepository, ApiUsageRecorder],
})
export class AdminModule {}
