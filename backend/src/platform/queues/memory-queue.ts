import type { JobCounts, JobId, JobInformation, JobOptions } from 'bull';
import { EventEmitter } from 'node:events';
import { backoffMs, repeatInfo, repeatJobId, repeatKey, STALLED_OUT_REASON } from './bull-formulas.js';
import { JOBS, lockSettings, QUEUE_NAMES } from './job.registry.js';
import {
  clean,
  delay,
  MemoryJob,
  wait,
  type JobHolder,
  type MemoryQueueStore,
  type QueueState,
  type StoredJob,
} from './memory-store.js';
import type { QueueDriver, QueueDrivers, QueueJob } from './queue-driver.js';

/**
 * An in-memory stand-in for Bull, for the unit tests of the job flow and of scan admission: the
 * same states, job-id collapse, priorities, delays, retries with Bull's backoff formulas,
 * timeouts, clean-up, repeatable jobs, lock hand-back and stalled jobs, told through the same
 * local events. `testing/queue-scenarios.ts` runs one table of scenarios against both drivers, so
 * a difference between them fails a test. One `MemoryQueueStore` is the shared server (Redis);
 * each `MemoryQueue` on it is one process's handle, as each Bull `Queue` instance is.
 */

/** The settings of a Bull queue the driver honours (`lockSettings` in job.registry.ts). */
export interface MemoryQueueOptions {
  defaultJobOptions?: JobOptions;
  settings?: { lockDuration?: number; stalledInterval?: number; maxStalledCount?: number };
}

/** One process's handle on an in-memory queue, as a Bull `Queue` instance is. */
export class MemoryQueue<T> implements QueueDriver<T>, JobHolder {
  private readonly events = new EventEmitter();
  private readonly queue: QueueState;
  private readonly running = new Map<string, StoredJob>();
  private handler: ((job: QueueJob<T>) => Promise<unknown>) | null = null;
  private concurrency = 1;
  private paused = false;
  private closed = false;
  private stalledCheck: ReturnType<typeof setInterval> | undefined;
  private closedResolve: () => void = () => undefined;

  constructor(
    readonly name: string,
    store: MemoryQueueStore,
    private readonly options: MemoryQueueOptions = {},
  ) {
    this.queue = store.state(name);
  }

  async add(data: T, opts: JobOptions = {}): Promise<QueueJob<T>> {
    const merged: JobOptions = structuredClone({ ...this.options.defaultJobOptions, ...opts });
    return merged.repeat ? this.addRepeatable(data, merged) : this.insert(data, merged);
  }

  /** Bull's addJob: a new job under its id (stored as JSON, as Bull stores it), or the one there. */
  private async insert(data: T, merged: JobOptions): Promise<QueueJob<T>> {
    const id = merged.jobId === undefined ? String(++this.queue.nextId) : String(merged.jobId);
    // As Bull's addJob: an id that exists keeps the stored job; the caller gets its own data back.
    if (this.queue.jobs.has(id)) return new MemoryJob<T>(this.queue, id, data, merged, 0);
    const stored: StoredJob = {
      id,
      data: JSON.parse(JSON.stringify(data)) as unknown,
      opts: merged,
      state: 'waiting',
      attemptsMade: 0,
      stalledCounter: 0,
      seq: 0,
      holder: null,
      run: 0,
      lockLapsesAt: 0,
    };
    this.queue.jobs.set(id, stored);
    if ((merged.delay ?? 0) > 0) delay(this.queue, stored, Date.now() + merged.delay!);
    else wait(this.queue, stored);
    return MemoryJob.of<T>(this.queue, stored);
  }

  /** Bull's nextRepeatableJob for an `every` schedule: the next run at the next multiple of it. */
  private async addRepeatable(data: T, opts: JobOptions, after = 0): Promise<QueueJob<T>> {
    const repeat = opts.repeat as { every: number; key?: string; jobId?: string };
    if (!('every' in repeat)) throw new Error('the in-memory queue repeats on `every` only');
    if (!after && opts.jobId !== undefined) repeat.jobId = String(opts.jobId);
    const key = repeatKey(repeat.jobId, repeat.every);
    const now = Math.max(after, Date.now());
    const next = Math.floor(now / repeat.every) * repeat.every + repeat.every;
    this.queue.repeatables.set(key, next);
    const idPart = repeat.jobId ? `${repeat.jobId}:` : ':';
    return this.insert(data, {
      ...opts,
      repeat: { ...repeat, key } as JobOptions['repeat'],
      jobId: repeatJobId(idPart, key, next),
      delay: Math.max(0, next - Date.now()),
      prevMillis: next,
    } as JobOptions);
  }

