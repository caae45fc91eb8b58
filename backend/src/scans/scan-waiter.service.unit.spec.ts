import { jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { ScanOutcome, ScanProgressRepository } from '../platform/realtime/index.js';
import type { RedisConnections } from '../platform/redis/index.js';
import { FakeProgress, FakeScanCache } from '../jobs/testing/fake-state.js';
import type { ScanCacheRepository } from './scan-cache.repository.js';
import { ScanWaiter } from './scan-waiter.service.js';

const ADDRESS = '0x' + 'c4'.repeat(20);
const KEY = `collection:polygon:${ADDRESS}`;

/** The outcome channel's subscriber connection. */
class FakeSubscriber extends EventEmitter {
  readonly channels: string[] = [];
  async subscribe(channel: string): Promise<void> {
    this.channels.push(channel);
  }
  publish(outcome: ScanOutcome): void {
    this.emit('message', this.channels[0], JSON.stringify(outcome));
  }
}

const completed = (key: string): ScanOutcome => ({
  type: 'completed',
  event: { key, totalNfts: 3, totalCollections: 1, scanDuration: 9, isComplete: true },
});

describe(ScanWaiter.name, () => {
  let subscriber: FakeSubscriber;
  let cache: FakeScanCache;
  let sut: ScanWaiter;

  beforeEach(async () => {
    subscriber = new FakeSubscriber();
    cache = new FakeScanCache();
    const connections = { open: () => subscriber } as unknown as RedisConnections;
    sut = new ScanWaiter(
      connections,
      new FakeProgress() as unknown as ScanProgressRepository,
      cache as unknown as ScanCacheRepository,
    );
    await sut.onModuleInit();
  });

  afterEach(() => jest.useRealTimers());

  it('listens on the outcome channel', () => {
    expect(subscriber.channels).toEqual(['test:scan-outcomes']);
  });

  it("gives every request waiting on a key the scan's outcome, and forgets this node's cached copy", async () => {
    const first = sut.waitFor(KEY, 10_000);
    const second = sut.waitFor(KEY, 10_000);

    subscriber.publish(completed(KEY));

    await expect(first.promise).resolves.toEqual(completed(KEY));
    await expect(second.promise).resolves.toEqual(completed(KEY));
    expect(cache.forgotten).toEqual([KEY]);
  });

  it("forgets the collection's answer too when its ranking finishes (the job rewrote its ranks)", () => {
    subscriber.publish(completed(`rarity:polygon:${ADDRESS}`));

    expect(cache.forgotten).toEqual([`rarity:polygon:${ADDRESS}`, KEY]);
  });

  it('passes on a failure', async () => {
    const wait = sut.waitFor(KEY, 10_000);
    const failed: ScanOutcome = { type: 'failed', event: { key: KEY, error: 'Collection Not Found' } };

    subscriber.publish(failed);

    await expect(wait.promise).resolves.toEqual(failed);
  });

  it('leaves requests on other keys waiting', async () => {
    jest.useFakeTimers();
    const wait = sut.waitFor(KEY, 1000);
    subscriber.publish(completed(`wallet:polygon:${ADDRESS}`));
    jest.advanceTimersByTime(999);
    let settled = false;
    void wait.promise.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    jest.advanceTimersByTime(1);
    await expect(wait.promise).resolves.toBeNull();
  });

  it('answers null when the wait is over, or cancelled, and then ignores the outcome', async () => {
    jest.useFakeTimers();
    const timedOut = sut.waitFor(KEY, 50);
    const cancelled = sut.waitFor(KEY, 10_000);
    const waiting = sut.waitFor(KEY, 10_000);

    jest.advanceTimersByTime(50);
    cancelled.cancel();
    subscriber.publish(completed(KEY));

    await expect(timedOut.promise).resolves.toBeNull();
    await expect(cancelled.promise).resolves.toBeNull();
    await expect(waiting.promise).resolves.toEqual(completed(KEY));
  });

  it('lets every waiting request go when the module stops', async () => {
    const wait = sut.waitFor(KEY, 10_000);

    sut.onModuleDestroy();

    await expect(wait.promise).resolves.toBeNull();
  });
});
