import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DownloadQueue } from './download-queue';

describe(DownloadQueue.name, () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts each task after the delay, three at a time, the rest in order', async () => {
    const sut = new DownloadQueue({ concurrency: 3, startDelayMs: 500 });
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const results = [1, 2, 3, 4, 5].map((n) =>
      sut.run(() => {
        started.push(n);
        return new Promise<number>((resolve) => finish.push(() => resolve(n)));
      }),
    );
    expect(sut.running).toBe(3);
    expect(sut.queued).toBe(2);
    await jest.advanceTimersByTimeAsync(499);
    expect(started).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toEqual([1, 2, 3]);

    finish[1]!();
    await jest.advanceTimersByTimeAsync(0);
    expect(sut.running).toBe(3);
    expect(started).toEqual([1, 2, 3]);
    await jest.advanceTimersByTimeAsync(500);
    expect(started).toEqual([1, 2, 3, 4]);
    for (const done of finish) done();
    await jest.advanceTimersByTimeAsync(500);
    finish[4]!();
    await expect(Promise.all(results)).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(sut.running).toBe(0);
  });

  it('frees the slot of a failed task', async () => {
    const sut = new DownloadQueue({ concurrency: 1, startDelayMs: 10 });
    // The rejection is awaited from the start: it lands while the timers advance.
    const failing = expect(sut.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const next = sut.run(() => Promise.resolve('ok'));
    await jest.advanceTimersByTimeAsync(10);
    await failing;
    await jest.advanceTimersByTimeAsync(10);
    await expect(next).resolves.toBe('ok');
  });
});
