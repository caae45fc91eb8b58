import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/index.js';
import { ScanProgressRepository } from './scan-progress.repository.js';

/** Live scan state in Redis and the socket events that carry it (API and workers alike). */
@Module({
  imports: [ConnectionsModule],
  providers: [ScanProgressRepository],
  exports: [ScanProgressRepository],
})
export class RealtimeModule {}
