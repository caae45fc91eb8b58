import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/index.js';

/** A cache read that took longer than its budget (answered as a miss). */
export class CacheTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'CacheTimeoutError';
  }
}

/** One log line per this long while the cache fails, not one per request. */
const REPORT_EVERY_MS = 30_000;

/**
 * A cache is an optimisation: a Redis that fails or answers late (over CACHE_READ_TIMEOUT_MS) is
 * a cache miss, and the answer comes from PostgreSQL; a write that fails is skipped. Either is
 * logged, at most once per REPORT_EVERY_MS.
 */
@Injectable()
export class SoftCache {
  private readonly logger = new Logger('Cache');
  private lastReport = 0;
  private unreported = 0;
  readonly readBudgetMs: number;

  constructor(@Inject(AppConfig) config: Pick<AppConfig, 'cacheReadTimeoutMs'>) {
    this.readBudgetMs = config.cacheReadTimeoutMs;
  }

  /** The cached value, or `miss` when Redis fails or is too slow. */
  async read<T>(what: string, op: () => Promise<T>, miss: T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const pending = op();
    try {
      return await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new CacheTimeoutError(this.readBudgetMs)), this.readBudgetMs);
        }),
      ]);
    } catch (error) {
      // A late answer is dropped; its rejection is no one's concern.
      pending.catch(() => undefined);
      this.report(`read of ${what}`, error);
      return miss;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs a cache write; answers false (and logs) when it failed. */
  async write(what: string, op: () => Promise<unknown>): Promise<boolean> {
    try {
      await op();
      return true;
    } catch (error) {
      this.report(`write of ${what}`, error);
      return false;
    }
  }

  private report(what: string, error: unknown): void {
    this.unreported++;
    const now = Date.now();
    if (now - this.lastReport < REPORT_EVERY_MS) return;
    const reason = error instanceof Error ? error.message : String(error);
    const more = this.unreported > 1 ? ` (${this.unreported - 1} more since the last report)` : '';
    this.logger.warn(`cache ${what} failed, answered without the cache: ${reason}${more}`);
    this.lastReport = now;
    this.unreported = 0;
  }
}
