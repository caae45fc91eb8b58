import { describe, expect, it } from '@jest/globals';
import type {
  HistoryProgress,
  NftsRequest,
  NftsResponse,
  ScanCompleted,
  ScanProgress,
} from '@nexus/contract';
import { FakeListeners } from '../../testing/fake-listeners';
import { runScan, ScanFailedError, type ScanChannel, type ScanListener } from './scan-session';

const request: NftsRequest = {
  address: '0xABCDEF0000000000000000000000000000000001',
  network: 'polygon',
  searchType: 'collection',
};
const key = 'collection:polygon:0xabcdef0000000000000000000000000000000001';

function progress(stage: ScanProgress['stage'], percent: number, forKey = key): ScanProgress {
  return {
    key: forKey,
    kind: 'collection',
    network: 'polygon',
    address: request.address.toLowerCase(),
    stage,
    percent,
    tokensFound: 3,
    metadataFetched: 1,
    tokensTotal: 10,
    startedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:01.000Z',
    emittedAt: 0,
    error: null,
  };
}

function answer(overrides: Partial<NftsResponse> = {}): NftsResponse {
  return {
    nfts: [],
    scanDuration: 5,
    fromCache: false,
    loadTime: 12,
    cacheSource: 'fresh',
    cacheType: 'collection',
    totalCollections: 1,
    error: null,
    isComplete: true,
    scanKey: key,
    ...overrides,
  };
}

/** The scan:completed event of a scan; its figures are not what these tests look at. */
function completed(forKey = key, figures = { totalNfts: 2, scanDuration: 9 }): ScanCompleted {
  return { key: forKey, totalCollections: 1, isComplete: true, ...figures };
}

/**
 * A `requestNfts` giving the answers in turn, each made when its POST arrives (the last one for
 * every POST after it); `posts()` tells how many POSTs there were.
 */
function answersInTurn(...turns: (() => NftsResponse)[]) {
  let posts = 0;
  return {
    posts: () => posts,
    requestNfts: () => {
      posts += 1;
      return Promise.resolve(turns[Math.min(posts, turns.length) - 1]());
    },
  };
}

/** No progress listener, and no recheck within a test: the scan ends by the events it is given. */
const quiet = { onProgress: () => undefined, recheckAfterMs: 60_000 };

class FakeChannel extends FakeListeners<ScanListener> implements ScanChannel {
  readonly subscribed: string[] = [];
  readonly unsubscribed: string[] = [];
  current: ScanProgress | null = null;

  subscribe(subscribeKey: string): Promise<ScanProgress | null> {
    this.subscribed.push(subscribeKey);
    return Promise.resolve(this.current);
  }

  unsubscribe(unsubscribeKey: string): void {
    this.unsubscribed.push(unsubscribeKey);
  }
}

