import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../platform/config/index.js';
import { CoreModule } from '../core.module.js';
import { JobConsumer, JOB_HANDLER_TABLE } from './job-consumer.service.js';
import { JOB_HANDLERS } from './job-handlers.js';
import { JobsModule } from './jobs.module.js';
import { StalledScans } from './stalled-scans.service.js';
import { WorkerHeartbeat } from './worker-heartbeat.js';

/**
 * The worker process: configuration, PostgreSQL, Redis and queues, the job side, and the consumer
 * that runs each queue's jobs with its handler from the job table (refusing to start when one is
 * missing or lacks a provider); no HTTP.
 */
@Module({})
export class WorkerModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forRoot(config), JobsModule],
      providers: [
        { provide: JOB_HANDLER_TABLE, useValue: JOB_HANDLERS },
        JobConsumer,
        WorkerHeartbeat,
        StalledScans,
      ],
    };
  }
}
