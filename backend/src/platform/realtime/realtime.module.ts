import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/index.js';
import { ActivityEventsRepository } from './activity-events.repository.js';
import { ScanProgressRepository } from './scan-progress.repository.js';

/** Live scan state in Redis and the socket events that carry it and the index's (API and workers alike). */
@Module({
  imports: [ConnectionsModule],
  providers: [ScanProgressRepository, ActivityEventsRepository],
  exports: [ScanProgressRepository, ActivityEventsRepository],
})
export class RealtimeModule {}
