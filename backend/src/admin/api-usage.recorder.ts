import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import { ApiUsageRepository, type ApiUsageBatch } from './api-usage.repository.js';

/** How often a process adds its counts to the shared counters. */
export const API_USAGE_FLUSH_MS = 1000;

/** `YYYY-MM-DD` of a time, in UTC: "today" is the same day on every node. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * Counts API requests in memory and adds them to Redis once a second: counting costs the request
 * path a map update instead of a Redis round trip. Readers call flush() first, so their own node's
 * counts are exact; other nodes' lag by at most a second.
 */
@Injectable()
export class ApiUsageRecorder implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ApiUsageRecorder.name);
  private timer: NodeJS.Timeout | null = null;
  private requests = 0;
  /** `network|day` → count. */
  private calls = new Map<string, number>();
  private lastCall: Partial<Record<Network, number>> = {};
  private flushing: Promise<void> = Promise.resolve();
  /** The UTC day being counted, kept so a request costs no date formatting. */
  private day = { start: 0, end: 0, text: '' };

  constructor(private readonly repository: ApiUsageRepository) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), API_USAGE_FLUSH_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** One /api request, naming a network or not. */
  record(network: Network | null, now = Date.now()): void {
    this.requests++;
    if (network === null) return;
    const key = `${network}|${this.dayOf(now)}`;
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
    this.lastCall[network] = now;
  }

  private dayOf(now: number): string {
    if (now < this.day.start || now >= this.day.end) {
      const start = now - (now % DAY_MS);
      this.day = { start, end: start + DAY_MS, text: utcDay(now) };
    }
    return this.day.text;
  }

  /** Adds the pending counts to Redis; counts a failed write would lose are kept for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.requests === 0 && this.calls.size === 0) return;
    const batch: ApiUsageBatch = {
      requests: this.requests,
      calls: [...this.calls].map(([key, count]) => {
        const [network, day] = key.split('|') as [Network, string];
        return { network, day, count };
      }),
      lastCall: this.lastCall,
    };
    this.requests = 0;
    this.calls = new Map();
    this.lastCall = {};
    try {
      await this.repository.add(batch);
    } catch (error) {
      this.requests += batch.requests;
      for (const { network, day, count } of batch.calls) {
        const key = `${network}|${day}`;
        this.calls.set(key, (this.calls.get(key) ?? 0) + count);
      }
      this.lastCall = { ...batch.lastCall, ...this.lastCall };
      this.logger.warn(
        `API counters not saved yet: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
