import { Module } from '@nestjs/common';
import { CollectionsModule } from '../collections/index.js';
import { RateLimitModule } from '../platform/security/index.js';
import { CollectionRarityController } from './collection-rarity.controller.js';
import { CollectionRarityService } from './collection-rarity.service.js';
import { CalculateRarityPipe } from './calculate-rarity.pipe.js';
import { RarityCacheRepository } from './rarity-cache.repository.js';
import { RarityCalculationService } from './rarity-calculation.service.js';
import { RarityResultCache } from './rarity-result.cache.js';
import { RarityController } from './rarity.controller.js';
import { RarityThread } from './rarity-thread.js';

/** The API side of rarity: POST /api/calculate-rarity, NFT explanations and trait summaries. */
@Module({
  imports: [CollectionsModule, RateLimitModule],
  controllers: [RarityController, CollectionRarityController],
  providers: [
    RarityCalculationService,
    CollectionRarityService,
    RarityResultCache,
    RarityCacheRepository,
    CalculateRarityPipe,
    RarityThread,
  ],
  exports: [RarityCacheRepository],
})
export class RarityModule {}
