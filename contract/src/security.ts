/**
 * The named per-address request budgets (docs/API.md "Security and rate limits"): `api` for every
 * /api route without a stricter one, `scan` POST /api/nfts, `rarity` POST /api/calculate-rarity,
 * `media` images and uploaded files, `submission` collection submissions and their upload, `vote`
 * community votes, `login` failed admin logins, `fresh` scans that start work (a POST /api/nfts
 * cache miss or `forceRefresh`, besides `scan`), `detect` the address look-ups that ask the chain
 * (POST /api/detect-network and /api/locate-collection).
 */
export const RATE_LIMIT_POLICIES = [
  'api',
  'scan',
  'fresh',
  'rarity',
  'media',
  'detect',
  'refresh',
  'submission',
  'vote',
  'login',
] as const;
export type RateLimitPolicy = (typeof RATE_LIMIT_POLICIES)[number];

/** One rate limit as the security dashboard shows it (SPEC §3: current, limit, resetIn in ms). */
export interface RateLimitStatus {
  /** Requests counted in the current window for the busiest client. */
  current: number;
  /** Requests allowed per client per window. */
  limit: number;
  /** Milliseconds until that window ends (0 when nothing is counted). */
  resetIn: number;
  /** Window length in ms. */
  windowMs: number;
}

/** An address that broke limits repeatedly or failed to log in. */
export interface SuspiciousIp {
  ip: string;
  rateLimitBreaches: number;
  failedLogins: number;
  /** ISO time of the latest event. */
  lastSeenAt: string;
}

/**
 * Connections and socket traffic refused by the connection limits (docs/API.md "Connections and
 * sockets"): `httpPerClient` / `httpTotal` HTTP connections over the cap of one address / of all,
 * `socketsPerClient` / `socketsTotal` live-progress sockets over theirs, `socketHandshakes` sockets
 * refused by the address's `api` budget or while it cools down from a flood, `socketEvents` sockets
 * closed for sending events too fast, `socketRooms` subscriptions over a socket's room cap;
 * `privateAddress` metadata and image requests refused before connecting because their host, or a
 * host they redirect to, is a private or internal address (the SSRF guard).
 */
export const CONNECTION_REFUSALS = [
  'httpPerClient',
  'httpTotal',
  'socketsPerClient',
  'socketsTotal',
  'socketHandshakes',
  'socketEvents',
  'socketRooms',
  'privateAddress',
] as const;
export type ConnectionRefusal = (typeof CONNECTION_REFUSALS)[number];

/** GET /api/admin/security-status (SPEC §3). */
export interface SecurityStatus {
  apiKeys: { valid: boolean; missing: string[] };
  rateLimits: Record<string, RateLimitStatus>;
  /** Browsers connected to the live-progress socket, across every API process. */
  activeUserSessions: number;
  suspiciousIPs: SuspiciousIp[];
  /** Refusals of the connection limits within the last 24 hours, across every API process. */
  connectionRefusals: Record<ConnectionRefusal, number>;
}

/** POST /api/admin/clear-suspicious-ip body and answer. */
export interface ClearSuspiciousIpRequest {
  ip: string;
}
export interface ClearSuspiciousIpResponse {
  success: true;
  /** False when the address was not listed. */
  cleared: boolean;
}

/** SPEC §9: the dashboard colours a limit yellow from 70 % and red from 90 %. */
export const RATE_LIMIT_WARN = { yellow: 0.7, red: 0.9 } as const;

/**
 * Entries of `SecurityStatus.rateLimits` besides the policies: the scans queued by the client with
 * the most (`limit` per client address) and by everyone (`limit` in all). No window: they count
 * scans until each finishes (`resetIn` and `windowMs` are 0).
 */
export const QUEUED_SCAN_LIMITS = { perClient: 'queuedScansPerClient', total: 'queuedScans' } as const;

/** 429 when a client address already has its share of scans queued or running. */
export function queuedScansPerClientMessage(limit: number): string {
  return `You already have ${limit} ${limit === 1 ? 'scan' : 'scans'} in progress. Please wait for one to finish, then try again.`;
}

/** 503 when the scan queue is full for everyone; `seconds` is the Retry-After value. */
export function scanQueueFullMessage(seconds: number): string {
  return `Too many scans are running right now. Please try again in ${seconds} seconds.`;
}

/** Wording of a 429 answer; `seconds` is the Retry-After value. */
export function rateLimitMessage(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}
