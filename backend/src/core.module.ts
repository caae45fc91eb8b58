import { Module, type DynamicModule } from '@nestjs/common';
import { type AppConfig, ConfigModule } from './platform/config/index.js';
import { DatabaseModule } from './platform/database/index.js';
import { QueuesModule } from './platform/queues/index.js';
import { RedisModule } from './platform/redis/index.js';
import { TransferIndexStoreModule } from './transfer-index/index.js';
import { ENTITIES } from './entities.js';

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
        DatabaseModule.forRoot(ENTITIES),
        RedisModule,
        QueuesModule,
        TransferIndexStoreModule,
      ],
      exports: [QueuesModule],
    };
  }
}
