import { FetchError } from './fetch.error.js';

export { mapWithConcurrency } from '../common/concurrency.js';

/** The failure that best explains why every racer failed: "not found" only when all said so. */
function bestFailure(errors: readonly unknown[]): unknown {
  const isNotFound = (e: unknown): boolean =>
    e instanceof FetchError && e.kind === 'http-status' && e.status === 404;
  const informative = errors.find(
    (e) => !isNotFound(e) && !(e instanceof FetchError && e.kind === 'aborted'),
  );
  return informative ?? errors[0];
}

/**
 * Starts every task at once; the first to succeed wins and the others are cancelled through their
 * signal. When all fail, rejects with the most telling failure.
 */
export async function raceFirst<T>(
  tasks: ReadonlyArray<(signal: AbortSignal) => Promise<T>>,
  signal?: AbortSignal,
): Promise<T> {
  if (tasks.length === 0) throw new FetchError('invalid-url', 'nothing to fetch');
  const controllers = tasks.map(() => new AbortController());
  // Only racers still running are cancelled (an abort costs an exception object each).
  const running = tasks.map(() => true);
  const cancelAll = (): void =>
    controllers.forEach((c, i) => {
      if (running[i]) c.abort();
    });
  signal?.addEventListener('abort', cancelAll, { once: true });
  try {
    return await Promise.any(
      tasks.map((task, i) =>
        task((controllers[i] as AbortController).signal).finally(() => {
          running[i] = false;
        }),
      ),
    );
  } catch (error) {
    throw error instanceof AggregateError ? bestFailure(error.errors) : error;
  } finally {
    signal?.removeEventListener('abort', cancelAll);
    cancelAll();
  }
}
