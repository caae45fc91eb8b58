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
  const cancelAll = (): void => controllers.forEach((c) => c.abort());
  signal?.addEventListener('abort', cancelAll, { once: true });
  try {
    return await Promise.any(tasks.map((task, i) => task((controllers[i] as AbortController).signal)));
  } catch (error) {
    throw error instanceof AggregateError ? bestFailure(error.errors) : error;
  } finally {
    signal?.removeEventListener('abort', cancelAll);
    cancelAll();
  }
}
