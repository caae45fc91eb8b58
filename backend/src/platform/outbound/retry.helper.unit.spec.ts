import { FetchError, isRetryableFetchError } from './fetch.error.js';
import { backoffDelayMs, withRetry, type RetryOptions } from './retry.helper.js';

const FAST: RetryOptions = { retries: 3, baseDelayMs: 1, maxDelayMs: 5, retryable: isRetryableFetchError };

/** Work that fails with each of `failures` in turn, then answers 'done'. */
function scripted(...failures: Error[]): { work: () => Promise<string>; attempts: () => number } {
  let attempts = 0;
  return {
    work: async () => {
      const failure = failures[attempts++];
      if (failure) throw failure;
      return 'done';
    },
    attempts: () => attempts,
  };
}

describe(withRetry.name, () => {
  it('answers the first success without pausing', async () => {
    const { work, attempts } = scripted();
    await expect(withRetry(work, FAST)).resolves.toBe('done');
    expect(attempts()).toBe(1);
  });

  it('tries again after timeouts, dropped connections and 429 / 5xx answers', async () => {
    const retried: number[] = [];
    const { work, attempts } = scripted(
      new FetchError('timeout', 'slow'),
      new FetchError('unreachable', 'reset'),
      new FetchError('http-status', 'busy', 503),
    );
    await expect(withRetry(work, { ...FAST, onRetry: (_, attempt) => retried.push(attempt) })).resolves.toBe(
      'done',
    );
    expect(attempts()).toBe(4);
    expect(retried).toEqual([0, 1, 2]);
  });

  it('throws the last failure unchanged once the retries are spent', async () => {
    const last = new FetchError('http-status', 'still busy', 429);
    const { work, attempts } = scripted(new FetchError('timeout', 'slow'), last, new Error('never reached'));
    await expect(withRetry(work, { ...FAST, retries: 1 })).rejects.toBe(last);
    expect(attempts()).toBe(2);
  });

  it.each([
    ['a DNS failure', new FetchError('dns', 'could not resolve dead.example')],
    ['a 404', new FetchError('http-status', 'not found', 404)],
    ['a blocked address', new FetchError('blocked', 'private')],
    ['an answer that is not metadata', new FetchError('invalid-response', 'html')],
    ['an error that is not a fetch failure', new TypeError('bug')],
  ])('does not try again after %s', async (_, failure) => {
    const { work, attempts } = scripted(failure);
    await expect(withRetry(work, FAST)).rejects.toBe(failure);
    expect(attempts()).toBe(1);
  });

  it('waits the pause the failure asks for, capped at the longest pause', async () => {
    // The server asks for a minute; the cap (120 ms) wins, so the retry comes long before that.
    const { work } = scripted(new FetchError('http-status', 'later', 429, 60));
    const started = Date.now();
    await withRetry(work, {
      ...FAST,
      maxDelayMs: 120,
      requestedDelayMs: (error) =>
        error instanceof FetchError ? (error.retryAfterSeconds ?? 0) * 1000 : null,
    });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(110);
    expect(waited).toBeLessThan(30_000);
  });

  it('stops pausing when its signal is aborted', async () => {
    const controller = new AbortController();
    const { work, attempts } = scripted(new FetchError('timeout', 'slow'));
    const pending = withRetry(work, {
      ...FAST,
      baseDelayMs: 10_000,
      maxDelayMs: 10_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(attempts()).toBe(1);
  });
});

describe(backoffDelayMs.name, () => {
  it('doubles per attempt with half of it random, never beyond the cap', () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const exponential = 100 * 2 ** attempt;
      for (let sample = 0; sample < 50; sample++) {
        const delay = backoffDelayMs(attempt, 100, 2_000);
        expect(delay).toBeGreaterThanOrEqual(Math.min(2_000, exponential / 2));
        expect(delay).toBeLessThanOrEqual(Math.min(2_000, exponential));
      }
    }
  });
});
