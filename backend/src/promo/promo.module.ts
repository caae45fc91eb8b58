import { Module } from '@nestjs/common';

import { AdminAccessModule } from '../admin-access/index.js';
import { PromoAssetRepository } from './promo-asset.repository.js';
import { PromoAssetsController } from './promo-assets.controller.js';
import { PromoAssetsService } from './promo-assets.service.js';
import { PromoBarRepository } from './promo-bar.repository.js';
import { PromoBarController } from './promo-bar.controller.js';
import { PromoBarService } from './promo-bar.service.js';

/** Promotional media: the assets played while a scan runs and the home page's promo bar. */
@Module({
  imports: [AdminAccessModule],
  controllers: [PromoAssetsController, PromoBarController],
  providers: [PromoAssetsService, PromoAssetRepository, PromoBarService, PromoBarRepository],
})
export class PromoModule {}
