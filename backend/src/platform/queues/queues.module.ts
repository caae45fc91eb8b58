import { BullModule, getQueueToken } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import type { JobPayloads, QueueName } from '@nexus/contract';
import type { Queue } from 'bull';
import { type AppConfig, APP_CONFIG } from '../config/index.js';
import { JOBS, QUEUE_NAMES } from './job.registry.js';
import type { QueueDriver } from './queue-driver.js';
import { QUEUE_DRIVERS, ScanQueueRepository, type QueueDrivers } from './scan-queue.repository.js';

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

/** A Bull queue as the repository sees it (the compiler checks that Bull has what it asks). */
const driver = <T>(queue: Queue<T>): QueueDriver<T> => queue;

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
      provide: QUEUE_DRIVERS,
      inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
      useFactory: (...list: Array<Queue<JobPayloads[QueueName]>>): QueueDrivers =>
        Object.fromEntries(QUEUE_NAMES.map((name, i) => [name, driver(list[i]!)])) as QueueDrivers,
    },
    ScanQueueRepository,
  ],
  exports: [ScanQueueRepository],
})
export class QueuesModule {}
