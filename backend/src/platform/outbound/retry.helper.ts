import { FetchError } from './fetch.error.js';

export interface RetryPolicy {
  /** Further attempts after the first. */
  retries: number;
  /** First pause; doubled per attempt, with jitter. */
  baseDelayMs: number;
  /** Longest single pause, a server's Retry-After included. */
  maxDelayMs: number;
}

export interface RetryOptions extends RetryPolicy {
  /** Worth another attempt? Each caller says which of its failures are (a timeout is, a 404 is not). */
  retryable: (error: unknown) => boolean;
  /** The pause a failure itself asks for (Retry-After), in ms; null for the usual backoff. */
  requestedDelayMs?: (error: unknown) => number | null;
  /** Told before each pause (counting, logging). */
  onRetry?: (error: unknown, attempt: number) => void;
  /** Cancels the pauses: the last failure is thrown at once. */
  signal?: AbortSignal;
}

/**
 * Exponential backoff with "equal jitter": half of base·2^attempt fixed, half random, so that
 * clients throttled together do not come back together; capped at `maxDelayMs`.
 */
export function backoffDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  const exponential = baseDelayMs * 2 ** attempt;
  return Math.min(maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new FetchError('aborted', 'the request was cancelled'));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new FetchError('aborted', 'the request was cancelled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `work` until it succeeds, a failure is not retryable, or the retries are spent; then
 * throws that last failure unchanged. The one retry loop of the chain adapters (JSON-RPC
 * transport, Alchemy API, metadata and media hosts).
 */
export async function withRetry<T>(work: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const retries = Math.max(0, options.retries);
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (attempt >= retries || options.signal?.aborted || !options.retryable(error)) throw error;
      options.onRetry?.(error, attempt);
      const requested = options.requestedDelayMs?.(error) ?? null;
      const delay =
        requested !== null
          ? Math.min(options.maxDelayMs, requested)
          : backoffDelayMs(attempt, options.baseDelayMs, options.maxDelayMs);
      await pause(delay, options.signal);
    }
  }
}
