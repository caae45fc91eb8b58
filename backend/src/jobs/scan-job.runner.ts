import type { Logger } from '@nestjs/common';
import type { ScanJobPayload } from '@nexus/contract';
import type { QueueJob } from '../platform/queues/index.js';
import { visitorScanError } from '../platform/common/index.js';
import { redactSecrets } from '../platform/logging/index.js';
import { PermanentScanError, type ScanExecution, type ScanOutcomeSummary } from './scan-execution.service.js';

/**
 * Runs a scan job and decides what a failure means: a permanent one is reported at once and not
 * retried; a transient one is retried by Bull, and reported only after the last attempt. Visitors
 * are told a fixed message (an RPC error's text names the node's URL, perhaps with its key); the
 * details, redacted, go to the log.
 */
export async function runScanJob(
  job: Pick<QueueJob<ScanJobPayload>, 'data' | 'attemptsMade' | 'opts' | 'discard'>,
  execution: ScanExecution,
  run: (payload: ScanJobPayload, attempt: number) => Promise<ScanOutcomeSummary>,
  logger: Pick<Logger, 'warn' | 'error'>,
): Promise<ScanOutcomeSummary> {
  try {
    return await run(job.data, job.attemptsMade + 1);
  } catch (error) {
    const detail = redactSecrets(error instanceof Error ? error.message : String(error));
    const attempt = job.attemptsMade + 1;
    const lastAttempt = attempt >= (job.opts.attempts ?? 1);
    if (error instanceof PermanentScanError) {
      await job.discard();
      await execution.fail(job.data, error.message);
    } else if (lastAttempt) {
      logger.error(`${job.data.key}: attempt ${attempt} failed, giving up: ${detail}`);
      await execution.fail(job.data, visitorScanError(detail));
    } else {
      logger.warn(`${job.data.key}: attempt ${attempt} failed, retrying: ${detail}`);
    }
    throw error;
  }
}
