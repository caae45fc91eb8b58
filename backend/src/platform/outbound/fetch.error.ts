export type FetchErrorKind =
  /** Not an http(s) URL, or a URI form we cannot fetch. */
  | 'invalid-url'
  /** The host is (or resolves to) an address we never contact. */
  | 'blocked'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  /** The server answered a non-2xx status (see `status`). */
  | 'http-status'
  /** The host name did not resolve: a dead domain, not a pause. */
  | 'dns'
  /** Refused, reset or dropped connection. */
  | 'unreachable'
  /** The host failed repeatedly moments ago (its breaker is open): not asked again for now. */
  | 'host-unavailable'
  /** An answer arrived but is not what was asked for (not JSON, not metadata, not an image). */
  | 'invalid-response'
  /** The source does not serve this request at all (Alchemy on a network it does not cover). */
  | 'unsupported'
  /** The caller cancelled. */
  | 'aborted';

/** HTTP statuses that mean "later", not "never": throttling and server trouble. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Why an outbound request failed (token metadata and media hosts, the Alchemy API). The message
 * names what failed and never holds a credential, so it may reach a log.
 */
export class FetchError extends Error {
  override readonly name = 'FetchError';

  constructor(
    readonly kind: FetchErrorKind,
    message: string,
    readonly status?: number,
    /** Seconds the server asked us to wait (Retry-After), when it did. */
    readonly retryAfterSeconds?: number,
    /** The failure behind this one ('host-unavailable': the last failure of the host). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }

  /**
   * Worth another try after a pause: timeouts, dropped connections, throttling and server errors.
   * A host that does not resolve will not resolve in a second either.
   */
  get retryable(): boolean {
    if (this.kind === 'timeout' || this.kind === 'unreachable') return true;
    return this.kind === 'http-status' && this.status !== undefined && RETRYABLE_STATUSES.has(this.status);
  }
}

/** The predicate the retry helper takes for anything that throws FetchError. */
export function isRetryableFetchError(error: unknown): boolean {
  return error instanceof FetchError && error.retryable;
}

/** Retry-After in ms of a FetchError, when the server sent one. */
export function fetchErrorRetryAfterMs(error: unknown): number | null {
  return error instanceof FetchError && error.retryAfterSeconds !== undefined
    ? error.retryAfterSeconds * 1000
    : null;
}

/** Seconds of a Retry-After header (delta seconds or an HTTP date), undefined when absent or unreadable. */
export function parseRetryAfterSeconds(header: string | null | undefined): number | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
