import type { RateLimitRule } from './rate-limit-rules.js';

/**
 * What one client address may hold open, and what one live-progress socket may do. A visitor's
 * browser keeps a few HTTP connections and one socket per tab, and a tab watches a handful of
 * scans; a script that opens thousands, or subscribes to thousands of rooms, is refused.
 */
export interface ConnectionLimits {
  /** HTTP connections (kept-alive and websocket ones included) per client address (HTTP_CONNECTIONS_PER_CLIENT). */
  httpPerClient: number;
  /** HTTP connections of everyone together (HTTP_CONNECTIONS_TOTAL). */
  httpTotal: number;
  /** Live-progress sockets per client address (SOCKETS_PER_CLIENT). */
  socketsPerClient: number;
  /** Live-progress sockets of everyone together, on this API process (SOCKETS_TOTAL). */
  socketsTotal: number;
  /** Scan rooms one socket may watch at once (SOCKET_ROOMS). */
  socketRooms: number;
  /** Events one socket may send: `points` at once, refilled over `durationS` (SOCKET_EVENTS). */
  socketEvents: RateLimitRule;
}

export const DEFAULT_CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  httpPerClient: 64,
  httpTotal: 10_000,
  socketsPerClient: 20,
  socketsTotal: 10_000,
  socketRooms: 16,
  socketEvents: { points: 40, durationS: 10 },
};
