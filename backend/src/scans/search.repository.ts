import { EntityManager } from '@mikro-orm/postgresql';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Network, SearchType } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { executeBound } from '../platform/database/index.js';

/** Searches are written at most this often, in one statement: a cache hit never waits on PostgreSQL. */
const FLUSH_INTERVAL_MS = 1000;
const FLUSH_BATCH = 500;
/** While PostgreSQL is away, the spool is retried after 1 s, doubling up to this. */
const RETRY_MAX_MS = 30_000;
/** Spooled batches left by any API process (one that stopped, say) are looked for this often. */
const SPOOL_CHECK_MS = 30_000;
/** Searches kept in this process's memory while both PostgreSQL and Redis fail; the oldest go first. */
export const HELD_SEARCHES_MAX = 200_000;

/** A search as the batch insert takes it (the search table's columns). */
export interface PendingSearch {
  term: string;
  network: Network;
  search_type: SearchType;
  from_cache: boolean;
  created_at: string;
}

/** Where batches wait while PostgreSQL is away, and how they reach it. */
export interface SearchStore {
  insert(batch: PendingSearch[]): Promise<void>;
  /** Appends a batch to the Redis spool. */
  spool(batch: PendingSearch[]): Promise<void>;
  /** The oldest spooled batch, taken off the spool; null when it is empty. */
  unspool(): Promise<PendingSearch[] | null>;
  /** Puts a batch that could not be written back at the head of the spool. */
  respool(batch: PendingSearch[]): Promise<void>;
}

/** Batches in PostgreSQL's search table, spooled as JSON in a Redis list (oldest first). */
export function postgresWithRedisSpool(em: EntityManager, redis: Redis, spoolKey: string): SearchStore {
  return {
    async insert(batch) {
      await executeBound(
        em.fork(),
        `insert into search (created_at, updated_at, term, network, search_type, from_cache)
         select created_at, created_at, term, network, search_type, from_cache
           from jsonb_to_recordset($1::jsonb)
             as t(term text, network text, search_type text, from_cache boolean, created_at timestamptz)`,
        [JSON.stringify(batch)],
      );
    },
    async spool(batch) {
      await redis.rpush(spoolKey, JSON.stringify(batch));
    },
    async unspool() {
      const raw = await redis.lpop(spoolKey);
      return raw === null ? null : (JSON.parse(raw) as PendingSearch[]);
    },
    async respool(batch) {
      await redis.lpush(spoolKey, JSON.stringify(batch));
    },
  };
}

let lastMs = 0;
let lastIso = '';

/** The time as ISO text, formatted once per millisecond (a busy API records several searches in one). */
function isoNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}

/**
 * Records every search (trending is counted from them). A batch PostgreSQL refuses is not dropped:
 * it waits in a Redis list (or, with Redis away too, in this process's memory, bounded) and is
 * written when PostgreSQL answers again, retried with a backoff from 1 to 30 s.
 */
export class SearchRepository implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SearchRepository.name);
  private pending: PendingSearch[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Batches neither PostgreSQL nor Redis took. */
  private held: PendingSearch[][] = [];
  private heldCount = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelayMs = 1000;
  private spoolCheck: ReturnType<typeof setInterval> | null = null;
  private outage = false;

  /** Provided by ScansModule over PostgreSQL and the Redis spool (`postgresWithRedisSpool`). */
  constructor(private readonly store: SearchStore) {}

  onApplicationBootstrap(): void {
    this.spoolCheck = setInterval(() => this.scheduleDrain(0), SPOOL_CHECK_MS);
    this.spoolCheck.unref();
  }

  record(term: string, network: Network, searchType: SearchType, fromCache: boolean): void {
    this.pending.push({
      term: term.toLowerCase(),
      network,
      search_type: searchType,
      from_cache: fromCache,
      created_at: isoNow(),
    });
    if (this.pending.length >= FLUSH_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Writes (or spools) what is buffered; resolves once every search recorded so far has a place. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  /** Searches waiting in this process's memory for PostgreSQL and Redis (not those in the Redis spool). */
  get heldSearches(): number {
    return this.heldCount;
  }

  /** Writes every spooled batch it can now; answers false when PostgreSQL still refuses. */
  async drain(): Promise<boolean> {
    while (this.held.length > 0) {
      const batch = this.held[0]!;
      if (!(await this.tryInsert(batch))) return false;
      this.held.shift();
      this.heldCount -= batch.length;
    }
    for (;;) {
      let batch: PendingSearch[] | null;
      try {
        batch = await this.store.unspool();
      } catch {
        return true; // Redis away: what it holds waits there.
      }
      if (batch === null) return true;
      if (!(await this.tryInsert(batch))) {
        await this.store.respool(batch).catch(() => this.hold(batch));
        return false;
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.spoolCheck) clearInterval(this.spoolCheck);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.flush();
    if (this.heldCount > 0) {
      this.logger.error(`${this.heldCount} searches not recorded: PostgreSQL and Redis were both away`);
    }
  }

  private async write(batch: PendingSearch[]): Promise<void> {
    if (await this.tryInsert(batch)) {
      // PostgreSQL answers: what waited for it goes now.
      if (this.outage || this.heldCount > 0) this.scheduleDrain(0);
      return;
    }
    try {
      await this.store.spool(batch);
    } catch {
      this.hold(batch);
    }
    this.scheduleDrain(this.retryDelayMs);
  }

  private async tryInsert(batch: PendingSearch[]): Promise<boolean> {
    try {
      await this.store.insert(batch);
      return true;
    } catch (error) {
      if (!this.outage) {
        this.outage = true;
        this.logger.warn(`searches kept until PostgreSQL answers again: ${String(error)}`);
      }
      return false;
    }
  }

  private hold(batch: PendingSearch[]): void {
    this.held.push(batch);
    this.heldCount += batch.length;
    let dropped = 0;
    while (this.heldCount > HELD_SEARCHES_MAX && this.held.length > 1) {
      const oldest = this.held.shift()!;
      this.heldCount -= oldest.length;
      dropped += oldest.length;
    }
    if (dropped > 0)
      this.logger.error(`${dropped} searches not recorded: more than ${HELD_SEARCHES_MAX} waiting`);
  }

  private scheduleDrain(delayMs: number): void {
    if (this.retryTimer) {
      if (delayMs > 0) return;
      clearTimeout(this.retryTimer);
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.flushing = this.flushing.then(async () => {
        if (await this.drain()) {
          if (this.outage) this.logger.log('PostgreSQL answers again: the kept searches are recorded');
          this.outage = false;
          this.retryDelayMs = 1000;
        } else {
          this.retryDelayMs = Math.min(RETRY_MAX_MS, this.retryDelayMs * 2);
          this.scheduleDrain(this.retryDelayMs);
        }
      });
    }, delayMs);
    this.retryTimer.unref();
  }
}
