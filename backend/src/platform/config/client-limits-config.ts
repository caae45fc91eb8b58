import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from '@nexus/contract';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits.js';
import type { EnvReader } from './env-reader.js';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_SCAN_QUEUE_LIMITS,
  DEFAULT_SUSPICIOUS_IP_RULES,
  type RateLimitRule,
  type ScanQueueLimits,
  type ThresholdRule,
} from './rate-limit-rules.js';

/** Who a client is, where it may come from, and what one client address may do. */
export interface ClientLimitSettings {
  /** Express `trust proxy`: false takes the client address from the socket. */
  trustProxy: boolean | number | string;
  /** Origins besides the app's own that may send mutations (a dev server on another port). */
  allowedOrigins: string[];
  /** API requests of one client address in the works at once, the others waiting their turn (0: no limit). */
  clientTurns: number;
  /** Votes counted per client address per submission per 24 h (the fingerprint is the browser's to choose). */
  votesPerIpPerSubmission: number;
  /** Key of the HMAC that stores voters' addresses; null: one generated once and kept in Redis. */
  voteIpHashKey: string | null;
  /** Per-address request budgets, by policy (RATE_LIMIT_<POLICY>=<requests>/<seconds>). */
  rateLimits: Record<RateLimitPolicy, RateLimitRule>;
  /** Scans queued or running at once: per client address, and in all (SCAN_QUEUE_PER_CLIENT, SCAN_QUEUE_TOTAL). */
  scanQueueLimits: ScanQueueLimits;
  /** Open connections and sockets per client address and in all; what one socket may do. */
  connectionLimits: ConnectionLimits;
  /** When an address is listed as suspicious (SUSPICIOUS_IP_BREACHES, SUSPICIOUS_IP_FAILED_LOGINS). */
  suspiciousIps: { rateLimitBreaches: ThresholdRule; failedLogins: ThresholdRule };
}

/**
 * TRUST_PROXY as Express takes it: unset/false (socket address), true, a hop count, or addresses /
 * subnets / names like loopback (comma-separated).
 */
function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function parseAllowedOrigins(reader: EnvReader): string[] {
  const allowedOrigins: string[] = [];
  for (const origin of reader.list('ALLOWED_ORIGINS')) {
    try {
      allowedOrigins.push(new URL(origin).origin);
    } catch {
      reader.problem(`ALLOWED_ORIGINS has an entry that is not an origin: "${origin}"`);
    }
  }
  return allowedOrigins;
}

function parseVoteIpHashKey(reader: EnvReader): string | null {
  const voteIpHashKey = reader.env.VOTE_IP_HASH_KEY || null;
  if (voteIpHashKey !== null && voteIpHashKey.length < 32)
    reader.problem('VOTE_IP_HASH_KEY must be at least 32 characters (a long random secret)');
  return voteIpHashKey;
}

/** RATE_LIMIT_<POLICY> for every policy, each defaulting to its built-in budget. */
function parseRateLimits(reader: EnvReader): Record<RateLimitPolicy, RateLimitRule> {
  const rateLimits = {} as Record<RateLimitPolicy, RateLimitRule>;
  for (const policy of RATE_LIMIT_POLICIES) {
    const fallback = DEFAULT_RATE_LIMITS[policy];
    const { count, seconds } = reader.countPerSeconds(
      `RATE_LIMIT_${policy.toUpperCase()}`,
      { count: fallback.points, seconds: fallback.durationS },
      { maxCount: 1_000_000_000, maxSeconds: 24 * 3600 },
    );
    rateLimits[policy] = { points: count, durationS: seconds };
  }
  return rateLimits;
}

function parseThreshold(reader: EnvReader, name: string, fallback: ThresholdRule): ThresholdRule {
  const { count, seconds } = reader.countPerSeconds(
    name,
    { count: fallback.count, seconds: fallback.windowS },
    { maxCount: 1000, maxSeconds: 30 * 24 * 3600 },
  );
  return { count, windowS: seconds };
}

function parseConnectionLimits(reader: EnvReader): ConnectionLimits {
  const socketEvents = reader.countPerSeconds(
    'SOCKET_EVENTS',
    {
      count: DEFAULT_CONNECTION_LIMITS.socketEvents.points,
      seconds: DEFAULT_CONNECTION_LIMITS.socketEvents.durationS,
    },
    { maxCount: 100_000, maxSeconds: 3600 },
  );
  const int = reader.int.bind(reader);
  return {
    httpPerClient: int('HTTP_CONNECTIONS_PER_CLIENT', DEFAULT_CONNECTION_LIMITS.httpPerClient, 1, 100_000),
    httpTotal: int('HTTP_CONNECTIONS_TOTAL', DEFAULT_CONNECTION_LIMITS.httpTotal, 1, 10_000_000),
    socketsPerClient: int('SOCKETS_PER_CLIENT', DEFAULT_CONNECTION_LIMITS.socketsPerClient, 1, 100_000),
    socketsTotal: int('SOCKETS_TOTAL', DEFAULT_CONNECTION_LIMITS.socketsTotal, 1, 10_000_000),
    socketRooms: int('SOCKET_ROOMS', DEFAULT_CONNECTION_LIMITS.socketRooms, 1, 10_000),
    socketEvents: { points: socketEvents.count, durationS: socketEvents.seconds },
  };
}

export function parseClientLimitSettings(reader: EnvReader): ClientLimitSettings {
  return {
    trustProxy: parseTrustProxy(reader.env.TRUST_PROXY),
    allowedOrigins: parseAllowedOrigins(reader),
    clientTurns: reader.int('CLIENT_TURNS', 8, 0, 1_000),
    votesPerIpPerSubmission: reader.int('VOTES_PER_IP_PER_SUBMISSION', 3, 1, 1000),
    voteIpHashKey: parseVoteIpHashKey(reader),
    rateLimits: parseRateLimits(reader),
    scanQueueLimits: {
      perClient: reader.int('SCAN_QUEUE_PER_CLIENT', DEFAULT_SCAN_QUEUE_LIMITS.perClient, 1, 1000),
      total: reader.int('SCAN_QUEUE_TOTAL', DEFAULT_SCAN_QUEUE_LIMITS.total, 1, 1_000_000),
    },
    connectionLimits: parseConnectionLimits(reader),
    suspiciousIps: {
      rateLimitBreaches: parseThreshold(
        reader,
        'SUSPICIOUS_IP_BREACHES',
        DEFAULT_SUSPICIOUS_IP_RULES.rateLimitBreaches,
      ),
      failedLogins: parseThreshold(
        reader,
        'SUSPICIOUS_IP_FAILED_LOGINS',
        DEFAULT_SUSPICIOUS_IP_RULES.failedLogins,
      ),
    },
  };
}