  async getJob(jobId: JobId): Promise<QueueJob<T> | null> {
    const stored = this.queue.jobs.get(String(jobId));
    return stored ? MemoryJob.of<T>(this.queue, stored) : null;
  }

  async getJobCounts(): Promise<JobCounts> {
    const counts = { waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 };
    for (const job of this.queue.jobs.values()) counts[job.state] += 1;
    return counts;
  }

  on(event: 'completed', listener: (job: QueueJob<T>, result: unknown) => void): this;
  on(event: 'failed', listener: (job: QueueJob<T> | null, error: Error) => void): this;
  on(event: 'stalled', listener: (job: QueueJob<T>) => void): this;
  on(event: string, listener: (...args: never[]) => void): this {
    this.events.on(event, listener as (...args: unknown[]) => void);
    return this;
  }

  process(concurrency: number, handler: (job: QueueJob<T>) => Promise<unknown>): Promise<void> {
    if (this.handler) throw new Error(`Cannot define the same handler twice ${this.name}`);
    this.handler = handler;
    this.concurrency = concurrency;
    this.queue.handles.add(this as JobHolder);
    const every = this.options.settings?.stalledInterval ?? 30_000;
    this.stalledCheck = setInterval(() => this.checkStalled(), every);
    const closed = new Promise<void>((resolve) => (this.closedResolve = resolve));
    this.take();
    return closed;
  }

  async pause(): Promise<void> {
    this.paused = true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.paused = true;
    clearInterval(this.stalledCheck);
    this.queue.handles.delete(this as JobHolder);
    // Jobs still held keep their lock until it lapses; another process's check then takes them.
    for (const stored of this.running.values()) this.drop(stored);
    this.closedResolve();
  }

  /** The handles consuming this queue, as Bull lists the Redis clients of its workers. */
  async getWorkers(): Promise<Array<Record<string, string>>> {
    return [...this.queue.handles].map((handle) => ({ name: `${handle.name} (in memory)` }));
  }

  async getRepeatableJobs(): Promise<JobInformation[]> {
    return [...this.queue.repeatables].map(([key, next]) => repeatInfo(key, next));
  }

  /** Bull's removeRepeatableByKey: its id read back from the key (the first colon ends it). */
  async removeRepeatableByKey(key: string): Promise<void> {
    const next = this.queue.repeatables.get(key);
    this.queue.repeatables.delete(key);
    if (next === undefined) return;
    const { id } = repeatInfo(key, next);
    const stored = this.queue.jobs.get(repeatJobId(id ? `${id}:` : ':', key, next));
    if (stored?.state === 'delayed') await MemoryJob.of(this.queue, stored).remove();
  }

  /** Lets this handle take waiting jobs while it has room. */
  take(): void {
    while (this.handler && !this.paused && !this.closed && this.running.size < this.concurrency) {
      let next: StoredJob | undefined;
      for (const job of this.queue.jobs.values()) {
        if (job.state !== 'waiting') continue;
        const order = (job.opts.priority ?? 0) - (next?.opts.priority ?? 0) || job.seq - (next?.seq ?? 0);
        if (!next || order < 0) next = job;
      }
      if (!next) return;
      this.start(next);
    }
  }

  /** Gives up a job this handle ran (handed back or moved): its outcome will be ignored. */
  release(stored: StoredJob): void {
    this.running.delete(stored.id);
    stored.holder = null;
    stored.run += 1;
  }

  /** Leaves a job this closing handle held to lapse as a dead process's lock does. */
  private drop(stored: StoredJob): void {
    this.release(stored);
    stored.lockLapsesAt = Date.now() + (this.options.settings?.lockDuration ?? 30_000);
  }

