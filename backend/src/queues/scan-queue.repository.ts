import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueueName, type JobPayloads, type ScanJobPayload } from '@nexus/contract';
import type { Job, Queue } from 'bull';
import { jobOfKind } from './job.registry.js';

/** Injection token of the Bull queues of the registry, by name. */
export const BULL_QUEUES = Symbol('BULL_QUEUES');
export type BullQueues = { [Q in QueueName]: Queue<JobPayloads[Q]> };

const RUNNING_STATES = new Set(['waiting', 'active', 'delayed', 'paused']);

/** Bull's reason for a job that stalled more than its `maxStalledCount`. */
const STALLED_OUT = /stalled more than allowable limit/;

/** The queues a visitor's POST /api/nfts fills (rarity jobs follow collection scans). */
const SCAN_QUEUES = [QueueName.WalletScan, QueueName.CollectionScan] as const;

export interface EnqueueResult {
  jobId: string;
  /** True when a job for the key was already running or waiting: the caller joins it. */
  joined: boolean;
}

/** The only place that talks to the Bull queues: producers enqueue, workers consume. */
@Injectable()
export class ScanQueueRepository {
  private readonly logger = new Logger(ScanQueueRepository.name);

  constructor(@Inject(BULL_QUEUES) private readonly queues: BullQueues) {}

  all(): Array<[QueueName, Queue<ScanJobPayload>]> {
    return Object.entries(this.queues) as Array<[QueueName, Queue<ScanJobPayload>]>;
  }

  /**
   * One job per key: the key is the job id, so concurrent adds collapse into one job in Redis.
   * A finished job left under the key is removed first so a new scan can start. The queue's job
   * options (attempts, backoff, clean-up, priority) come from the registry.
   */
  async enqueue(payload: ScanJobPayload): Promise<EnqueueResult> {
    const queue = this.queues[jobOfKind(payload.kind).queue];
    const existing = await queue.getJob(payload.key);
    if (existing) {
      const state = await existing.getState();
      if (RUNNING_STATES.has(state)) return { jobId: String(existing.id), joined: true };
      await existing.remove().catch(() => undefined);
    }
    const job: Job<ScanJobPayload> = await queue.add(payload, { jobId: payload.key });
    // An add under an id that exists keeps the stored job: compare whose request it holds.
    const stored = await queue.getJob(String(job.id));
    const joined = stored !== null && stored.data.requestId !== payload.requestId;
    return { jobId: String(job.id), joined };
  }

  async isRunning(key: string, kind: ScanJobPayload['kind']): Promise<boolean> {
    const job = await this.queues[jobOfKind(kind).queue].getJob(key);
    if (!job) return false;
    return RUNNING_STATES.has(await job.getState());
  }

  /** Scans (wallet and collection) waiting, delayed for a retry, or running, across every worker. */
  async queuedScans(): Promise<number> {
    const counts = await Promise.all(SCAN_QUEUES.map((name) => this.queues[name].getJobCounts()));
    return counts.reduce((sum, c) => sum + c.waiting + c.active + c.delayed, 0);
  }

  /**
   * Calls `handler` for each scan job Bull fails because its workers kept dying under it (stalled
   * more than `maxStalledCount` times): told in the worker process that noticed.
   */
  onStalledOut(handler: (job: Job<ScanJobPayload>) => Promise<void>): void {
    for (const [name, queue] of this.all()) {
      queue.on('failed', (job: Job<ScanJobPayload> | null, error: Error) => {
        if (!job || !STALLED_OUT.test(error?.message ?? '')) return;
        handler(job).catch((failure: unknown) =>
          this.logger.error(`${name}: after job ${String(job.id)} stalled out: ${String(failure)}`),
        );
      });
    }
  }

  /**
   * Runs `handler` for the queue's jobs, at most `concurrency` at a time in this process, and
   * `completed` once Bull has marked a job complete (its key released).
   */
  consume<Q extends QueueName>(
    name: Q,
    concurrency: number,
    handler: (job: Job<JobPayloads[Q]>) => Promise<unknown>,
    completed?: (job: Job<JobPayloads[Q]>) => Promise<void>,
  ): void {
    const queue = this.queues[name] as Queue<JobPayloads[Q]>;
    const report = (what: string) => (error: unknown) =>
      this.logger.error(`${name}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    // Bull tells the process that found it: the job is back in the queue for a live worker.
    queue.on('stalled', (job: Job<JobPayloads[Q]>) =>
      this.logger.warn(
        `${name}: scan ${String(job.id)} stalled (its worker stopped renewing the lock); taking it over`,
      ),
    );
    if (completed) {
      queue.on('completed', (job: Job<JobPayloads[Q]>) => {
        completed(job).catch(report(`after job ${String(job.id)}`));
      });
    }
    // Bull's promise settles only when the queue closes; closed before it was ready, it rejects
    // with no reason, which is no error.
    queue.process(concurrency, handler).catch((error: unknown) => {
      if (error !== undefined) report('processing stopped')(error);
    });
  }
}
