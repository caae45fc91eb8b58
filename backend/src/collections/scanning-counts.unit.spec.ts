import { jest } from '@jest/globals';
import { ScanningCounts } from './scanning-counts.js';

/** A count the test ends when it chooses, at the clock time it chooses. */
function deferred(value: number) {
  let end!: () => void;
  const promise = new Promise<number>((done) => (end = () => done(value)));
  return { promise, end };
}

describe(ScanningCounts.name, () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('counts a newer version again while counting is quick', async () => {
    const counts = new ScanningCounts<number>(8);
    expect(await counts.get('c', 1, () => Promise.resolve(10))).toBe(10);
    expect(await counts.get('c', 2, () => Promise.resolve(20))).toBe(20);
    // The same version is not counted twice.
    expect(await counts.get('c', 2, () => Promise.resolve(99))).toBe(20);
  });

  it('joins a count still running instead of starting another', async () => {
    const counts = new ScanningCounts<number>(8);
    const first = deferred(10);
    const count = jest.fn(() => first.promise);
    const a = counts.get('c', 1, count);
    const b = counts.get('c', 2, count);
    first.end();
    expect([await a, await b]).toEqual([10, 10]);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('answers a slow count at once while one newer count runs, then that newer one', async () => {
    const counts = new ScanningCounts<number>(8);
    const slow = deferred(10);
    const first = counts.get('c', 1, () => slow.promise);
    now += 3_000;
    slow.end();
    expect(await first).toBe(10);

    const newer = deferred(20);
    const recount = jest.fn(() => newer.promise);
    // Asked about newer rows: the previous answer comes at once, one recount starts.
    expect(await counts.get('c', 2, recount)).toBe(10);
    expect(await counts.get('c', 3, recount)).toBe(10);
    expect(recount).toHaveBeenCalledTimes(1);
    newer.end();
    await newer.promise;
    await Promise.resolve();
    expect(await counts.get('c', 2, () => Promise.resolve(99))).toBe(20);
  });

  it('keeps the previous answer when a recount fails, and tries again', async () => {
    const counts = new ScanningCounts<number>(8);
    const slow = deferred(10);
    const first = counts.get('c', 1, () => slow.promise);
    now += 3_000;
    slow.end();
    await first;
    const failing = Promise.reject(new Error('connection lost'));
    failing.catch(() => undefined);
    expect(await counts.get('c', 2, () => failing)).toBe(10);
    await Promise.resolve();
    const retry = jest.fn(() => Promise.resolve(30));
    expect(await counts.get('c', 3, retry)).toBe(10);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
