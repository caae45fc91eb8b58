import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  QueueName,
  type JobPayloads,
  type MetadataRetryPayload,
  type Network,
  type ScanJobPayload,
  type TransferIndexJobPayload,
} from '@nexus/contract';
import type { QueueDriver, QueueDrivers, QueueJob } from './queue-driver.js';
import { STALLED_OUT_REASON } from './bull-formulas.js';
import { JOBS, jobOfKind } from './job.registry.js';

/** Injection token of the registry's queues, by name (Bull's, or the in-memory driver's in unit tests). */
export const QUEUE_DRIVERS = Symbol('QUEUE_DRIVERS');

const RUNNING_STATES = new Set(['waiting', 'active', 'delayed', 'paused']);

/**
 * The id of a network's repeatable index pass. No colon: Bull reads a repeatable job's id back from
 * its key by splitting at colons, so `index:polygon` came back as `index` with no `every`, and
 * its removal missed the pass already queued.
 */
const indexJobId = (network: Network) => `index-${network}`;

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
  private readonly holding = new Set<QueueJob<ScanJobPayload>>();
  private readonly idleWaiters = new Set<() => void>();
  /** The driver's fetch-and-run loops seen so far: true once settled. */
  private readonly loopSettled = new WeakMap<Promise<unknown>, boolean>();

  constructor(@Inject(QUEUE_DRIVERS) private readonly queues: QueueDrivers) {}

  all(): Array<[QueueName, QueueDriver<ScanJobPayload>]> {
    return Object.entries(this.queues) as Array<[QueueName, QueueDriver<ScanJobPayload>]>;
  }

  /**
   * One job per key: the key is the job id, so concurrent adds collapse into one job in Redis.
   * A finished job left under the key is removed first so a new scan can start. The queue's job
   * options (attempts, backoff, clean-up, priority) come from the registry.
   */
  async enqueue(payload: ScanJobPayload): Promise<EnqueueResult> {
    const queue = this.queues[jobOfKind(payload.kind).queue] as QueueDriver<ScanJobPayload>;
    const existing = await queue.getJob(payload.key);
    if (existing) {
      const state = await existing.getState();
      if (RUNNING_STATES.has(state)) return { jobId: String(existing.id), joined: true };
      await existing.remove().catch(() => undefined);
    }
    const job: QueueJob<ScanJobPayload> = await queue.add(payload, { jobId: payload.key });
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
    const job = await (this.queues[jobOfKind(kind).queue] as QueueDriver<ScanJobPayload>).getJob(key);
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
  onStalledOut(handler: (job: QueueJob<ScanJobPayload>) => Promise<void>): void {
    for (const [name, queue] of this.all()) {
      if (JOBS[name].kind === null) continue;
      queue.on('failed', (job: QueueJob<ScanJobPayload> | null, error: Error) => {
        if (!job || !(error?.message ?? '').includes(STALLED_OUT_REASON)) return;
        handler(job).catch((failure: unknown) =>
          this.logger.error(`${name}: after job ${String(job.id)} stalled out: ${String(failure)}`),
        );
      });
    }
  }

  /**
   * A pass over one collection's history (where its network's index is off), after `delayMs`. One
   * job per collection: an add while one waits or runs is dropped.
   */
  async enqueueHistory(network: Network, contract: string, delayMs = 0): Promise<void> {
    const queue = this.queues[QueueName.TransferIndex] as QueueDriver<TransferIndexJobPayload>;
    await queue.add(
      { network, contract },
      { jobId: `history:${network}:${contract}`, ...(delayMs > 0 ? { delay: delayMs } : {}) },
    );
  }

  /**
   * A repeatable transfer-index pass for each of `networks`, every `everyMs`, and none for any other
   * network. Every worker calls this at start: Bull keys a repeatable job by its options, so N
   * workers make one schedule per network, and the passes go to whichever worker is free.
   */
  async scheduleIndex(networks: readonly Network[], everyMs: number): Promise<void> {
    const queue = this.queues[QueueName.TransferIndex] as QueueDriver<TransferIndexJobPayload>;
    const wanted = new Set(networks.map((network) => `${indexJobId(network)}:${everyMs}`));
    for (const repeatable of await queue.getRepeatableJobs()) {
      if (!wanted.has(`${repeatable.id ?? ''}:${repeatable.every ?? ''}`)) {
        await queue.removeRepeatableByKey(repeatable.key);
      }
    }
    for (const network of networks) {
      await queue.add({ network }, { jobId: indexJobId(network), repeat: { every: everyMs } });
    }
  }

  /**
   * Runs `handler` for the queue's jobs, at most `concurrency` at a time in this process, and
   * `completed` once Bull has marked a job complete (its key released).
   */
  consume<Q extends QueueName>(
    name: Q,
    concurrency: number,
    handler: (job: QueueJob<JobPayloads[Q]>) => Promise<unknown>,
    completed?: (job: QueueJob<JobPayloads[Q]>) => Promise<void>,
  ): void {
    const queue = this.queues[name] as QueueDriver<JobPayloads[Q]>;
    const report = (what: string) => (error: unknown) =>
      this.logger.error(`${name}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    // Bull tells the process that found it: the job is back in the queue for a live worker.
    queue.on('stalled', (job: QueueJob<JobPayloads[Q]>) =>
      this.logger.warn(
        `${name}: scan ${String(job.id)} stalled (its worker stopped renewing the lock); taking it over`,
      ),
    );
    if (completed) {
      queue.on('completed', (job: QueueJob<JobPayloads[Q]>) => {
        completed(job).catch(report(`after job ${String(job.id)}`));
      });
    }
    // Bull's promise settles only when the queue closes; closed before it was ready, it rejects
    // with no reason, which is no error.
    const held = async (job: QueueJob<JobPayloads[Q]>) => {
      const entry = job as unknown as QueueJob<ScanJobPayload>;
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
    const deadline = Date.now() + graceMs;
    // A job the driver took from the queue just as the pause came is moved to active but not yet
    // at its handler: wait until every fetch in flight is a held job or has ended, or the job would
    // run on unseen as the connections close (and stay active until the stalled check).
    while (this.fetchesInFlight() > this.holding.size && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (this.holding.size === 0) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: () => void = () => undefined;
    const done = await Promise.race([
      new Promise<boolean>((resolve) => {
        idle = () => resolve(true);
        this.idleWaiters.add(idle);
      }),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
      }),
    ]);
    clearTimeout(timer);
    this.idleWaiters.delete(idle);
    return done || this.holding.size === 0;
  }

  /** The driver's fetch-and-run loops not settled yet: one per job taken, fetched or running. */
  private fetchesInFlight(): number {
    let pending = 0;
    for (const [, queue] of this.all()) {
      for (const loop of Object.values(queue.processing ?? {})) {
        if (!this.loopSettled.has(loop)) {
          this.loopSettled.set(loop, false);
          const settled = () => void this.loopSettled.set(loop, true);
          loop.then(settled, settled);
        }
        if (!this.loopSettled.get(loop)) pending++;
      }
    }
    return pending;
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
        await (job as QueueJob<ScanJobPayload> & { moveToDelayed(at: number): Promise<void> }).moveToDelayed(
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
