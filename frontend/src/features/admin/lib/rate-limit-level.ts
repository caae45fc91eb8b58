import { RATE_LIMIT_WARN, type RateLimitStatus } from '@nexus/contract';

export type RateLimitLevel = 'ok' | 'warn' | 'danger';

/** Share of the limit used, 0 to 1 (a zero limit counts as fully used once anything is counted). */
export function rateLimitUsage({ current, limit }: Pick<RateLimitStatus, 'current' | 'limit'>): number {
  if (limit <= 0) return current > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, current / limit));
}

/** SPEC §9: 70 % or more yellow, 90 % or more red. */
export function rateLimitLevel(limit: Pick<RateLimitStatus, 'current' | 'limit'>): RateLimitLevel {
  const usage = rateLimitUsage(limit);
  if (usage >= RATE_LIMIT_WARN.red) return 'danger';
  if (usage >= RATE_LIMIT_WARN.yellow) return 'warn';
  return 'ok';
}
