import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './platform/config/app-config.js';
import { CoreModule } from './core.module.js';
import { AddressesModule } from './addresses/addresses.module.js';
import { ChainModule } from './chain/chain.module.js';
import { CollectionPagesModule } from './collections/index.js';
import { CommunityModule } from './community/community.module.js';
import { METADATA_RESOLVER } from './chain/chain.tokens.js';
import type { GatewayMetadataResolver } from './chain/metadata/index.js';
import { APP_CONFIG } from './platform/config/config.module.js';
import { DiscoveryModule } from './discovery/discovery.module.js';
import { HealthModule } from './health/health.module.js';
import { MediaModule } from './media/media.module.js';
import { ScansModule } from './scans/index.js';
import { RarityModule } from './rarity/index.js';
import { AdminModule } from './admin/admin.module.js';
import { TrendingModule } from './trending/trending.module.js';
import { WhitelistModule } from './whitelist/whitelist.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { PromoModule } from './promo/promo.module.js';
import { SecurityModule } from './admin/security.module.js';
import { DonationsModule } from './donations/donations.module.js';
import { ExplorerModule } from './explorer/index.js';

/** The API. */
@Module({})
export class AppModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        ScansModule,
        CollectionPagesModule,
        RarityModule,
        AddressesModule,
        DiscoveryModule,
        HealthModule,
        WhitelistModule,
        CommunityModule,
        TrendingModule,
        AdminModule,
        UploadsModule,
        PromoModule,
        SecurityModule,
        DonationsModule,
        ExplorerModule,
        MediaModule.forRootAsync({
          isGlobal: true,
          imports: [ChainModule],
          inject: [APP_CONFIG, METADATA_RESOLVER],
          useFactory: (c: AppConfig, fetcher: GatewayMetadataResolver) => ({
            s3: c.s3,
            localDir: c.mediaDir,
            fetcher,
            imageCacheMaxBytes: c.mediaLimits.imageCacheMaxBytes,
          }),
        }),
      ],
    };
  }
}
