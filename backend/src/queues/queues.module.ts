import { BullModule, getQueueToken } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import type { JobPayloads, QueueName } from '@nexus/contract';
import type { Queue } from 'bull';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JOBS, QUEUE_NAMES } from './job.registry.js';
import { BULL_QUEUES, ScanQueueRepository, type BullQueues } from './scan-queue.repository.js';

/** Every queue of the registry, with its job options and lock settings. */
const queues = BullModule.registerQueueAsync(
  ...QUEUE_NAMES.map((name) => ({
    name,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => ({
      defaultJobOptions: JOBS[name].options,
      settings: {
        // A worker that dies mid-job stops renewing its lock; after this the job is handed to another.
        lockDuration: config.jobLockMs,
        lockRenewTime: Math.floor(config.jobLockMs / 2),
        stalledInterval: config.jobLockMs,
        maxStalledCount: JOBS[name].lock.maxStalledCount,
      },
    }),
  })),
);

/** Bull on Redis: the same queues for the API (producer) and the workers (consumers). */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ redis: config.redisUrl, prefix: `${config.redisPrefix}:bull` }),
    }),
    queues,
  ],
  providers: [
    {
      provide: BULL_QUEUES,
      inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
      useFactory: (...list: Array<Queue<JobPayloads[QueueName]>>): BullQueues =>
        Object.fromEntries(QUEUE_NAMES.map((name, i) => [name, list[i]!])) as BullQueues,
    },
    ScanQueueRepository,
  ],
  exports: [ScanQueueRepository],
})
export class QueuesModule {}
