import type { RateLimitPolicy } from '@nexus/contract';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config/index.js';
import type { LocalTally } from './local-tally.js';

/** How often the requests counted in this process are added to their clients' Redis counts. */
export const COUNT_FLUSH_MS = 100;

/** What the flush needs of the limiter: each policy's rule and Redis store, Redis's state, the outage log. */
export interface FlushTarget {
  limiter(policy: RateLimitPolicy): { rule: RateLimitRule; store: RateLimiterRedis };
  ready(): boolean;
  outage(error: unknown): void;
}

/**
 * Carries what this process counted and refused on its own (`LocalTally`) to the clients' Redis
 * counts, so that every process and the security status see them: counts every COUNT_FLUSH_MS,
 * refusals of blocked clients once a second.
 */
export class RateLimitFlush {
  private countsInFlight = false;
  private blocksInFlight = false;

  constructor(
    private readonly tally: LocalTally,
    private readonly target: FlushTarget,
  ) {}

  /** Adds the requests counted here to their clients' Redis counts, in one pipeline. */
  async counts(): Promise<void> {
    if (this.countsInFlight || !this.tally.hasDirty || !this.target.ready()) return;
    this.countsInFlight = true;
    try {
      await Promise.all(
        [...this.tally.takeDirty()].map(async (tally) => {
          const pending = tally.pending;
          // Counted in a window that is over by now: nothing left to add them to.
          if (pending === 0 || tally.until <= Date.now()) return;
          tally.pending = 0;
          tally.sending += pending;
          try {
            const res = await this.target.limiter(tally.policy).store.penalty(tally.key, pending);
            tally.sending -= pending;
            this.tally.heard(tally.policy, tally.key, res, Date.now());
          } catch (error) {
            tally.sending -= pending;
            this.tally.requeue(tally, pending);
            this.target.outage(error);
          }
        }),
      );
    } finally {
      this.countsInFlight = false;
    }
  }

  /**
   * Adds the refusals made from memory to the clients' Redis counts and forgets blocks whose window
   * is over. A count under the limit means the client was reset (by an administrator, on any
   * process): the block ends here too, and the refusals it made are not carried into the client's
   * new count. Only clients that kept sending are read, so a reset takes effect here within a
   * second of the client's next request.
   */
  async blocks(now = Date.now()): Promise<void> {
    if (this.blocksInFlight) return;
    this.blocksInFlight = true;
    try {
      for (const [policy, blocks] of this.tally.blocked) {
        const { rule, store } = this.target.limiter(policy);
        for (const [key, block] of blocks) {
          if (block.until <= now) {
            blocks.delete(key);
            continue;
          }
          if (block.pending === 0 || !this.target.ready()) continue;
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
            this.target.outage(error);
            return;
          }
        }
      }
    } finally {
      this.blocksInFlight = false;
    }
  }
}
