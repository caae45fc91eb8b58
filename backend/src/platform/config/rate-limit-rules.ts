import type { RateLimitPolicy } from '@nexus/contract';

/** `points` requests per client address per window of `durationS` seconds. */
export interface RateLimitRule {
  points: number;
  durationS: number;
}

/** `count` events within `windowS` seconds list an address as suspicious. */
export interface ThresholdRule {
  count: number;
  windowS: number;
}

/**
 * Budgets a visitor never meets and a script does: a page load is a handful of calls, polling
 * adds one every 30 s; a gallery page asks for up to 50 images. `login` counts failed logins only.
 * `fresh` counts the scans that cost chain calls (cache misses, forceRefresh): a third of `scan`.
 * `detect` counts address look-ups that may ask each network (cached by address): a visitor makes
 * one per search.
 * `refresh` counts metadata refreshes of single NFTs (each a chain call and a metadata fetch).
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitPolicy, RateLimitRule>> = {
  api: { points: 600, durationS: 60 },
  scan: { points: 60, durationS: 60 },
  fresh: { points: 20, durationS: 60 },
  rarity: { points: 60, durationS: 60 },
  media: { points: 1200, durationS: 60 },
  detect: { points: 30, durationS: 60 },
  refresh: { points: 10, durationS: 60 },
  submission: { points: 30, durationS: 3600 },
  vote: { points: 60, durationS: 3600 },
  login: { points: 5, durationS: 60 },
};

/** Breaking a limit in 3 windows, or 3 failed admin logins, within 24 h lists an address. */
export const DEFAULT_SUSPICIOUS_IP_RULES = {
  rateLimitBreaches: { count: 3, windowS: 24 * 3600 },
  failedLogins: { count: 3, windowS: 24 * 3600 },
} as const satisfies Record<string, ThresholdRule>;

/** `RATE_LIMIT_SCAN=120/60`: the two numbers of a `<count>/<seconds>` setting, or null. */
export function parseCountPerSeconds(
  raw: string,
  limits: { maxCount: number; maxSeconds: number },
): { count: number; seconds: number } | null {
  const match = /^\s*(\d{1,10})\s*\/\s*(\d{1,10})\s*$/.exec(raw);
  if (!match) return null;
  const count = Number(match[1]);
  const seconds = Number(match[2]);
  if (count < 1 || count > limits.maxCount || seconds < 1 || seconds > limits.maxSeconds) return null;
  return { count, seconds };
}

/** Scans a client address may have queued or running at once, and all clients together. */
export interface ScanQueueLimits {
  perClient: number;
  total: number;
}

export const DEFAULT_SCAN_QUEUE_LIMITS: Readonly<ScanQueueLimits> = { perClient: 3, total: 200 };
