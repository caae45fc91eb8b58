import { BullModule, getQueueToken } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import type { JobPayloads, QueueName } from '@nexus/contract';
import type { Queue } from 'bull';
import { type AppConfig, APP_CONFIG } from '../config/index.js';
import { JOBS, QUEUE_NAMES } from './job.registry.js';
import { BULL_QUEUES, ScanQueueRepository, type BullQueues } from './scan-queue.repository.js';

/**
 * A worker that dies mid-job stops renewing its lock. The lock lapses `jobLockMs` after the last
 * renewal, and the next stalled-job check (every third of it) hands the job to another worker: at
 * most 4/3 of `jobLockMs` after the death (8 s by default). Renewing every quarter leaves a busy
 * worker three quarters of the lock of slack before it is taken for dead.
 */
export function lockSettings(jobLockMs: number, maxStalledCount: number) {
  return {
    lockDuration: jobLockMs,
    lockRenewTime: Math.floor(jobLockMs / 4),
    stalledInterval: Math.floor(jobLockMs / 3),
    maxStalledCount,
  };
}

/** Every queue of the registry, with its job options and lock settings. */
const queues = BullModule.registerQueueAsync(
  ...QUEUE_NAMES.map((name) => ({
    name,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => ({
      defaultJobOptions: JOBS[name].options,
      settings: lockSettings(config.jobLockMs, JOBS[name].lock.maxStalledCount),
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
