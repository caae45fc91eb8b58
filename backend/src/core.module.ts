import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { QueuesModule } from './queues/index.js';
import { RedisModule } from './redis/index.js';
import { TransferIndexStoreModule } from './transfer-index/index.js';

/**
 * What both entry points (API and workers) stand on: configuration, PostgreSQL, Redis, queues, and
 * the transfer index's tables (the chain reads them through its TRANSFER_INDEX port).
 */
@Module({})
export class CoreModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        QueuesModule,
        TransferIndexStoreModule,
      ],
      exports: [QueuesModule],
    };
  }
}
