import { QUEUE_OF_KIND, QueueName, type ScanKind } from '@nexus/contract';
import type { JobOptions } from 'bull';

/** What a queue is and how its jobs run: the one place a queue is declared (STYLE habit 1). */
export interface JobDefinition<Q extends QueueName = QueueName> {
  queue: Q;
  /** The scan kind its jobs carry (`ScanJobPayload.kind`); null for background work that is no scan. */
  kind: ScanKind | null;
  /** Given to every job added to the queue (ghostfolio's per-queue constants). */
  options: JobOptions &
    Required<
      Pick<JobOptions, 'attempts' | 'backoff' | 'removeOnComplete' | 'removeOnFail' | 'priority' | 'timeout'>
    >;
  /**
   * A job whose worker stops renewing its lock (JOB_LOCK_MS) is handed to another worker; after this
   * many hand-overs it fails instead of being tried again.
   */
  lock: { maxStalledCount: number };
}

/**
 * Failed scan jobs kept per queue (the latest): Bull drops a job that stalls out under
 * `removeOnFail: true` before telling the 'failed' event, which then has no job, so the scan's
 * rows and waiting visitors (`StalledScans`) would never hear of it. A new scan of the key removes
 * the failed one first (`ScanQueueRepository.enqueue`).
 */
const KEEP_FAILED_SCANS = 1000;

/**
 * How often a queue's failed job is tried again (Bull's exponential backoff waits
 * delay × (2^n − 1) after the nth failure).
 */
const RETRIES = {
  /** A scan (wallet or collection) waits 5, 15 and 35 s: 55 s in all, past a short database or RPC outage. */
  scan: { attempts: 4, backoff: { type: 'exponential', delay: 5000 } },
  rarity: { attempts: 2, backoff: { type: 'exponential', delay: 1000 } },
  /** A repeatable pass: a failed one is simply followed by the next. */
  none: { attempts: 1, backoff: { type: 'fixed', delay: 1000 } },
  /**
   * Tokens whose metadata host was unreachable during a scan are asked again later: first after
   * METADATA_RETRY_DELAY_MS, then with a doubling pause while the host stays down.
   */
  metadata: { attempts: 5, backoff: { type: 'exponential', delay: 5 * 60_000 } },
} as const satisfies Record<string, Pick<JobOptions, 'attempts' | 'backoff'>>;

const MINUTE = 60_000;

/**
 * One queue's definition: its jobs run at `priority` (1 first) for at most `timeoutMs`. Completed
 * jobs are removed; a failed scan is kept for StalledScans (KEEP_FAILED_SCANS), background work is
 * not. A stalled job is handed to another worker `maxStalledCount` times before it fails.
 */
function define<Q extends QueueName>(
  queue: Q,
  kind: ScanKind | null,
  retries: (typeof RETRIES)[keyof typeof RETRIES],
  priority: number,
  timeoutMs: number,
  maxStalledCount = 2,
): JobDefinition<Q> {
  return {
    queue,
    kind,
    options: {
      ...retries,
      backoff: { ...retries.backoff },
      removeOnComplete: true,
      removeOnFail: kind === null ? true : KEEP_FAILED_SCANS,
      priority,
      timeout: timeoutMs,
    },
    lock: { maxStalledCount },
  };
}

/**
 * Every queue, its scan kind and its job options (its handler: `jobs/job-handlers.ts`; workers
 * refuse to start unless each has one).
 */
export const JOBS: { readonly [Q in QueueName]: JobDefinition<Q> } = {
  [QueueName.WalletScan]: define(QueueName.WalletScan, 'wallet', RETRIES.scan, 1, 10 * MINUTE),
  [QueueName.CollectionScan]: define(QueueName.CollectionScan, 'collection', RETRIES.scan, 2, 15 * MINUTE),
  [QueueName.Rarity]: define(QueueName.Rarity, 'rarity', RETRIES.rarity, 3, 5 * MINUTE),
  [QueueName.TransferIndex]: define(QueueName.TransferIndex, null, RETRIES.none, 4, 10 * MINUTE, 1),
  [QueueName.MetadataRetry]: define(QueueName.MetadataRetry, null, RETRIES.metadata, 4, 10 * MINUTE),
};

/** The queue names, in registry order. */
export const QUEUE_NAMES = Object.keys(JOBS) as QueueName[];

/** The definition of the queue that runs a scan kind. */
export function jobOfKind(kind: ScanKind): JobDefinition {
  return JOBS[QUEUE_OF_KIND[kind]];
}

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
