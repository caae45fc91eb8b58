import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ScanJobPayload } from '@nexus/contract';
import type { QueueJob } from '../platform/queues/index.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { ScanExecution } from './scan-execution.service.js';
import { ScanRunRepository } from './scan-run.repository.js';

/** Told to a visitor whose scan killed every worker that took it (its memory, most likely). */
export const SCAN_KEPT_STOPPING_MESSAGE =
  'Scan failed: the scan stopped unexpectedly. Please try again later.';

/**
 * A job whose workers kept dying under it (stalled more than its registry's `maxStalledCount`) is
 * failed by Bull without any attempt running to its end: its rows are closed as abandoned and the
 * waiting visitors are told, instead of a row left `running` and a request left waiting.
 */
@Injectable()
export class StalledScans implements OnApplicationBootstrap {
  private readonly logger = new Logger(StalledScans.name);

  constructor(
    private readonly queues: ScanQueueRepository,
    private readonly runs: ScanRunRepository,
    private readonly execution: ScanExecution,
  ) {}

  onApplicationBootstrap(): void {
    this.queues.onStalledOut((job) => this.close(job));
  }

  async close(job: Pick<QueueJob<ScanJobPayload>, 'data'>): Promise<void> {
    const workers = await this.runs.abandonRunning(job.data.key);
    this.logger.error(
      `scan ${job.data.key} stalled too often (last on ${workers.join(', ') || 'an unknown worker'}); given up`,
    );
    await this.execution.fail(job.data, SCAN_KEPT_STOPPING_MESSAGE);
  }
}
