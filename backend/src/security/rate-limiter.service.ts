import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { RATE_LIMIT_POLICIES, type RateLimitPolicy, type RateLimitStatus } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RedisConnections } from '../redis/redis.module.js';
import type { RateLimitRule } from '../config/rate-limit-rules.js';
import { TopClientTracker } from './top-client.tracker.js';
import { TopClientsRepository } from './top-clients.repository.js';

/** What the limiter decided for one request. */
export interface RateLimitVerdict {
  allowed: boolean;
  /** Requests allowed per window. */
  limit: number;
  remaining: number;
  /** Milliseconds until the client's window ends. */
  resetMs: number;
  /** This request is the first one over the limit in its window (a breach, counted once). */
  firstBreach: boolean;
  /**
   * Refused by this process's memory of a limit already reached in this window, without asking
   * Redis: a repeat of a refusal already logged and counted as a breach.
   */
  repeat: boolean;
}

/**
 * A client over a policy's limit for the rest of its window, as this process learnt from Redis:
 * its further requests are refused here without a Redis round trip, and counted in `pending`
 * until the next flush adds them to its Redis counter.
 */
interface LocalBlock {
  until: number;
  /** The client's count in Redis when last read. */
  counted: number;
  /** Refused here since, not yet added in Redis. */
  pending: number;
}

/**
 * A client's requests this process counted on its own since it last asked Redis: a client far from
 * its limit costs the request path a map update instead of a Redis round trip, and its count
 * reaches Redis (for every process) within COUNT_FLUSH_MS.
 */
interface Tally {
  policy: RateLimitPolicy;
  key: string;
  /** The client's count in Redis when last read, and when its window ends (epoch ms). */
  counted: number;
  until: number;
  /** Counted here since, not yet added in Redis. */
  pending: number;
  /** Counted here and on their way to Redis (carried by a check or a flush not yet answered). */
  sending: number;
  /** How many requests this process may count before asking Redis again (`pending` and `sending` together). */
  allowance: number;
  /** When Redis last answered for it (epoch ms): an older answer is not relied on. */
  heardAt: number;
}

interface PolicyLimiter {
  rule: RateLimitRule;
  store: RateLimiterRedis;
  /** Counts in this process while Redis cannot be reached. */
  fallback: RateLimiterMemory;
}

/**
 * The limiter's own Redis connection, with auto-pipelining: the checks of the requests that arrive
 * in one turn of the event loop go to Redis in one write (one system call) instead of one each.
 * Each check is still its own atomic script run; only the transport is shared.
 */
export const RATE_LIMIT_REDIS = Symbol('RATE_LIMIT_REDIS');

export function openRateLimitRedis(connections: RedisConnections): Redis {
  return connections.open('ratelimit', { enableAutoPipelining: true });
}

/** How often the requests counted in this process are added to their clients' Redis counts. */
export const COUNT_FLUSH_MS = 100;
/**
 * A process counts on its own at most this share of what a client had left when Redis last
 * answered, and relies on that answer for TALLY_TRUST_MS, then asks Redis again. A client near its
 * limit (a quarter of its budget left under one request) is counted in Redis request by request,
 * and every refusal is Redis's own. A client sending to several API processes at once can pass its
 * limit only by what the others let through on an answer under TALLY_TRUST_MS old: at most a
 * quarter of its budget each, and only in a burst of that length.
 */
const LOCAL_SHARE = 4;
const TALLY_TRUST_MS = 250;
/** Clients counted on their own per policy and process; past it, new clients go to Redis per request. */
const MAX_TALLIES = 100_000;

/** How often this process tells the others who its busiest clients are (not per request). */
const PUBLISH_EVERY_MS = 1000;
/** One log line per outage, not one per request. */
const OUTAGE_LOG_EVERY_MS = 60_000;

