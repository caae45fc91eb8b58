import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { AppConfig } from '../config/app-config.js';
import { CoreModule } from '../core.module.js';
import { CollectionScanProcessor } from './collection-scan.processor.js';
import { JobConsumer } from './job-consumer.service.js';
import { JobsModule } from './jobs.module.js';
import { MetadataRetryProcessor } from './metadata-retry.processor.js';
import { RarityProcessor } from './rarity.processor.js';
import { TransferIndexProcessor } from './transfer-index.processor.js';
import { StalledScans } from './stalled-scans.service.js';
import { WalletScanProcessor } from './wallet-scan.processor.js';
import { WorkerDrain } from './worker-drain.service.js';
import { WorkerHeartbeat } from './worker-heartbeat.js';

/** Every queue's processor: thin translations of a Bull job into a call of the job side. */
export const PROCESSORS = [
  CollectionScanProcessor,
  WalletScanProcessor,
  RarityProcessor,
  TransferIndexProcessor,
  MetadataRetryProcessor,
];

/**
 * The worker process: configuration, PostgreSQL, Redis and queues, the job side and a processor per
 * queue, started by the consumer (which refuses a queue with no processor or two); no HTTP.
 */
@Module({})
export class WorkerModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forRoot(config), DiscoveryModule, JobsModule],
      providers: [...PROCESSORS, JobConsumer, WorkerDrain, WorkerHeartbeat, StalledScans],
    };
  }
}
