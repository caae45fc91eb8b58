import { Module, type DynamicModule } from '@nestjs/common';
import { AppConfig } from './platform/config/index.js';
import { CoreModule } from './core.module.js';
import { AddressesModule } from './addresses/index.js';
import { ChainModule, METADATA_RESOLVER, type GatewayMetadataResolver } from './chain/index.js';
import { CollectionPagesModule } from './collections/index.js';
import { CommunityModule } from './community/index.js';
import { DiscoveryModule } from './discovery/index.js';
import { HealthModule } from './health/index.js';
import { MediaModule } from './media/index.js';
import { ScansModule } from './scans/index.js';
import { RarityModule } from './rarity/index.js';
import { AdminModule, SecurityModule } from './admin/index.js';
import { TrendingModule } from './trending/index.js';
import { WhitelistModule } from './whitelist/index.js';
import { UploadsModule } from './uploads/index.js';
import { PromoModule } from './promo/index.js';
import { DonationsModule } from './donations/index.js';
import { ExplorerModule } from './explorer/index.js';
import { ActivityModule } from './activity/index.js';

/** What the API serves: every domain's module, and media with the chain's metadata reader. */
const API_MODULES = [
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
  ActivityModule,
  MediaModule.forRootAsync({
    isGlobal: true,
    imports: [ChainModule],
    inject: [AppConfig, METADATA_RESOLVER],
    useFactory: (c: AppConfig, fetcher: GatewayMetadataResolver) => ({
      s3: c.s3,
      localDir: c.mediaDir,
      fetcher,
      imageCacheMaxBytes: c.mediaLimits.imageCacheMaxBytes,
    }),
  }),
];

/** The API: the core (configuration, PostgreSQL, Redis, queues) under the domains. */
@Module({})
export class AppModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return { module: AppModule, imports: [CoreModule.forRoot(config), ...API_MODULES] };
  }
}
