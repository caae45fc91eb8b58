import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  QueueName,
  type JobPayloads,
  type MetadataRetryPayload,
  type Network,
  type ScanJobPayload,
  type TransferIndexJobPayload,
} from '@nexus/contract';
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
  /** Jobs this process is running now, for a shutdown that hands them back. */
  private readonly holding = new Set<Job<ScanJobPayload>>();
  private readonly idleWaiters = new Set<() => void>();

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
    const queue = this.queues[jobOfKind(payload.kind).queue] as Queue<ScanJobPayload>;
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

  /**
   * Asks the metadata-retry job to fetch a stored collection's unreachable tokens again after
   * `delayMs`. One job per collection: a retry already waiting takes this one's tokens too.
   */
  async enqueueMetadataRetry(payload: MetadataRetryPayload, delayMs: number): Promise<EnqueueResult> {
    const queue = this.queues[QueueName.MetadataRetry];
    const jobId = `metadata-retry:${payload.network}:${payload.address.toLowerCase()}`;
    const existing = await queue.getJob(jobId);
    if (existing) {
      if (RUNNING_STATES.has(await existing.getState())) return { jobId, joined: true };
      await existing.remove().catch(() => undefined);
    }
    await queue.add(payload, { jobId, delay: delayMs });
    return { jobId, joined: false };
  }

  async isRunning(key: string, kind: ScanJobPayload['kind']): Promise<boolean> {
    const job = await (this.queues[jobOfKind(kind).queue] as Queue<ScanJobPayload>).getJob(key);
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
   * A repeatable transfer-index pass for each of `networks`, every `everyMs`, and none for any other
   * network. Every worker calls this at start: Bull keys a repeatable job by its options, so N
   * workers make one schedule per network, and the passes go to whichever worker is free.
   */
  /**
   * A pass over one collection's history (where its network's index is off), after `delayMs`. One
   * job per collection: an add while one waits or runs is dropped.
   */
  async enqueueHistory(network: Network, contract: string, delayMs = 0): Promise<void> {
    const queue = this.queues[QueueName.TransferIndex] as Queue<TransferIndexJobPayload>;
    await queue.add(
      { network, contract },
      { jobId: `history:${network}:${contract}`, ...(delayMs > 0 ? { delay: delayMs } : {}) },
    );
  }

  async scheduleIndex(networks: readonly Network[], everyMs: number): Promise<void> {
    const queue = this.queues[QueueName.TransferIndex] as Queue<TransferIndexJobPayload>;
    const wanted = new Set(networks.map((network) => `index:${network}:${everyMs}`));
    for (const repeatable of await queue.getRepeatableJobs()) {
      if (!wanted.has(`${repeatable.id ?? ''}:${repeatable.every ?? ''}`)) {
        await queue.removeRepeatableByKey(repeatable.key);
      }
    }
    for (const network of networks) {
      await queue.add({ network }, { jobId: `index:${network}`, repeat: { every: everyMs } });
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
    const held = async (job: Job<JobPayloads[Q]>) => {
      const entry = job as unknown as Job<ScanJobPayload>;
      this.holding.add(entry);
      try {
        return await handler(job);
      } finally {
        this.holding.delete(entry);
        if (this.holding.size === 0) for (const idle of this.idleWaiters) idle();
      }
    };
    queue.process(concurrency, held).catch((error: unknown) => {
      if (error !== undefined) report('processing stopped')(error);
    });
  }

  /**
   * Stops taking jobs and waits up to `graceMs` for this process's running ones to finish.
   * Resolves true when none is left running.
   */
  async stopConsuming(graceMs: number): Promise<boolean> {
    // Paused without Bull's own wait for active jobs: that wait leaves a rejection unhandled when its
    // blocking connection fails to reconnect, which ends the process; this one waits by itself.
    await Promise.all(this.all().map(([, queue]) => queue.pause(true, true).catch(() => undefined)));
    if (this.holding.size === 0) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: () => void = () => undefined;
    const done = await Promise.race([
      new Promise<boolean>((resolve) => {
        idle = () => resolve(true);
        this.idleWaiters.add(idle);
      }),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    this.idleWaiters.delete(idle);
    return done || this.holding.size === 0;
  }

  /**
   * Returns the jobs this process still runs to the queue, at once and without using an attempt:
   * each leaves `active` for `delayed` due now (Bull's own move, which also drops our lock), so
   * another worker takes it within moments instead of after the stalled-job check. The queues are
   * then closed without waiting for the abandoned handlers. Answers the keys handed back.
   */
  async handBack(): Promise<string[]> {
    const keys: string[] = [];
    for (const job of [...this.holding]) {
      try {
        // Bull's Job#moveToDelayed, missing from its type declarations.
        await (job as Job<ScanJobPayload> & { moveToDelayed(at: number): Promise<void> }).moveToDelayed(
          Date.now(),
        );
        keys.push(job.data.key);
      } catch (error) {
        this.logger.warn(
          `could not hand back job ${String(job.id)}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    this.holding.clear();
    await Promise.all(this.all().map(([, queue]) => queue.close(true).catch(() => undefined)));
    return keys;
  }
}
