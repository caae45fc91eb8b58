import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../platform/config/index.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { ScanExecution } from './scan-execution.service.js';

/**
 * A worker's graceful stop (SIGTERM): it takes no new job, lets its running jobs finish within
 * SHUTDOWN_GRACE_MS, and hands back those still running, so that another worker starts them at
 * once. It runs before the database, Redis and queue connections close.
 */
@Injectable()
export class WorkerDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerDrain.name);

  constructor(
    private readonly queues: ScanQueueRepository,
    private readonly execution: ScanExecution,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
}
