import type { Logger } from '@nestjs/common';
import type { ScanJobPayload } from '@nexus/contract';
import type { Job } from 'bull';
import { PermanentScanError, type ScanExecution, type ScanOutcomeSummary } from './scan-execution.service.js';

/**
 * Runs a scan job and decides what a failure means: a permanent one is reported at once and not
 * retried; a transient one is retried by Bull, and reported only after the last attempt.
 */
export async function runScanJob(
  job: Pick<Job<ScanJobPayload>, 'data' | 'attemptsMade' | 'opts' | 'discard'>,
  execution: ScanExecution,
  run: (payload: ScanJobPayload, attempt: number) => Promise<ScanOutcomeSummary>,
  logger: Pick<Logger, 'warn'>,
): Promise<ScanOutcomeSummary> {
  try {
    return await run(job.data, job.attemptsMade + 1);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (error instanceof PermanentScanError) {
      await job.discard();
      await execution.fail(job.data, message);
    } else if (lastAttempt) {
      await execution.fail(job.data, message);
    } else {
      logger.warn(`${job.data.key}: attempt ${job.attemptsMade + 1} failed, retrying: ${message}`);
    }
    throw error;
  }
}
