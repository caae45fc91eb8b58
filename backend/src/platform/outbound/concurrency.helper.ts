import { FetchError } from './fetch.error.js';

export { mapWithConcurrency } from '../common/index.js';

/** The failure that best explains why every racer failed: "not found" only when all said so. */
function bestFailure(errors: readonly unknown[]): unknown {
  const isNotFound = (e: unknown): boolean =>
    e instanceof FetchError && e.kind === 'http-status' && e.status === 404;
  const informative = errors.find(
    (e) => !isNotFound(e) && !(e instanceof FetchError && e.kind === 'aborted'),
  );
  return informative ?? errors[0];
}

export interface RaceOptions {
  /**
   * Hedged start: the next task starts this long after the one before it when no answer has come
   * yet, and at once when every task started so far has failed. 0 starts every task at once.
   */
  hedgeMs?: number;
}

/**
 * Runs the tasks as a race: the first to succeed wins and the others still running are cancelled
 * through their signal. With `hedgeMs`, a task starts only once those before it have failed or have
 * kept their answer that long, so a healthy first host is asked alone (one request, no cancelled
 * connection) and a slow or dead one costs at most `hedgeMs` before the next is asked. When all fail,
 * rejects with the most telling failure; a cancelled `signal` starts no more tasks.
 */
export function raceFirst<T>(
  tasks: ReadonlyArray<(signal: AbortSignal) => Promise<T>>,
  signal?: AbortSignal,
  options: RaceOptions = {},
): Promise<T> {
  if (tasks.length === 0) return Promise.reject(new FetchError('invalid-url', 'nothing to fetch'));
  if (signal?.aborted) return Promise.reject(new FetchError('aborted', 'the request was cancelled'));
  const hedgeMs = options.hedgeMs ?? 0;
  return new Promise<T>((resolve, reject) => {
    // Only racers still running are cancelled (an abort costs an exception object each).
    const running = new Set<AbortController>();
    const errors: unknown[] = [];
    let started = 0;
    let stopped = false;
    let settled = false;
    let hedge: ReturnType<typeof setTimeout> | undefined;
    const stop = (): void => {
      stopped = true;
      clearTimeout(hedge);
      for (const controller of running) controller.abort();
      running.clear();
    };
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', stop);
      stop();
      finish();
    };
    const startNext = (): void => {
      clearTimeout(hedge);
      if (stopped || started >= tasks.length) return;
      const task = tasks[started++]!;
      const controller = new AbortController();
      running.add(controller);
      task(controller.signal).then(
        (value) => {
          running.delete(controller);
          settle(() => resolve(value));
        },
        (error: unknown) => {
          running.delete(controller);
          errors.push(error);
          if (settled) return;
          if (!stopped && started < tasks.length) startNext();
          else if (running.size === 0) settle(() => reject(bestFailure(errors)));
        },
      );
      if (started < tasks.length) {
        if (hedgeMs > 0) hedge = setTimeout(startNext, hedgeMs);
        else startNext();
      }
    };
    signal?.addEventListener('abort', stop, { once: true });
    startNext();
  });
}
