import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { QueueJob } from '../platform/queues/index.js';
import { AppConfig } from '../platform/config/index.js';
import { QUEUE_NAMES, ScanQueueRepository } from '../platform/queues/index.js';
import type { JobContext, JobHandlers } from './job-handlers.js';
import { wireHandlers } from './job-wiring.js';
import { ScanExecution } from './scan-execution.service.js';

/** The job table the worker consumes (JOB_HANDLERS; a test gives its own). */
export const JOB_HANDLER_TABLE = Symbol('JOB_HANDLER_TABLE');

/**
 * Starts the worker's consumers once every provider exists: each queue of the registry gets its
 * handler from the job table, at WORKER_CONCURRENCY jobs at a time (from the validated
 * configuration); a handler's service or needs missing from the worker stop it at start.
 *
 * Its graceful stop (SIGTERM) is the same consumers' end: it takes no new job, lets the running
 * jobs finish within SHUTDOWN_GRACE_MS, and hands back those still running, so that another worker
 * starts them at once. That runs before the database, Redis and queue connections close.
 */
@Injectable()
export class JobConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobConsumer.name);

  constructor(
    private readonly modules: ModuleRef,
    private readonly queues: ScanQueueRepository,
    private readonly execution: ScanExecution,
    private readonly config: AppConfig,
    @Inject(JOB_HANDLER_TABLE) private readonly handlers: JobHandlers,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const wired = wireHandlers(QUEUE_NAMES, this.handlers, (type) => this.provided(type));
    for (const [queue, { handler, service }] of wired) {
      const context: JobContext = {
        get: <T>(type: Type<T>) => this.modules.get(type, { strict: false }),
        config: this.config,
        logger: new Logger(`${queue} job`),
      };
      this.queues.consume(
        queue,
        this.config.workerConcurrency,
        (job) => this.logged(queue, job, () => handler.run(service, job, context)),
        handler.completed && ((job) => handler.completed!(service, job, context)),
      );
      if (handler.start) await handler.start(service, context);
    }
    this.logger.log(`consuming ${[...wired.keys()].join(', ')} (${this.config.workerConcurrency} at a time)`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const graceMs = this.config.shutdownGraceMs;
    this.logger.log(`stopping: no new jobs; running jobs have ${graceMs} ms to finish`);
    if (await this.queues.stopConsuming(graceMs)) {
      this.logger.log('stopping: no job left running');
      return;
    }
    await this.execution
      .handBack()
      .catch((error: unknown) =>
        this.logger.warn(`run log not updated: ${error instanceof Error ? error.message : String(error)}`),
      );
    const keys = await this.queues.handBack();
    this.logger.warn(`stopping: handed ${keys.length} running job(s) back to the queue: ${keys.join(', ')}`);
  }

  /** The worker's instance of a provider class, or null when no module of the worker provides it. */
  private provided(type: Type<unknown>): unknown {
    try {
      return this.modules.get(type, { strict: false }) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * One line when a job starts and one when it ends, with its outcome and duration. A repeated job
   * (the transfer index's pass every INDEX_INTERVAL_MS) says so at debug level, or its six lines a
   * pass (three networks) would be most of the log; its failures are warnings as any job's.
   */
  private async logged<T>(queue: string, job: QueueJob<object>, work: () => Promise<T>): Promise<T> {
    const key = 'key' in job.data && typeof job.data.key === 'string' ? job.data.key : undefined;
    const fields = { queue, jobId: String(job.id), key, attempt: job.attemptsMade + 1 };
    const started = Date.now();
    const routine = job.opts?.repeat !== undefined;
    const log = (message: object, text: string): void =>
      routine ? this.logger.debug(message, text) : this.logger.log(message, text);
    log({ ...fields, event: 'job started' }, `${queue} job ${fields.jobId} started`);
    try {
      const result = await work();
      log(
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
