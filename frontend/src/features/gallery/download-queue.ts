/** SPEC §9 download queue. */
export const DOWNLOAD_CONCURRENCY = 3;
export const DOWNLOAD_START_DELAY_MS = 500;

export interface DownloadQueueOptions {
  concurrency: number;
  startDelayMs: number;
}

/**
 * At most `concurrency` downloads at once, each starting `startDelayMs` after it gets its slot (a
 * burst of clicks never fires a burst of requests); the rest wait in order.
 */
export class DownloadQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly options: DownloadQueueOptions = {
      concurrency: DOWNLOAD_CONCURRENCY,
      startDelayMs: DOWNLOAD_START_DELAY_MS,
    },
  ) {}

  /** Downloads running or about to start (in their start delay). */
  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active += 1;
        setTimeout(() => {
          task()
            .then(resolve, reject)
            .finally(() => {
              this.active -= 1;
              this.waiting.shift()?.();
            });
        }, this.options.startDelayMs);
      };
      if (this.active < this.options.concurrency) start();
      else this.waiting.push(start);
    });
  }
}
