import { BullModule, getQueueToken } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import type { JobPayloads, QueueName } from '@nexus/contract';
import type { Queue } from 'bull';
import { AppConfig } from '../config/index.js';
import { JOBS, lockSettings, QUEUE_NAMES } from './job.registry.js';
import type { QueueDriver, QueueDrivers } from './queue-driver.js';
import { QUEUE_DRIVERS, ScanQueueRepository } from './scan-queue.repository.js';

/** A Bull queue as the repository sees it (the compiler checks that Bull has what it asks). */
const driver = <T>(queue: Queue<T>): QueueDriver<T> => queue;

/** Every queue of the registry, with its job options and lock settings. */
const queues = BullModule.registerQueueAsync(
  ...QUEUE_NAMES.map((name) => ({
    name,
    inject: [AppConfig],
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
      inject: [AppConfig],
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