  private start(stored: StoredJob): void {
    stored.state = 'active';
    stored.holder = this as JobHolder;
    const run = ++stored.run;
    this.running.set(stored.id, stored);
    const job = MemoryJob.of<T>(this.queue, stored);
    // As Bull: a repeatable job's next run is queued when this one starts.
    const repeat = stored.opts.repeat as { key?: string } | undefined;
    if (repeat?.key && this.queue.repeatables.has(repeat.key)) {
      void this.addRepeatable(
        stored.data as T,
        stored.opts,
        (stored.opts as { prevMillis?: number }).prevMillis,
      );
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = stored.opts.timeout;
    const outcome = Promise.race([
      Promise.resolve().then(() => this.handler!(job)),
      ...(timeout
        ? [
            new Promise<never>((_, reject) => {
              timer = setTimeout(
                () => reject(new Error(`Promise timed out after ${timeout} milliseconds`)),
                timeout,
              );
            }),
          ]
        : []),
    ]);
    outcome
      .then(
        (result) => this.finish(stored, run, job, null, result),
        (error: unknown) =>
          this.finish(stored, run, job, error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => clearTimeout(timer));
  }

  /** Bull's moveToCompleted or moveToFailed (retry with backoff, or failed), then the event. */
  private finish(
    stored: StoredJob,
    run: number,
    job: MemoryJob<T>,
    error: Error | null,
    result?: unknown,
  ): void {
    if (this.queue.jobs.get(stored.id) !== stored || stored.run !== run || stored.state !== 'active') return;
    this.release(stored);
    if (error === null) {
      stored.state = 'completed';
      stored.finishedOn = Date.now();
      clean(this.queue, stored, stored.opts.removeOnComplete);
      this.events.emit('completed', job, result);
    } else {
      stored.attemptsMade += 1;
      job.attemptsMade = stored.attemptsMade;
      if (stored.attemptsMade < (stored.opts.attempts ?? 1) && !job.isDiscarded()) {
        const pause = backoffMs(stored.opts.backoff, stored.attemptsMade);
        if (pause > 0) delay(this.queue, stored, Date.now() + pause);
        else wait(this.queue, stored);
      } else {
        stored.state = 'failed';
        stored.finishedOn = Date.now();
        clean(this.queue, stored, stored.opts.removeOnFail);
      }
      this.events.emit('failed', job, error);
    }
    this.take();
  }

  /**
   * Bull's stalled-job check: an active job whose lock has lapsed goes back to the waiting list
   * (`stalled`), or fails once it has stalled more than `maxStalledCount` times (`failed` with
   * the job, or null when `removeOnFail` removed it first, as Bull's script does).
   */
  checkStalled(): void {
    const limit = this.options.settings?.maxStalledCount ?? 1;
    for (const stored of [...this.queue.jobs.values()]) {
      if (stored.state !== 'active' || stored.holder || stored.lockLapsesAt > Date.now()) continue;
      stored.stalledCounter += 1;
      if (stored.stalledCounter > limit) {
        stored.state = 'failed';
        stored.finishedOn = Date.now();
        clean(this.queue, stored, stored.opts.removeOnFail);
        const kept = this.queue.jobs.get(stored.id);
        this.events.emit(
          'failed',
          kept ? MemoryJob.of(this.queue, kept) : null,
          new Error(STALLED_OUT_REASON),
        );
      } else {
        wait(this.queue, stored);
        this.events.emit('stalled', MemoryJob.of(this.queue, stored));
      }
    }
  }
}

/**
 * One process's handles on every queue of the registry, with its job options and the lock settings
 * a worker with JOB_LOCK_MS `jobLockMs` gives Bull.
 */
export function memoryQueues(store: MemoryQueueStore, jobLockMs: number): QueueDrivers {
  const handles = QUEUE_NAMES.map((name) => [
    name,
    new MemoryQueue(name, store, {
      defaultJobOptions: JOBS[name].options,
      settings: lockSettings(jobLockMs, JOBS[name].lock.maxStalledCount),
    }),
  ]);
  return Object.fromEntries(handles) as QueueDrivers;
}
