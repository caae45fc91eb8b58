import { SCAN_ERRORS } from '@nexus/contract';

/** What visitors are told when something behind the API fails; details stay in the server log. */
export const VISITOR_ERRORS = {
  network: 'Network temporarily unavailable',
  unavailable: 'Service temporarily unavailable',
  internal: 'Internal server error',
} as const;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  // PostgreSQL: connection failures, shutting down, too many connections.
  '08000',
  '08001',
  '08003',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const CONNECTION_NAMES = new Set([
  'ConnectionException',
  'MaxRetriesPerRequestError',
  'AbortError',
  'TimeoutError',
  // A JSON-RPC node whose daily or monthly quota is spent: not asked again before its reset.
  'ProviderQuotaError',
]);
const CONNECTION_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|Connection is closed|Connection terminated|connect timeout|socket hang up|fetch failed/i;

/** True for a dependency that did not answer (database, Redis, a node, a host), as opposed to a bug. */
export function isUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof name === 'string' && CONNECTION_NAMES.has(name)) return true;
    if (typeof message === 'string' && CONNECTION_TEXT.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Scan outcomes that are the visitor's answer, written by us in SPEC §8 wording. */
const SCAN_MESSAGES = new Set<string>(Object.values(SCAN_ERRORS));

/**
 * The `error` a scan reports to visitors (socket events, scan answers): our own SPEC messages as
 * they are; anything else — an RPC node's "HTTP request failed … URL …", a refused connection — is
 * 'Network temporarily unavailable'.
 */
export function visitorScanError(message: string): string {
  return SCAN_MESSAGES.has(message) ? message : VISITOR_ERRORS.network;
}
