import { Module } from '@nestjs/common';
import { QueuesModule } from '../platform/queues/index.js';
import { RealtimeModule } from '../platform/realtime/index.js';
import { ScanCacheRepository } from './scan-cache.repository.js';

/** Scan state shared by API and workers: queues, live progress, cached answers. */
@Module({
  imports: [QueuesModule, RealtimeModule],
  providers: [ScanCacheRepository],
  exports: [ScanCacheRepository, QueuesModule, RealtimeModule],
})
export class ScanStateModule {}
