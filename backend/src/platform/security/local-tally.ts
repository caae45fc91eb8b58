import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from '@nexus/contract';

/**
 * A client over a policy's limit for the rest of its window, as this process learnt from Redis:
 * its further requests are refused here without a Redis round trip, and counted in `pending`
 * until the next flush adds them to its Redis counter.
 */
export interface LocalBlock {
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
export interface Tally {
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

/** What Redis answered for a client: its count in the window and the time left of it. */
export interface Heard {
  consumedPoints: number;
  msBeforeNext: number;
}

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

/**
 * The rate limiter's memory in one process: the clients it counts on its own for now (tallies) and
 * those it refuses without asking Redis until their window ends (blocks). No timer and no Redis:
 * the flush (`RateLimitFlush`) carries what is pending here to Redis.
 */
export class LocalTally {
  /** Per policy, the clients this process counts on its own for now. */
  readonly tallies = new Map<RateLimitPolicy, Map<string, Tally>>(
    RATE_LIMIT_POLICIES.map((policy) => [policy, new Map()]),
  );
  /** Per policy, the clients this process refuses without asking Redis until their window ends. */
  readonly blocked = new Map<RateLimitPolicy, Map<string, LocalBlock>>(
    RATE_LIMIT_POLICIES.map((policy) => [policy, new Map()]),
  );
  /** Tallies with requests not yet added in Redis. */
  private dirty = new Set<Tally>();

  constructor(private readonly limitOf: (policy: RateLimitPolicy) => number) {}

  /**
   * Counts an allowed request of a client this process may count alone: the client's count in the
   * window and when it ends, or null when Redis must decide.
   */
  count(policy: RateLimitPolicy, key: string, now = Date.now()): { used: number; until: number } | null {
    const tally = this.tallies.get(policy)!.get(key);
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
    return { used: tally.counted + tally.sending + tally.pending, until: tally.until };
  }

  /**
   * The requests counted here that a check asking Redis now carries along (its tally, if any, marks
   * them as on their way); `settle` once Redis answered or failed.
   */
  carry(policy: RateLimitPolicy, key: string): { points: number; settle(sent: boolean): void } {
    const tally = this.tallies.get(policy)!.get(key);
    if (!tally || tally.pending === 0) return { points: 0, settle: () => undefined };
    const points = tally.pending;
    tally.sending += points;
    tally.pending = 0;
    return {
      points,
      settle: (sent) => {
        tally.sending -= points;
        if (!sent) this.requeue(tally, points);
      },
    };
  }

  /** What Redis answered for a client: how many more of its requests this process may count alone. */
  heard(policy: RateLimitPolicy, key: string, res: Heard, now: number): void {
    const tallies = this.tallies.get(policy)!;
    const allowance = Math.floor((this.limitOf(policy) - res.consumedPoints) / LOCAL_SHARE);
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

  /** Redis refused the client: its further requests of the window are refused here. */
  block(policy: RateLimitPolicy, key: string, res: Heard, now: number): void {
    if (res.msBeforeNext <= 0) return;
    this.blocked
      .get(policy)!
      .set(key, { until: now + res.msBeforeNext, counted: res.consumedPoints, pending: 0 });
  }

  /** One more request of a blocked client, refused here: its block, or null when there is none. */
  refuse(policy: RateLimitPolicy, key: string, now = Date.now()): LocalBlock | null {
    const block = this.blocked.get(policy)!.get(key);
    if (!block || block.until <= now) return null;
    block.pending++;
    return block;
  }

  /** Requests of `key` this process counted or refused and has not yet added in Redis. */
  pendingOf(policy: RateLimitPolicy, key: string): number {
    return (
      (this.blocked.get(policy)!.get(key)?.pending ?? 0) + (this.tallies.get(policy)!.get(key)?.pending ?? 0)
    );
  }

  /** Forgets everything this process knows of `key` under `policy` (a reset). */
  forget(policy: RateLimitPolicy, key: string): void {
    this.blocked.get(policy)!.delete(key);
    const tally = this.tallies.get(policy)!.get(key);
    if (tally) this.forgetTally(tally);
  }

  /** Clients whose window is over are counted in Redis again from their next request. */
  forgetEnded(now = Date.now()): void {
    for (const tallies of this.tallies.values()) {
      for (const tally of tallies.values()) if (tally.until <= now) this.forgetTally(tally);
    }
  }

  /** The tallies with requests to add in Redis, handed over to a flush (which requeues a failure). */
  takeDirty(): Set<Tally> {
    const batch = this.dirty;
    this.dirty = new Set();
    return batch;
  }

  /** Requests a flush or a check could not add in Redis: they wait for the next flush. */
  requeue(tally: Tally, points: number): void {
    tally.pending += points;
    this.dirty.add(tally);
  }

  get hasDirty(): boolean {
    return this.dirty.size > 0;
  }

  private forgetTally(tally: Tally): void {
    this.tallies.get(tally.policy)!.delete(tally.key);
    this.dirty.delete(tally);
  }
}
