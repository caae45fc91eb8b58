import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bull';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { QUEUE_NAMES, ScanQueueRepository } from '../queues/index.js';
import { processedQueue, type JobProcessor } from './job-processor.js';
import { wireProcessors } from './job-wiring.js';

/**
 * Starts the worker's consumers once every provider exists: each queue of the registry gets its one
 * processor, at WORKER_CONCURRENCY jobs at a time (from the validated configuration).
 */
@Injectable()
export class JobConsumer implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobConsumer.name);

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly queues: ScanQueueRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const found = this.discovery.getProviders().flatMap((wrapper) => {
      const queue = processedQueue(wrapper.metatype);
      if (!queue || !wrapper.instance) return [];
      return [{ queue, name: wrapper.name, processor: wrapper.instance as JobProcessor }];
    });
    const wired = wireProcessors(QUEUE_NAMES, found);
    for (const [queue, { processor }] of wired) {
      this.queues.consume(
        queue,
        this.config.workerConcurrency,
        (job) => this.logged(queue, job, () => processor.process(job)),
        processor.completed && ((job) => processor.completed!(job)),
      );
    }
    this.logger.log(`consuming ${[...wired.keys()].join(', ')} (${this.config.workerConcurrency} at a time)`);
  }

  /** One line when a job starts and one when it ends, with its outcome and duration. */
  private async logged<T>(queue: string, job: Job<object>, work: () => Promise<T>): Promise<T> {
    const key = 'key' in job.data && typeof job.data.key === 'string' ? job.data.key : undefined;
    const fields = { queue, jobId: String(job.id), key, attempt: job.attemptsMade + 1 };
    const started = Date.now();
    this.logger.log({ ...fields, event: 'job started' }, `${queue} job ${fields.jobId} started`);
    try {
      const result = await work();
      this.logger.log(
        { ...fields, event: 'job completed', ms: Date.now() - started },
        `${queue} job ${fields.jobId} completed in ${Date.now() - started} ms`,
      );
      return result;
    } catch (error) {
      this.logger.warn(
        {
          ...fields,
          event: 'job failed',
          ms: Date.now() - started,
          error: error instanceof Error ? error.message : String(error),
        },
        `${queue} job ${fields.jobId} failed after ${Date.now() - started} ms`,
      );
      throw error;
    }
  }
}
