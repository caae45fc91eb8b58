import type { TokenPageSink, TokenRef } from './nft-source.js';

/**
 * Every token a stream hands, in one list: `enumerateCollection` over `streamCollection`, for the
 * callers that want the collection whole (small ones, tests, comparisons).
 */
export async function collectTokens(stream: (onPage: TokenPageSink) => Promise<number>): Promise<TokenRef[]> {
  const pages: TokenRef[][] = [];
  await stream(async (refs) => {
    pages.push(refs);
  });
  return pages.flat();
}

/**
 * Reads pages 0 to `count - 1` with at most `parallel` reads in flight and hands each to `deliver`
 * in page order, waiting for it: no read starts more than `parallel` pages past the page being
 * delivered, so at most `parallel + 1` pages are held, whatever `count` is.
 */
export async function streamInOrder<T>(
  count: number,
  parallel: number,
  read: (page: number) => Promise<T>,
  deliver: (value: T, page: number) => Promise<void>,
): Promise<void> {
  const ahead: Array<Promise<T>> = [];
  let next = 0;
  for (let page = 0; page < count; page++) {
    while (next < count && ahead.length < Math.max(1, parallel)) ahead.push(awaitedLater(read(next++)));
    await deliver(await ahead.shift()!, page);
  }
}

/**
 * A promise awaited later than it may settle: its rejection is thrown where it is awaited, and is
 * not an unhandled rejection before that (nor when an earlier failure leaves it unawaited).
 */
export function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
