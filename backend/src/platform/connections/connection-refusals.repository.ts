import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CONNECTION_REFUSALS, type ConnectionRefusal } from '@nexus/contract';
import { RedisRepository } from '../redis/index.js';

/** Counts of a process reach Redis at most this often: a flood's refusals cost a map update each. */
export const REFUSALS_FLUSH_MS = 1000;
const HOUR_MS = 3_600_000;
/** The dashboard shows the last 24 hourly buckets. */
const HOURS_SHOWN = 24;

/** Every kind at zero. */
export function noRefusals(): Record<ConnectionRefusal, number> {
  return Object.fromEntries(CONNECTION_REFUSALS.map((kind) => [kind, 0])) as Record<
    ConnectionRefusal,
    number
  >;
}

/**
 * Refusals of the connection limits, counted in this process and added to an hourly bucket in
 * Redis (one hash per hour, kept a day) so that the security dashboard of any API process shows
 * every process's refusals. Recording never fails or waits: Redis away loses a second's counts.
 */
@Injectable()
export class ConnectionRefusalsRepository extends RedisRepository implements OnModuleDestroy {
  private readonly logger = new Logger('ConnectionLimits');
  private pending = noRefusals();
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;

  private bucket(hour: number): string {
    return this.connections.key('security', 'connection-refusals', String(hour));
  }

  record(kind: ConnectionRefusal): void {
    this.pending[kind] += 1;
    this.dirty = true;
    this.timer ??= setTimeout(() => void this.flush(), REFUSALS_FLUSH_MS).unref();
  }

  /** Refusals within the last 24 hours (by the hour), of every process, this one's unsent ones included. */
  async counts(now = Date.now()): Promise<Record<ConnectionRefusal, number>> {
    const hour = Math.floor(now / HOUR_MS);
    const pipeline = this.redis.pipeline();
    for (let i = 0; i < HOURS_SHOWN; i++) pipeline.hgetall(this.bucket(hour - i));
    const answers = (await pipeline.exec()) ?? [];
    const total = { ...this.pending };
    for (const [error, fields] of answers) {
      if (error) throw error;
      for (const [kind, count] of Object.entries(fields as Record<string, string>)) {
        if (kind in total) total[kind as ConnectionRefusal] += Number(count) || 0;
      }
    }
    return total;
  }

  async flush(now = Date.now()): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.dirty) return;
    const counts = this.pending;
    this.pending = noRefusals();
    this.dirty = false;
    const key = this.bucket(Math.floor(now / HOUR_MS));
    const multi = this.redis.multi();
    for (const kind of CONNECTION_REFUSALS) if (counts[kind] > 0) multi.hincrby(key, kind, counts[kind]);
    multi.pexpire(key, (HOURS_SHOWN + 1) * HOUR_MS);
    try {
      await multi.exec();
    } catch (error) {
      this.logger.warn(
        `could not count connection refusals: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
