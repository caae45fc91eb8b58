import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/** When a repeating task runs: every `everyMs`, the first time `firstMs` after the start (0: at once). */
export interface RepeatSchedule {
  everyMs: number;
  firstMs: number;
}

/**
 * A task a process repeats in the background from its start to its stop: one run at a time (a run
 * due while the last one goes on is skipped), on timers that never hold the process open, and a
 * stop that waits for the run in progress before `stopped`.
 */
export abstract class RepeatingTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  /** When to run; null: not in this process. Asked once, at the start. */
  protected abstract schedule(): RepeatSchedule | null;

  /** One run; its failures are its own to report (a rejection is dropped). */
  protected abstract runOnce(): Promise<unknown>;

  /** After the stop, once the last run has ended. */
  protected async stopped(): Promise<void> {}

  onApplicationBootstrap(): void {
    const schedule = this.schedule();
    if (!schedule) return;
    const tick = (): void => {
      this.running ??= this.runOnce()
        .catch(() => undefined)
        .finally(() => {
          this.running = null;
        });
    };
    const repeat = (): void => {
      tick();
      this.timer = setInterval(tick, schedule.everyMs);
      this.timer.unref();
    };
    if (schedule.firstMs <= 0) {
      repeat();
      return;
    }
    this.timer = setTimeout(repeat, schedule.firstMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.stopped();
  }
}
