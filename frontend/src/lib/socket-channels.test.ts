import { describe, expect, it } from '@jest/globals';
import { SocketEvent, type ScanProgress, type TransfersIndexed } from '@nexus/contract';
import { createSocketActivityChannel, deferredActivityChannel } from './activity-channel';
import { createSocketScanChannel, deferredScanChannel } from './scan-channel';
import type { NexusSocket } from './socket-client';

type Handler = (...args: unknown[]) => void;

/** A socket.io client as far as the channels use it: what they emitted, and events to send them. */
class FakeSocket {
  connected = false;
  readonly emitted: Array<[string, ...unknown[]]> = [];
  private readonly handlers = new Map<string, Set<Handler>>();
  /** Answers a subscribe's acknowledgement with this progress. */
  progress: ScanProgress | null = null;

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    const ack = args.at(-1);
    if (typeof ack === 'function') {
      this.emitted.push([event, ...args.slice(0, -1)]);
      (ack as Handler)({ progress: this.progress });
    } else this.emitted.push([event, ...args]);
    return this;
  }
  /** The server sends an event (or the socket reports one, as `connect`). */
  receive(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  connect() {
    this.connected = true;
    this.receive('connect');
  }
  listeners(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }
  asSocket(): NexusSocket {
    return this as unknown as NexusSocket;
  }
}

/** A socket fetched later: `arrive` hands it over. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { ready: () => promise, arrive: resolve, fail: reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const transfers = (key: string): TransfersIndexed =>
  ({
    key,
    network: 'ethereum',
    contracts: [],
    fromBlock: 1,
    toBlock: 2,
    transfers: 1,
    mints: 0,
    burns: 0,
  }) as unknown as TransfersIndexed;

describe('activity channel before the socket is in', () => {
  it('follows, hears and unfollows in the order asked, once the socket arrives', async () => {
    const socket = new FakeSocket();
    const fetched = later<ReturnType<typeof createSocketActivityChannel>>();
    const sut = deferredActivityChannel(fetched.ready);
    const heard: string[] = [];
    sut.listen({ transfers: (event) => heard.push(event.key), reorg: () => undefined });
    sut.follow('collection:ethereum:0xa');
    sut.follow('collection:ethereum:0xa');
    sut.follow('wallet:ethereum:0xb');
    sut.unfollow('wallet:ethereum:0xb');
    await flush();
    expect(socket.emitted).toEqual([]);

    fetched.arrive(createSocketActivityChannel(socket.asSocket()));
    await flush();
    // One join per room however many follow it; not connected yet, so no leave is sent.
    expect(socket.emitted).toEqual([
      [SocketEvent.ActivitySubscribe, 'collection:ethereum:0xa'],
      [SocketEvent.ActivitySubscribe, 'wallet:ethereum:0xb'],
    ]);
    socket.receive(SocketEvent.Transfers, transfers('collection:ethereum:0xa'));
    expect(heard).toEqual(['collection:ethereum:0xa']);

    // A reconnect joins again the rooms still followed, and only those.
    socket.emitted.length = 0;
    socket.connect();
    expect(socket.emitted).toEqual([[SocketEvent.ActivitySubscribe, 'collection:ethereum:0xa']]);

    // The last of two followers leaves the room; the first does not.
    socket.emitted.length = 0;
    sut.unfollow('collection:ethereum:0xa');
    await flush();
    expect(socket.emitted).toEqual([]);
    sut.unfollow('collection:ethereum:0xa');
    await flush();
    expect(socket.emitted).toEqual([[SocketEvent.ActivityUnsubscribe, 'collection:ethereum:0xa']]);
  });

  it('never registers a listener removed before the socket arrived', async () => {
    const socket = new FakeSocket();
    const fetched = later<ReturnType<typeof createSocketActivityChannel>>();
    const sut = deferredActivityChannel(fetched.ready);
    const stop = sut.listen({ transfers: () => undefined, reorg: () => undefined });
    stop();
    fetched.arrive(createSocketActivityChannel(socket.asSocket()));
    await flush();
    expect(socket.listeners(SocketEvent.Transfers)).toBe(0);
    expect(socket.listeners(SocketEvent.Reorg)).toBe(0);
  });
});

describe('scan channel before the socket is in', () => {
  it("subscribes once the socket arrives and answers the job's progress", async () => {
    const socket = new FakeSocket();
    socket.progress = { key: 'k' } as unknown as ScanProgress;
    const fetched = later<ReturnType<typeof createSocketScanChannel>>();
    const sut = deferredScanChannel(fetched.ready);
    const answer = sut.subscribe('k');
    fetched.arrive(createSocketScanChannel(socket.asSocket()));
    expect(await answer).toBe(socket.progress);
    expect(socket.emitted).toEqual([[SocketEvent.Subscribe, 'k']]);

    socket.emitted.length = 0;
    socket.connect();
    expect(socket.emitted).toEqual([[SocketEvent.Subscribe, 'k']]);
  });

  it('answers null rather than failing when the socket could not be fetched', async () => {
    const sut = deferredScanChannel(() => Promise.reject(new Error('chunk failed')));
    const stop = sut.listen({
      progress: () => undefined,
      completed: () => undefined,
      failed: () => undefined,
    });
    expect(await sut.subscribe('k')).toBeNull();
    stop();
    sut.unsubscribe('k');
  });
});
