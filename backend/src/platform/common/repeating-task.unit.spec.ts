import { jest } from '@jest/globals';
import { RepeatingTask, type RepeatSchedule } from './repeating-task.js';

/** Counts its runs; each run ends when the test says so. */
class Counting extends RepeatingTask {
  runs = 0;
  stops = 0;
  private finish: (() => void) | null = null;

  constructor(private readonly when: RepeatSchedule | null) {
    super();
  }

  protected schedule(): RepeatSchedule | null {
    return this.when;
  }

  protected runOnce(): Promise<void> {
    this.runs++;
    return new Promise<void>((resolve) => {
      this.finish = resolve;
    });
  }

  protected override async stopped(): Promise<void> {
    this.stops++;
  }

  end(): void {
    this.finish?.();
    this.finish = null;
  }
}

describe('RepeatingTask', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it.each([0, 300])(
    'runs first after firstMs %i (0: at once), then every everyMs, one run at a time',
    async (firstMs) => {
      const task = new Counting({ everyMs: 1000, firstMs });
      task.onApplicationBootstrap();
      if (firstMs > 0) {
        await jest.advanceTimersByTimeAsync(firstMs - 1);
        expect(task.runs).toBe(0);
        await jest.advanceTimersByTimeAsync(1);
      }
      expect(task.runs).toBe(1);
      // Due twice while the first run goes on: skipped.
      await jest.advanceTimersByTimeAsync(2500);
      expect(task.runs).toBe(1);
      task.end();
      await jest.advanceTimersByTimeAsync(500);
      expect(task.runs).toBe(2);
      task.end();
      await task.onApplicationShutdown();
    },
  );

  it('stops its timers and waits for the run in progress before stopped()', async () => {
    const task = new Counting({ everyMs: 1000, firstMs: 0 });
    task.onApplicationBootstrap();
    const stopping = task.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(0);
    expect(task.stops).toBe(0);
    task.end();
    await stopping;
    expect(task.stops).toBe(1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(task.runs).toBe(1);
  });

  it('never runs without a schedule, and still stops', async () => {
    const task = new Counting(null);
    task.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(task.runs).toBe(0);
    await task.onApplicationShutdown();
    expect(task.stops).toBe(1);
  });
});