describe(runScan.name, () => {
  it('subscribes before asking and returns a direct answer', async () => {
    const channel = new FakeChannel();
    const calls: string[] = [];
    const result = await runScan(request, {
      channel,
      onProgress: () => undefined,
      requestNfts: (body) => {
        calls.push(`post ${body.address} after ${channel.subscribed.join(',')}`);
        return Promise.resolve(answer({ fromCache: true }));
      },
    });
    expect(result.fromCache).toBe(true);
    expect(calls).toEqual([`post ${request.address} after ${key}`]);
    expect(channel.unsubscribed).toEqual([key]);
    expect(channel.listeners.size).toBe(0);
  });

  it('forwards the ack progress and live progress of its own key only', async () => {
    const channel = new FakeChannel();
    channel.current = progress('initializing', 10);
    const seen: string[] = [];
    await runScan(request, {
      channel,
      onProgress: (p) => seen.push(`${p.stage}:${p.percent}`),
      requestNfts: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        channel.emit((l) => l.progress(progress('preparing', 25)));
        channel.emit((l) => l.progress(progress('calculating', 75, 'wallet:polygon:0xother')));
        return answer();
      },
    });
    expect(seen).toEqual(['initializing:10', 'preparing:25']);
  });

  it("forwards the history progress of the scanned collection only, while the scan's room is followed", async () => {
    const channel = new FakeChannel();
    const history = (contract: string, percent: number): HistoryProgress => ({
      network: 'polygon',
      contract,
      state: 'reading',
      fromBlock: 1,
      indexedTo: percent,
      toBlock: 100,
      percent,
    });
    const seen: string[] = [];
    await runScan(request, {
      channel,
      onProgress: () => undefined,
      onHistory: (event) => seen.push(`${event.contract}:${event.percent}`),
      requestNfts: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        channel.emit((l) => l.history?.(history(request.address.toLowerCase(), 42)));
        channel.emit((l) => l.history?.(history('0x9999999999999999999999999999999999999999', 77)));
        channel.emit((l) =>
          l.history?.({ ...history(request.address.toLowerCase(), 50), network: 'ethereum' }),
        );
        return answer();
      },
    });
    expect(seen).toEqual([`${request.address.toLowerCase()}:42`]);
    expect(channel.listeners.size).toBe(0);
  });

  it('asks without waiting for the room, and drops an acknowledgement older than the live progress', async () => {
    const channel = new FakeChannel();
    let acknowledge: (progress: ScanProgress | null) => void = () => undefined;
    channel.subscribe = (subscribeKey) => {
      channel.subscribed.push(subscribeKey);
      return new Promise((resolve) => (acknowledge = resolve));
    };
    const seen: string[] = [];
    const api = answersInTurn(
      () => {
        channel.emit((l) => l.progress(progress('calculating', 75)));
        setTimeout(() => acknowledge(progress('preparing', 25)), 5);
        setTimeout(() => channel.emit((l) => l.completed(completed())), 10);
        return answer({ pending: true });
      },
      () => answer({ fromCache: true }),
    );
    const result = await runScan(request, {
      channel,
      ...quiet,
      onProgress: (p) => seen.push(`${p.stage}:${p.percent}`),
      requestNfts: api.requestNfts,
    });
    expect(api.posts()).toBe(2);
    expect(result.fromCache).toBe(true);
    expect(seen).toEqual(['calculating:75']);
  });

  it('knows from the acknowledgement a job that ended before the room was joined', async () => {
    const channel = new FakeChannel();
    channel.current = progress('complete', 100);
    const api = answersInTurn(
      () => answer({ pending: true }),
      () => answer({ loadTime: 2 }),
    );
    const result = await runScan(request, { channel, ...quiet, requestNfts: api.requestNfts });
    expect(api.posts()).toBe(2);
    expect(result.loadTime).toBe(2);
  });

  it('waits for scan:completed after a pending answer and asks again', async () => {
    const channel = new FakeChannel();
    const api = answersInTurn(
      () => {
        setTimeout(() => channel.emit((l) => l.completed(completed())), 5);
        return answer({ pending: true });
      },
      () => answer({ fromCache: true, loadTime: 3 }),
    );
    const result = await runScan(request, { channel, ...quiet, requestNfts: api.requestNfts });
    expect(api.posts()).toBe(2);
    expect(result.loadTime).toBe(3);
  });

  it('raises the worker error of scan:failed', async () => {
    const channel = new FakeChannel();
    const run = runScan(request, {
      channel,
      ...quiet,
      requestNfts: () => {
        setTimeout(() => channel.emit((l) => l.failed({ key, error: 'Contract not found on polygon' })), 5);
        return Promise.resolve(answer({ pending: true }));
      },
    });
    await expect(run).rejects.toThrow(new ScanFailedError('Contract not found on polygon'));
    expect(channel.listeners.size).toBe(0);
  });

  it('asks again after the recheck delay when no event arrives', async () => {
    const channel = new FakeChannel();
    const api = answersInTurn(
      () => answer({ pending: true }),
      () => answer({ pending: true }),
      () => answer(),
    );
    const result = await runScan(request, {
      channel,
      ...quiet,
      recheckAfterMs: 10,
      requestNfts: api.requestNfts,
    });
    expect(api.posts()).toBe(3);
    expect(result.pending).toBeUndefined();
  });

  it('follows the key the server names when it differs', async () => {
    const channel = new FakeChannel();
    const ensRequest: NftsRequest = { address: 'alice.eth', network: 'ethereum', searchType: 'wallet' };
    const resolvedKey = 'wallet:ethereum:0x00000000000000000000000000000000000000aa';
    const seen: string[] = [];
    const api = answersInTurn(
      () => {
        setTimeout(() => {
          channel.emit((l) => l.progress(progress('calculating', 75, resolvedKey)));
          channel.emit((l) => l.completed(completed(resolvedKey, { totalNfts: 1, scanDuration: 1 })));
        }, 5);
        return answer({ pending: true, scanKey: resolvedKey });
      },
      () => answer({ scanKey: resolvedKey }),
    );
    await runScan(ensRequest, {
      channel,
      ...quiet,
      onProgress: (p) => seen.push(p.key),
      requestNfts: api.requestNfts,
    });
    expect(channel.subscribed).toEqual(['wallet:ethereum:alice.eth', resolvedKey]);
    expect(seen).toEqual([resolvedKey]);
    expect(channel.unsubscribed.sort()).toEqual([resolvedKey, 'wallet:ethereum:alice.eth'].sort());
  });

  it('stops waiting when aborted', async () => {
    const channel = new FakeChannel();
    const controller = new AbortController();
    const run = runScan(request, {
      channel,
      signal: controller.signal,
      ...quiet,
      requestNfts: () => {
        setTimeout(() => controller.abort(new Error('cancelled')), 5);
        return Promise.resolve(answer({ pending: true }));
      },
    });
    await expect(run).rejects.toThrow('cancelled');
  });
});
