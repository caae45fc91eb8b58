import type { JobPayloads, QueueName } from '@nexus/contract';
import type { JobCounts, JobId, JobInformation, JobOptions, JobStatus } from 'bull';

/**
 * What Nexus asks of a queued job: Bull's `Job` has all of it, and so has the in-memory driver's
 * (`memory-queue.ts`). Handlers, the scan runner and the repository see only this.
 */
export interface QueueJob<T> {
  readonly id: JobId;
  data: T;
  opts: JobOptions;
  /** Attempts that ended in a failure so far. */
  attemptsMade: number;
  getState(): Promise<JobStatus | 'stuck'>;
  remove(): Promise<void>;
  /** No further attempt, whatever `opts.attempts` says. */
  discard(): Promise<void> | void;
}

/**
 * What Nexus asks of a queue: the subset of Bull's `Queue` the repository uses, so that another
 * driver (the in-memory one of the unit tests) can stand in for it, and a new use of Bull shows
 * here first.
 */
export interface QueueDriver<T> {
  add(data: T, opts?: JobOptions): Promise<QueueJob<T>>;
  getJob(jobId: JobId): Promise<QueueJob<T> | null>;
  getJobCounts(): Promise<JobCounts>;
  on(event: 'completed', listener: (job: QueueJob<T>, result: unknown) => void): unknown;
  /** `job` is null when it was removed first: Bull does so for one that stalled out under `removeOnFail`. */
  on(event: 'failed', listener: (job: QueueJob<T> | null, error: Error) => void): unknown;
  on(event: 'stalled', listener: (job: QueueJob<T>) => void): unknown;
  /** Runs `handler` for the queue's jobs, `concurrency` at a time; settles when the queue closes. */
  process(concurrency: number, handler: (job: QueueJob<T>) => Promise<unknown>): Promise<void>;
  pause(isLocal?: boolean, doNotWaitActive?: boolean): Promise<void>;
  /**
   * Bull's fetch-and-run loop of each concurrency slot, pending while it fetches or runs a job (not
   * in its type declarations); absent where a job goes from the queue to its handler at once.
   */
  readonly processing?: Readonly<Record<string, Promise<unknown>>>;
  close(doNotWaitJobs?: boolean): Promise<void>;
  /** The processes consuming the queue (Bull: the Redis clients its workers named for it). */
  getWorkers(): Promise<Array<{ [field: string]: string }>>;
  getRepeatableJobs(): Promise<JobInformation[]>;
  removeRepeatableByKey(key: string): Promise<void>;
}

/** Every queue of the registry, by name. */
export type QueueDrivers = { [Q in QueueName]: QueueDriver<JobPayloads[Q]> };