/**
 * The per-address request budgets (rate-limiter-flexible, fixed windows in Redis, one counter per
 * policy and client key), shared by every API process. Redis unreachable: each process counts in
 * memory instead (the same budgets, per process) and says so in the log; a request is never
 * refused or failed because Redis is down.
 */
@Injectable()
export class RateLimiterService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private readonly limiters: Record<RateLimitPolicy, PolicyLimiter>;
  private readonly top = new TopClientTracker();
  private readonly instance = randomUUID();
  private readonly published = new Map<RateLimitPolicy, { key: string; at: number }>();
  private publishing: NodeJS.Timeout | null = null;
  private publishInFlight = false;
  private lastOutageLog = 0;
  /** Before the first connection, commands wait for it; after, a lost connection means memory at once. */
  private connectedOnce: boolean;
  /** A Redis slower than this counts as away for the request (memory counts it). */
  private readonly answerWithinMs: number;
  /** Per policy, the clients this process refuses without asking Redis until their window ends. */
  private readonly blocked = new Map<RateLimitPolicy, Map<string, LocalBlock>>(
    RATE_LIMIT_POLICIES.map((policy) => [policy, new Map()]),
  );
  private flushInFlight = false;
  /** Per policy, the clients this process counts on its own for now (see Tally). */
  private readonly tallies = new Map<RateLimitPolicy, Map<string, Tally>>(
    RATE_LIMIT_POLICIES.map((policy) => [policy, new Map()]),
  );
  /** Tallies with requests not yet added in Redis. */
  private dirty = new Set<Tally>();
  private counting: NodeJS.Timeout | null = null;
  private countFlushInFlight = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(RATE_LIMIT_REDIS) private readonly redis: Redis,
    connections: RedisConnections,
    private readonly topClients: TopClientsRepository,
  ) {
    const limiters = {} as Record<RateLimitPolicy, PolicyLimiter>;
    for (const policy of RATE_LIMIT_POLICIES) {
      const rule = config.rateLimits[policy];
      const options = { points: rule.points, duration: rule.durationS };
      limiters[policy] = {
        rule,
        store: new RateLimiterRedis({
          ...options,
          storeClient: redis,
          keyPrefix: connections.key('ratelimit', policy),
        }),
        fallback: new RateLimiterMemory(options),
      };
    }
    this.limiters = limiters;
    this.answerWithinMs = config.cacheReadTimeoutMs;
    this.connectedOnce = redis.status === 'ready';
    redis.once('ready', () => (this.connectedOnce = true));
  }

  onApplicationBootstrap(): void {
    this.publishing = setInterval(() => {
      this.forgetEndedTallies();
      void this.flushBlocked();
      void this.publishTopClients();
    }, PUBLISH_EVERY_MS);
    this.publishing.unref();
    this.counting = setInterval(() => void this.flushCounts(), COUNT_FLUSH_MS);
    this.counting.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.publishing) clearInterval(this.publishing);
    if (this.counting) clearInterval(this.counting);
    this.publishing = null;
    this.counting = null;
    await this.flushCounts();
    await this.flushBlocked();
    // A shutdown does not wait for a Redis that is away.
    if (this.redis.status === 'ready') await this.topClients.withdraw(this.instance).catch(() => undefined);
  }

  rule(policy: RateLimitPolicy): RateLimitRule {
    return this.limiters[policy].rule;
  }

  /**
   * Counts one request of `key` against `policy`. Once Redis has refused a client, this process
   * refuses its further requests of the window from memory (one flood is not one Redis round trip
   * per request) and adds them to the client's Redis count once a second. A client far from its
   * limit is counted here (see Tally) and added in Redis within COUNT_FLUSH_MS. `weight`: what the
   * request counts for (a large rarity body counts as several requests; always asked of Redis).
   */
  async consume(policy: RateLimitPolicy, key: string, weight = 1): Promise<RateLimitVerdict> {
    const repeat = this.refusedFromMemory(policy, key);
    if (repeat) return repeat;
    const { rule, store, fallback } = this.limiters[policy];
    let res: RateLimiterRes;
    let allowed = true;
    let fromRedis = true;
    /** Points this request adds in Redis: itself and the ones counted here since the last answer. */
    let points = weight;
    let tally: Tally | undefined;
    try {
      this.assertConnected();
      const local = weight === 1 ? this.countedHere(policy, key) : null;
      if (local) return local;
      tally = this.tallies.get(policy)!.get(key);
      if (tally) {
        points += tally.pending;
        tally.sending += tally.pending;
        tally.pending = 0;
      }
      try {
        res = await this.inTime(store.consume(key, points));
      } finally {
        if (tally) tally.sending -= points - weight;
      }
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        res = error;
        allowed = false;
      } else {
        fromRedis = false;
        // The requests counted here wait for the next flush; this one counts in memory.
        if (tally && points > weight) {
          tally.pending += points - weight;
          this.dirty.add(tally);
        }
        points = weight;
        this.outage(error);
        try {
          res = await fallback.consume(key, weight);
        } catch (rejected) {
          if (!(rejected instanceof RateLimiterRes)) throw rejected;
          res = rejected;
          allowed = false;
        }
      }
    }
    const after = Date.now();
    if (fromRedis) this.heard(policy, key, res, after);
    if (!allowed && fromRedis && res.msBeforeNext > 0) {
      this.blocked.get(policy)!.set(key, {
        until: after + res.msBeforeNext,
        counted: res.consumedPoints,
        pending: 0,
      });
    }
    this.top.observe(policy, key, res.consumedPoints, after + res.msBeforeNext, after);
    return {
      allowed,
      limit: rule.points,
      remaining: Math.max(0, rule.points - res.consumedPoints),
      resetMs: Math.max(0, res.msBeforeNext),
      // This request took the count past the limit (the others it carried were allowed already).
      firstBreach: !allowed && res.consumedPoints > rule.points && res.consumedPoints - points <= rule.points,
      repeat: false,
    };
  }

  /** An allowed request counted in this process alone, or null when Redis must decide. */
  private countedHere(policy: RateLimitPolicy, key: string, now = Date.now()): RateLimitVerdict | null {
    const tallies = this.tallies.get(policy)!;
    const tally = tallies.get(key);
    if (!tally) return null;
    if (tally.until <= now) {
      // The window is over: what was counted in it no longer matters.
      this.forgetTally(tally);
      return null;
    }
    if (tally.pending + tally.sending >= tally.allowance || now - tally.heardAt >= TALLY_TRUST_MS)
      return null;
    tally.pending++;
    this.dirty.add(tally);
    const used = tally.counted + tally.sending + tally.pending;
    this.top.observe(policy, key, used, tally.until, now);
    const points = this.limiters[policy].rule.points;
    return {
      allowed: true,
      limit: points,
      remaining: Math.max(0, points - used),
      resetMs: tally.until - now,
      firstBreach: false,
      repeat: false,
    };
  }

  /** What Redis answered for a client: how many more of its requests this process may count alone. */
  private heard(policy: RateLimitPolicy, key: string, res: RateLimiterRes, now: number): void {
    const tallies = this.tallies.get(policy)!;
    const allowance = Math.floor((this.limiters[policy].rule.points - res.consumedPoints) / LOCAL_SHARE);
    let tally = tallies.get(key);
    if (!tally) {
      if (allowance <= 0 || res.msBeforeNext <= 0 || tallies.size >= MAX_TALLIES) return;
      tally = { policy, key, counted: 0, until: 0, pending: 0, sending: 0, allowance: 0, heardAt: 0 };
      tallies.set(key, tally);
    }
    tally.counted = res.consumedPoints;
    tally.until = now + res.msBeforeNext;
    tally.allowance = Math.max(0, allowance);
    tally.heardAt = now;
  }

  private forgetTally(tally: Tally): void {
    this.tallies.get(tally.policy)!.delete(tally.key);
    this.dirty.delete(tally);
  }

  /** Clients whose window is over are counted in Redis again from their next request. */
  private forgetEndedTallies(now = Date.now()): void {
    for (const tallies of this.tallies.values()) {
      for (const tally of tallies.values()) if (tally.until <= now) this.forgetTally(tally);
    }
  }

  /** Adds the requests counted here to their clients' Redis counts, in one pipeline. */
  private async flushCounts(): Promise<void> {
    if (this.countFlushInFlight || this.dirty.size === 0 || this.redis.status !== 'ready') return;
    this.countFlushInFlight = true;
    const batch = this.dirty;
    this.dirty = new Set();
    try {
      await Promise.all(
        [...batch].map(async (tally) => {
          const pending = tally.pending;
          // Counted in a window that is over by now: nothing left to add them to.
          if (pending === 0 || tally.until <= Date.now()) return;
          tally.pending = 0;
          tally.sending += pending;
          try {
            const res = await this.limiters[tally.policy].store.penalty(tally.key, pending);
            tally.sending -= pending;
            this.heard(tally.policy, tally.key, res, Date.now());
          } catch (error) {
            tally.sending -= pending;
            tally.pending += pending;
            this.dirty.add(tally);
            this.outage(error);
          }
        }),
      );
    } finally {
      this.countFlushInFlight = false;
    }
  }

  /**
   * The refusal of one more request of `key` under `policy` while this process holds a block for
   * it (the request is counted, for Redis at the next flush); null when there is no block.
   */
  refusedFromMemory(policy: RateLimitPolicy, key: string, now = Date.now()): RateLimitVerdict | null {
    const block = this.blocked.get(policy)!.get(key);
    if (!block || block.until <= now) return null;
    block.pending++;
    this.top.observe(policy, key, block.counted + block.pending, block.until, now);
    return {
      allowed: false,
      limit: this.limiters[policy].rule.points,
      remaining: 0,
      resetMs: block.until - now,
      firstBreach: false,
      repeat: true,
    };
  }

  /** What `key` has spent of `policy` in its current window, without counting; null when nothing. */
  async peek(policy: RateLimitPolicy, key: string): Promise<{ consumed: number; resetMs: number } | null> {
    const { store, fallback } = this.limiters[policy];
    let res: RateLimiterRes | null;
    try {
      this.assertConnected();
      res = await store.get(key);
    } catch (error) {
      this.outage(error);
      res = await fallback.get(key);
    }
    if (res === null) return null;
    const consumed = res.consumedPoints + this.pendingOf(policy, key);
    return { consumed, resetMs: Math.max(0, res.msBeforeNext) };
  }

  /** Forgets what `key` spent of `policy` (in Redis and in this process's memory). */
  async reset(policy: RateLimitPolicy, key: string): Promise<void> {
    const { store, fallback } = this.limiters[policy];
    this.blocked.get(policy)!.delete(key);
    const tally = this.tallies.get(policy)!.get(key);
    if (tally) this.forgetTally(tally);
    await fallback.delete(key);
    try {
      this.assertConnected();
      await store.delete(key);
    } catch (error) {
      this.outage(error);
    }
  }

  /** Forgets what `key` spent of every policy. */
  async resetAll(key: string): Promise<void> {
    await Promise.all(RATE_LIMIT_POLICIES.map((policy) => this.reset(policy, key)));
    this.top.forget(key);
  }

  /**
   * Each policy with the count of its busiest client in that client's current window, read from
   * Redis for the leaders every API process has named.
   */
  async status(now = Date.now()): Promise<Record<RateLimitPolicy, RateLimitStatus>> {
    const entries = await Promise.all(
      RATE_LIMIT_POLICIES.map(async (policy): Promise<[RateLimitPolicy, RateLimitStatus]> => {
        const { rule, store } = this.limiters[policy];
        const local = this.top.leader(policy, now);
        const keys = new Set(await this.topClients.candidates(policy));
        if (local !== null) keys.add(local);
        let current = 0;
        let resetIn = 0;
        const clients = [...keys];
        const counts = await Promise.all(clients.map((key) => store.get(key)));
        for (const [i, res] of counts.entries()) {
          const counted = res === null ? 0 : res.consumedPoints + this.pendingOf(policy, clients[i]!);
          if (res !== null && res.msBeforeNext > 0 && counted > current) {
            current = counted;
            resetIn = res.msBeforeNext;
          }
        }
        return [policy, { current, limit: rule.points, resetIn, windowMs: rule.durationS * 1000 }];
      }),
    );
    return Object.fromEntries(entries) as Record<RateLimitPolicy, RateLimitStatus>;
  }

  /** Refusals of `key` this process made from memory and has not yet added in Redis. */
  private pendingOf(policy: RateLimitPolicy, key: string): number {
    return (
      (this.blocked.get(policy)!.get(key)?.pending ?? 0) + (this.tallies.get(policy)!.get(key)?.pending ?? 0)
    );
  }

  /**
   * Adds the refusals made from memory to the clients' Redis counts (so the security status and
   * every process see them) and forgets blocks whose window is over. A count under the limit
   * means the client was reset (by an administrator, on any process): the block ends here too,
   * and the refusals it made are not carried into the client's new count. Only clients that kept
   * sending are read, so a reset takes effect here within a second of the client's next request.
   */
  private async flushBlocked(now = Date.now()): Promise<void> {
    if (this.flushInFlight) return;
    this.flushInFlight = true;
    try {
      for (const [policy, blocks] of this.blocked) {
        const { rule, store } = this.limiters[policy];
        for (const [key, block] of blocks) {
          if (block.until <= now) {
            blocks.delete(key);
            continue;
          }
          if (block.pending === 0 || this.redis.status !== 'ready') continue;
          const pending = block.pending;
          block.pending = 0;
          try {
            const counted = await store.get(key);
            if (counted === null || counted.consumedPoints <= rule.points) {
              blocks.delete(key);
              continue;
            }
            block.counted = (await store.penalty(key, pending)).consumedPoints;
          } catch (error) {
            block.pending += pending;
            this.outage(error);
            return;
          }
        }
      }
    } finally {
      this.flushInFlight = false;
    }
  }

  private async publishTopClients(now = Date.now()): Promise<void> {
    if (this.publishInFlight || this.redis.status !== 'ready') return;
    this.publishInFlight = true;
    try {
      await this.publishLeaders(now);
    } finally {
      this.publishInFlight = false;
    }
  }

  private async publishLeaders(now: number): Promise<void> {
    for (const policy of RATE_LIMIT_POLICIES) {
      const leader = this.top.leader(policy, now);
      const published = this.published.get(policy);
      const windowMs = this.limiters[policy].rule.durationS * 1000;
      if (leader === null || (published?.key === leader && now - published.at < windowMs / 2)) continue;
      try {
        await this.topClients.publish(policy, this.instance, leader, windowMs);
        this.published.set(policy, { key: leader, at: now });
      } catch (error) {
        this.outage(error);
        return;
      }
    }
  }

  /** A slow Redis must not slow every request: past the budget, this request counts in memory. */
  private async inTime<T>(answer: Promise<T>): Promise<T> {
    if (!this.connectedOnce) return answer;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        answer,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${this.answerWithinMs} ms`)),
            this.answerWithinMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
      // A refusal that arrives late is no one's concern any more.
      answer.catch(() => undefined);
    }
  }

  /** Not a wait of seconds in ioredis's offline queue per request while Redis is away. */
  private assertConnected(): void {
    if (this.connectedOnce && this.redis.status !== 'ready') throw new Error('connection lost');
  }

  private outage(error: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_EVERY_MS) return;
    this.lastOutageLog = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Redis unreachable (${reason}): rate limits count in this process's memory meanwhile`);
  }
}
