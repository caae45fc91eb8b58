import { Injectable, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { CollectionPageService } from '../collections/index.js';
import { ScanProgressRepository, type ScanOutcome } from '../platform/realtime/index.js';
import { RedisConnections } from '../platform/redis/index.js';
import { ScanCacheRepository } from './scan-cache.repository.js';

type Waiter = (outcome: ScanOutcome | null) => void;

/** Lets an API request wait, with a bound, for the outcome of a scan run by any worker. */
@Injectable()
export class ScanWaiter implements OnModuleInit, OnModuleDestroy {
  private subscriber: Redis | null = null;
  private readonly waiters = new Map<string, Set<Waiter>>();

  constructor(
    private readonly connections: RedisConnections,
    private readonly progress: ScanProgressRepository,
    private readonly cache: ScanCacheRepository,
    @Optional() private readonly pages?: CollectionPageService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = this.connections.open('scan-outcomes');
    this.subscriber.on('message', (_channel: string, message: string) => this.dispatch(message));
    await this.subscriber.subscribe(this.progress.outcomeChannel);
  }

  onModuleDestroy(): void {
    for (const set of this.waiters.values()) for (const resolve of set) resolve(null);
    this.waiters.clear();
  }

  private dispatch(message: string): void {
    const outcome = JSON.parse(message) as ScanOutcome;
    this.cache.forget(outcome.event.key);
    // A rarity job rewrites its collection's cached answer (ranks) before it reports.
    if (outcome.event.key.startsWith('rarity:'))
      this.cache.forget(outcome.event.key.replace(/^rarity:/, 'collection:'));
    // A collection scan or rarity job rewrote stored rows: the page route's index of them is dropped.
    const stored = /^(?:collection|rarity):([^:]+):(.+)$/.exec(outcome.event.key);
    if (stored) this.pages?.forget(stored[1] as Network, stored[2]!);
    const set = this.waiters.get(outcome.event.key);
    if (!set) return;
    this.waiters.delete(outcome.event.key);
    for (const resolve of set) resolve(outcome);
  }

  /**
   * Resolves with the outcome, or null after `timeoutMs`. Call before checking whether the scan is
   * still running, so that an outcome published in between is not missed.
   */
  waitFor(key: string, timeoutMs: number): { promise: Promise<ScanOutcome | null>; cancel: () => void } {
    let resolveFn: Waiter = () => undefined;
    const promise = new Promise<ScanOutcome | null>((resolve) => {
      resolveFn = resolve;
    });
    const set = this.waiters.get(key) ?? new Set<Waiter>();
    this.waiters.set(key, set);
    const timer = setTimeout(() => finish(null), timeoutMs);
    const finish: Waiter = (outcome) => {
      clearTimeout(timer);
      set.delete(finish);
      if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
      resolveFn(outcome);
    };
    set.add(finish);
    return { promise, cancel: () => finish(null) };
  }
}
