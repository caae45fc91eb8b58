import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
} from 'cockatiel';

import { FetchError } from './fetch.error.js';

export interface HostBreakerOptions {
  /** Failures in a row after which a host is not asked again for a while (default 3). */
  failures?: number;
  /** After this long one request may try the host again; success closes its breaker (default 30 s). */
  halfOpenAfterMs?: number;
  /** Hosts remembered at once; the least recently used is forgotten beyond this (default 1,000). */
  maxHosts?: number;
}

export const DEFAULT_HOST_FAILURES = 3;
export const DEFAULT_HALF_OPEN_AFTER_MS = 30_000;
const DEFAULT_MAX_HOSTS = 1_000;

/** HTTP statuses that say the server is in trouble (not that the document is missing). */
const FAILING_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/**
 * Whether a failed request counts against its host: it did not resolve, refused or dropped the
 * connection, did not answer in time, or answered with a server error. A 404, a throttled answer or
 * a cancelled race is an answer from a live host.
 */
export function isHostFailure(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false;
  if (error.kind === 'dns' || error.kind === 'unreachable' || error.kind === 'timeout') return true;
  return error.kind === 'http-status' && error.status !== undefined && FAILING_STATUSES.has(error.status);
}

/**
 * Whether a fetch failed because its host could not be reached now (dead or failing, throttling, or
 * its breaker open), so the document may well be there later: worth a retry in the background.
 */
export function isHostUnavailable(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false;
  return error.kind === 'host-unavailable' || error.status === 429 || isHostFailure(error);
}

/**
 * Per-host failure memory: one circuit breaker (cockatiel) per `host:port`. Once a host has failed
 * `failures` times in a row its requests fail at once with FetchError 'host-unavailable' until
 * `halfOpenAfterMs` has passed; then one request tries it again and its outcome closes or reopens
 * the breaker. A dead metadata host so costs a few lookups per scan, not one per token.
 */
export class HostBreaker {
  private readonly failures: number;
  private readonly halfOpenAfterMs: number;
  private readonly maxHosts: number;
  /** Insertion order is recency order: a use moves the host to the end. */
  private readonly breakers = new Map<string, CircuitBreakerPolicy>();
  /** When each open breaker last opened. */
  private readonly openedAt = new Map<string, number>();
  /** The latest failure of each host (until its breaker closes again): what its refusals say happened. */
  private readonly lastFailure = new Map<string, unknown>();

  constructor(options: HostBreakerOptions = {}) {
    this.failures = options.failures ?? DEFAULT_HOST_FAILURES;
    this.halfOpenAfterMs = options.halfOpenAfterMs ?? DEFAULT_HALF_OPEN_AFTER_MS;
    this.maxHosts = options.maxHosts ?? DEFAULT_MAX_HOSTS;
    if (!Number.isInteger(this.failures) || this.failures < 1)
      throw new Error(`failures must be a positive integer, not ${this.failures}`);
  }

  /**
   * Runs `work` against `host` unless its breaker is open; throws FetchError 'host-unavailable' then.
   * `timeoutIsHostFailure: false`: a timeout says nothing against the host (an IPFS gateway looking
   * for a CID no node has) and passes the breaker like an answer.
   */
  async run<T>(host: string, work: () => Promise<T>, timeoutIsHostFailure = true): Promise<T> {
    // A timeout that does not count leaves the breaker as an answer would, and is thrown after it.
    const passed: { error?: unknown } = {};
    try {
      const result = await this.breakerOf(host).execute(async () => {
        try {
          return await work();
        } catch (error) {
          if (timeoutIsHostFailure || !(error instanceof FetchError) || error.kind !== 'timeout') throw error;
          passed.error = error;
          return undefined as T;
        }
      });
      if ('error' in passed) throw passed.error;
      return result;
    } catch (error) {
      if ('error' in passed) throw error;
      if (error instanceof BrokenCircuitError) {
        throw new FetchError(
          'host-unavailable',
          `${host} failed repeatedly; not asked again for now`,
          undefined,
          undefined,
          this.lastFailure.get(host),
        );
      }
      if (isHostFailure(error)) this.lastFailure.set(host, error);
      throw error;
    }
  }

  /** True while requests to `host` fail at once. */
  isOpen(host: string): boolean {
    return this.breakers.get(host)?.state === CircuitState.Open;
  }

  /**
   * True while a request to `host` would fail at once without a try: its breaker is open and its
   * half-open wait has not passed (after it, the next request is the one that tries the host again).
   */
  refuses(host: string): boolean {
    const opened = this.openedAt.get(host);
    return opened !== undefined && this.isOpen(host) && Date.now() - opened < this.halfOpenAfterMs;
  }

  private breakerOf(host: string): CircuitBreakerPolicy {
    let breaker = this.breakers.get(host);
    if (breaker) {
      this.breakers.delete(host);
    } else {
      breaker = circuitBreaker(handleWhen(isHostFailure), {
        halfOpenAfter: this.halfOpenAfterMs,
        breaker: new ConsecutiveBreaker(this.failures),
      });
      breaker.onBreak(() => this.openedAt.set(host, Date.now()));
      breaker.onReset(() => {
        this.openedAt.delete(host);
        this.lastFailure.delete(host);
      });
      if (this.breakers.size >= this.maxHosts) {
        const oldest = this.breakers.keys().next().value;
        if (oldest !== undefined) {
          this.breakers.delete(oldest);
          this.openedAt.delete(oldest);
          this.lastFailure.delete(oldest);
        }
      }
    }
    this.breakers.set(host, breaker);
    return breaker;
  }
}
