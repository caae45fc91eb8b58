import type { JobOptions, JobStatus } from 'bull';
import type { QueueJob } from './queue-driver.js';

/**
 * The in-memory driver's shared store (what Redis is to Bull) and its jobs; the handles that run
 * them are in `memory-queue.ts`.
 */

/** What the store asks of a process's handle on a queue. */
export interface JobHolder {
  readonly name: string;
  /** Gives up a job it ran (handed back): the run's outcome will be ignored. */
  release(stored: StoredJob): void;
  /** Takes waiting jobs while it has room. */
  take(): void;
}

export type State = 'waiting' | 'active' | 'delayed' | 'completed' | 'failed';

/** A job as the store keeps it (Bull's job hash and the list or set it sits in). */
export interface StoredJob {
  id: string;
  data: unknown;
  opts: JobOptions;
  state: State;
  attemptsMade: number;
  stalledCounter: number;
  /** Order in the waiting list (FIFO within a priority). */
  seq: number;
  /** The handle running it, and which run of it: an outcome of an older run is ignored. */
  holder: JobHolder | null;
  run: number;
  /** When a dead holder's lock lapses (its stalled-job check may then take the job). */
  lockLapsesAt: number;
  finishedOn?: number;
}

/** One queue's state on the shared store. */
export class QueueState {
  readonly jobs = new Map<string, StoredJob>();
  readonly repeatables = new Map<string, number>();
  readonly handles = new Set<JobHolder>();
  readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  seq = 0;
  nextId = 0;
}

/** The shared server of a set of in-memory queues: what Redis is to Bull's. */
export class MemoryQueueStore {
  private readonly queues = new Map<string, QueueState>();

  state(name: string): QueueState {
    let state = this.queues.get(name);
    if (!state) this.queues.set(name, (state = new QueueState()));
    return state;
  }
}

/** A job as a process reads it: a snapshot, whose state calls ask the store. */
export class MemoryJob<T> implements QueueJob<T> {
  private discarded = false;

  constructor(
    private readonly queue: QueueState,
    readonly id: string,
    public data: T,
    public opts: JobOptions,
    public attemptsMade: number,
  ) {}

  static of<T>(queue: QueueState, stored: StoredJob): MemoryJob<T> {
    return new MemoryJob<T>(queue, stored.id, stored.data as T, stored.opts, stored.attemptsMade);
  }

  async getState(): Promise<JobStatus | 'stuck'> {
    return this.queue.jobs.get(this.id)?.state ?? 'stuck';
  }

  /** As Bull: a job a live process holds (locked) cannot be removed. */
  async remove(): Promise<void> {
    const stored = this.queue.jobs.get(this.id);
    if (!stored || (stored.state === 'active' && stored.holder)) {
      throw new Error(`Could not remove job ${this.id}`);
    }
    clearTimeout(this.queue.timers.get(this.id));
    this.queue.jobs.delete(this.id);
  }

  discard(): void {
    this.discarded = true;
  }

  isDiscarded(): boolean {
    return this.discarded;
  }

  /** Bull's Job#moveToDelayed: out of `active` (its lock dropped) to run again at `timestamp`. */
  async moveToDelayed(timestamp: number): Promise<void> {
    const stored = this.queue.jobs.get(this.id);
    if (!stored || stored.state !== 'active') throw new Error(`Missing key for job ${this.id}`);
    stored.holder?.release(stored);
    delay(this.queue, stored, timestamp);
  }
}

/** Puts `stored` in `delayed` until `at`, then in the waiting list (a lapsed time: at once). */
export function delay(queue: QueueState, stored: StoredJob, at: number): void {
  stored.state = 'delayed';
  clearTimeout(queue.timers.get(stored.id));
  const promote = () => {
    queue.timers.delete(stored.id);
    if (queue.jobs.get(stored.id) === stored && stored.state === 'delayed') wait(queue, stored);
  };
  if (at <= Date.now()) promote();
  else queue.timers.set(stored.id, setTimeout(promote, at - Date.now()));
}

/** Puts `stored` at the end of the waiting list and lets a free handle take it. */
export function wait(queue: QueueState, stored: StoredJob): void {
  stored.state = 'waiting';
  stored.seq = ++queue.seq;
  for (const handle of queue.handles) handle.take();
}

/** Drops a finished job as its `removeOnComplete`/`removeOnFail` says (true, or keep the last N). */
export function clean(queue: QueueState, stored: StoredJob, rule: JobOptions['removeOnComplete']): void {
  if (rule === true) {
    queue.jobs.delete(stored.id);
  } else if (typeof rule === 'number') {
    const finished = [...queue.jobs.values()]
      .filter((job) => job.state === stored.state)
      .sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0));
    for (const old of finished.slice(rule)) queue.jobs.delete(old.id);
  }
}
