import { mapWithConcurrency, raceFirst } from './concurrency.helper.js';
import { FetchError } from './fetch.error.js';

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe(mapWithConcurrency.name, () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const sut = await mapWithConcurrency([30, 5, 20, 1, 10, 2], 2, async (ms, index) => {
      running++;
      peak = Math.max(peak, running);
      await delay(ms);
      running--;
      return index * 10;
    });
    expect(sut).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
  });

  it('answers an empty list for no items', async () => {
    await expect(mapWithConcurrency([], 4, async () => 1)).resolves.toEqual([]);
  });
});

describe(raceFirst.name, () => {
  it('answers the first success and cancels the others', async () => {
    const cancelled: boolean[] = [];
    const task =
      (ms: number, value: string) =>
      async (signal: AbortSignal): Promise<string> => {
        signal.addEventListener('abort', () => cancelled.push(true));
        await delay(ms);
        return value;
      };
    await expect(raceFirst([task(50, 'slow'), task(5, 'fast'), task(80, 'slower')])).resolves.toBe('fast');
    // The racers still running are cancelled; the winner has nothing left to cancel.
    expect(cancelled.length).toBe(2);
  });

  it('leaves alone racers that have already failed', async () => {
    const signals: AbortSignal[] = [];
    const failing = async (signal: AbortSignal): Promise<string> => {
      signals.push(signal);
      throw new FetchError('host-unavailable', 'not asked again for now');
    };
    const winner = async (signal: AbortSignal): Promise<string> => {
      signals.push(signal);
      await delay(5);
      return 'ok';
    };
    await expect(raceFirst([failing, winner, failing])).resolves.toBe('ok');
    expect(signals.map((s) => s.aborted)).toEqual([false, false, false]);
  });

  it('prefers an informative failure over "not found" when all fail', async () => {
    const notFound = async (): Promise<never> => {
      throw new FetchError('http-status', 'the server answered 404', 404);
    };
    const timeout = async (): Promise<never> => {
      throw new FetchError('timeout', 'slow');
    };
    await expect(raceFirst([notFound, timeout])).rejects.toMatchObject({ kind: 'timeout' });
    await expect(raceFirst([notFound, notFound])).rejects.toMatchObject({ status: 404 });
    await expect(raceFirst([])).rejects.toBeInstanceOf(FetchError);
  });

  describe('hedged', () => {
    /** A task that records when it started and answers (or fails) after `ms`. */
    const timed =
      (starts: Record<string, number>, name: string, ms: number, fails = false) =>
      async (signal: AbortSignal): Promise<string> => {
        starts[name] = performance.now();
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, ms);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new FetchError('aborted', 'cancelled'));
          });
        });
        if (fails) throw new FetchError('http-status', 'the server answered 502', 502);
        return name;
      };

    it('asks only the first host when it answers within the hedge', async () => {
      const starts: Record<string, number> = {};
      const sut = raceFirst([timed(starts, 'first', 5), timed(starts, 'second', 5)], undefined, {
        hedgeMs: 200,
      });
      await expect(sut).resolves.toBe('first');
      await delay(250);
      expect(Object.keys(starts)).toEqual(['first']);
    });

    it('asks the next host once the hedge has passed, and the faster answer wins', async () => {
      const starts: Record<string, number> = {};
      const begun = performance.now();
      const sut = raceFirst([timed(starts, 'slow', 1_000), timed(starts, 'fast', 5)], undefined, {
        hedgeMs: 50,
      });
      await expect(sut).resolves.toBe('fast');
      expect(starts.fast! - begun).toBeGreaterThanOrEqual(45);
    });

    it('asks the next host at once when the one before fails', async () => {
      const starts: Record<string, number> = {};
      const sut = raceFirst([timed(starts, 'broken', 1, true), timed(starts, 'good', 1)], undefined, {
        hedgeMs: 10_000,
      });
      await expect(sut).resolves.toBe('good');
    });

    it('starts no more hosts once the caller cancels, and answers the failure', async () => {
      const starts: Record<string, number> = {};
      const controller = new AbortController();
      const sut = raceFirst([timed(starts, 'a', 1_000), timed(starts, 'b', 1_000)], controller.signal, {
        hedgeMs: 50,
      });
      controller.abort();
      await expect(sut).rejects.toMatchObject({ kind: 'aborted' });
      await delay(100);
      expect(Object.keys(starts)).toEqual(['a']);
    });
  });
});
