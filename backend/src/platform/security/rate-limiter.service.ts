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
import { AppConfig, type RateLimitRule } from '../config/index.js';
import { RedisConnections } from '../redis/index.js';
import { LocalTally } from './local-tally.js';
import { COUNT_FLUSH_MS, RateLimitFlush, type FlushTarget } from './rate-limit-flush.js';
import { RateLimitLeaderboard } from './rate-limit-leaderboard.js';
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
  /** What this process counts and refuses on its own, carried to Redis by the flush. */
  private readonly local: LocalTally;
  private readonly flush: RateLimitFlush;
  private readonly leaderboard: RateLimitLeaderboard;
  private publishing: NodeJS.Timeout | null = null;
  private counting: NodeJS.Timeout | null = null;
  private lastOutageLog = 0;
  /** Before the first connection, commands wait for it; after, a lost connection means memory at once. */
  private connectedOnce: boolean;
  /** A Redis slower than this counts as away for the request (memory counts it). */
  private readonly answerWithinMs: number;

  constructor(
    config: AppConfig,
    @Inject(RATE_LIMIT_REDIS) private readonly redis: Redis,
    connections: RedisConnections,
    topClients: TopClientsRepository,
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
    const target: FlushTarget = {
      limiter: (policy) => this.limiters[policy],
      ready: () => this.redis.status === 'ready',
      outage: (error) => this.outage(error),
    };
    this.local = new LocalTally((policy) => this.limiters[policy].rule.points);
    this.flush = new RateLimitFlush(this.local, target);
    this.leaderboard = new RateLimitLeaderboard(topClients, target, (policy, key) =>
      this.local.pendingOf(policy, key),
    );
    this.answerWithinMs = config.cacheReadTimeoutMs;
    this.connectedOnce = redis.status === 'ready';
    redis.once('ready', () => (this.connectedOnce = true));
  }

  onApplicationBootstrap(): void {
    this.publishing = setInterval(() => {
      this.local.forgetEnded();
      void this.flush.blocks();
      void this.leaderboard.publish();
    }, PUBLISH_EVERY_MS);
    this.publishing.unref();
    this.counting = setInterval(() => void this.flush.counts(), COUNT_FLUSH_MS);
    this.counting.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.publishing) clearInterval(this.publishing);
    if (this.counting) clearInterval(this.counting);
    this.publishing = null;
    this.counting = null;
    await this.flush.counts();
    await this.flush.blocks();
    await this.leaderboard.withdraw();
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
    let carried: ReturnType<LocalTally['carry']> | undefined;
    try {
      this.assertConnected();
      const local = weight === 1 ? this.countedHere(policy, key) : null;
      if (local) return local;
      carried = this.local.carry(policy, key);
      points += carried.points;
      res = await this.inTime(store.consume(key, points));
      carried.settle(true);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        // Refused: Redis counted every point the check carried.
        carried?.settle(true);
        res = error;
        allowed = false;
      } else {
        fromRedis = false;
        // The requests counted here wait for the next flush; this one counts in memory.
        carried?.settle(false);
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
    if (fromRedis) this.local.heard(policy, key, res, after);
    if (!allowed && fromRedis) this.local.block(policy, key, res, after);
    this.leaderboard.observe(policy, key, res.consumedPoints, after + res.msBeforeNext, after);
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
    const counted = this.local.count(policy, key, now);
    if (!counted) return null;
    this.leaderboard.observe(policy, key, counted.used, counted.until, now);
    const points = this.limiters[policy].rule.points;
    return {
      allowed: true,
      limit: points,
      remaining: Math.max(0, points - counted.used),
      resetMs: counted.until - now,
      firstBreach: false,
      repeat: false,
    };
  }

  /**
   * The refusal of one more request of `key` under `policy` while this process holds a block for
   * it (the request is counted, for Redis at the next flush); null when there is no block.
   */
  refusedFromMemory(policy: RateLimitPolicy, key: string, now = Date.now()): RateLimitVerdict | null {
    const block = this.local.refuse(policy, key, now);
    if (!block) return null;
    this.leaderboard.observe(policy, key, block.counted + block.pending, block.until, now);
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
    const consumed = res.consumedPoints + this.local.pendingOf(policy, key);
    return { consumed, resetMs: Math.max(0, res.msBeforeNext) };
  }

  /** Forgets what `key` spent of `policy` (in Redis and in this process's memory). */
  async reset(policy: RateLimitPolicy, key: string): Promise<void> {
    const { store, fallback } = this.limiters[policy];
    this.local.forget(policy, key);
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
    this.leaderboard.forget(key);
  }

  /** Each policy with the count of its busiest client (across API processes) in its current window. */
  status(now = Date.now()): Promise<Record<RateLimitPolicy, RateLimitStatus>> {
    return this.leaderboard.status(now);
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
