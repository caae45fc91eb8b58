import { randomUUID } from 'node:crypto';
import { RATE_LIMIT_POLICIES, type RateLimitPolicy, type RateLimitStatus } from '@nexus/contract';
import type { FlushTarget } from './rate-limit-flush.js';
import { TopClientTracker } from './top-client.tracker.js';
import type { TopClientsRepository } from './top-clients.repository.js';

/**
 * The security status's "busiest client" of each policy across API processes: each process
 * follows its own leader from the counts the limiter answers anyway, names it in Redis once a
 * second at most (not per request), and the status reads the count of every process's leader.
 */
export class RateLimitLeaderboard {
  private readonly top = new TopClientTracker();
  private readonly instance = randomUUID();
  private readonly published = new Map<RateLimitPolicy, { key: string; at: number }>();
  private publishInFlight = false;

  constructor(
    private readonly clients: TopClientsRepository,
    private readonly target: FlushTarget,
    private readonly pendingOf: (policy: RateLimitPolicy, key: string) => number,
  ) {}

  /** A count the limiter answered for `key` (its window ends at `resetAt`). */
  observe(policy: RateLimitPolicy, key: string, count: number, resetAt: number, now = Date.now()): void {
    this.top.observe(policy, key, count, resetAt, now);
  }

  forget(key: string): void {
    this.top.forget(key);
  }

  /** Names this process's leaders in Redis where they changed or half their window has passed. */
  async publish(now = Date.now()): Promise<void> {
    if (this.publishInFlight || !this.target.ready()) return;
    this.publishInFlight = true;
    try {
      for (const policy of RATE_LIMIT_POLICIES) {
        const leader = this.top.leader(policy, now);
        const published = this.published.get(policy);
        const windowMs = this.target.limiter(policy).rule.durationS * 1000;
        if (leader === null || (published?.key === leader && now - published.at < windowMs / 2)) continue;
        try {
          await this.clients.publish(policy, this.instance, leader, windowMs);
          this.published.set(policy, { key: leader, at: now });
        } catch (error) {
          this.target.outage(error);
          return;
        }
      }
    } finally {
      this.publishInFlight = false;
    }
  }

  /** This process's leaders leave the board (at shutdown; not waiting for a Redis that is away). */
  async withdraw(): Promise<void> {
    if (this.target.ready()) await this.clients.withdraw(this.instance).catch(() => undefined);
  }

  /**
   * Each policy with the count of its busiest client in that client's current window, read from
   * Redis for the leaders every API process has named.
   */
  async status(now = Date.now()): Promise<Record<RateLimitPolicy, RateLimitStatus>> {
    const entries = await Promise.all(
      RATE_LIMIT_POLICIES.map(async (policy): Promise<[RateLimitPolicy, RateLimitStatus]> => {
        const { rule, store } = this.target.limiter(policy);
        const local = this.top.leader(policy, now);
        const keys = new Set(await this.clients.candidates(policy));
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
}
