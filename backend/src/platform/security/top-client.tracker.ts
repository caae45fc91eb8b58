import type { RateLimitPolicy } from '@nexus/contract';

interface Leader {
  key: string;
  count: number;
  /** Epoch ms when its window ends. */
  resetAt: number;
}

/**
 * The busiest client of each policy as this process has seen it, from the counts the limiter
 * answers anyway: the dashboard learns who to ask about without a Redis write per request.
 */
export class TopClientTracker {
  private readonly leaders = new Map<RateLimitPolicy, Leader>();

  /** Records a count the limiter answered; true when the policy's leader changed. */
  observe(policy: RateLimitPolicy, key: string, count: number, resetAt: number, now = Date.now()): boolean {
    const leader = this.leaders.get(policy);
    if (leader && leader.resetAt > now && leader.key !== key && count <= leader.count) return false;
    if (leader?.key === key) {
      // The usual case under load: the same client again, updated in place.
      leader.count = count;
      leader.resetAt = resetAt;
      return false;
    }
    this.leaders.set(policy, { key, count, resetAt });
    return leader?.key !== key;
  }

  /** The leader's key while its window lasts. */
  leader(policy: RateLimitPolicy, now = Date.now()): string | null {
    const leader = this.leaders.get(policy);
    return leader && leader.resetAt > now ? leader.key : null;
  }

  forget(key: string): void {
    for (const [policy, leader] of this.leaders) if (leader.key === key) this.leaders.delete(policy);
  }
}
