import { Test } from '@nestjs/testing';
import { queuedScansPerClientMessage, type Nft, type NftsRequest, type NftsResponse } from '@nexus/contract';
import { inflateSync } from 'node:zlib';
import { AddressesService } from '../addresses/index.js';
import { CollectionPageRepository, CollectionsRepository, type NftRecord } from '../collections/index.js';
import { deflatePart, TooManyRequestsException } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import { FakeCollections, FakeQueue, FakeScanCache } from '../jobs/testing/fake-state.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import type { ScanOutcome } from '../platform/realtime/index.js';
import { ScanAdmission } from './scan-admission.service.js';
import { ScanCacheRepository, type CachedScan } from './scan-cache.repository.js';
import { ScanWaiter } from './scan-waiter.service.js';
import { ScansService, type NftsAnswer } from './scans.service.js';
import { SearchRepository } from './search.repository.js';

const COLLECTION = '0x' + 'a1'.repeat(20);
const WALLET = '0x' + 'b2'.repeat(20);
const SCAN_WAIT_MS = 25_000;
const CLIENT = '203.0.113.7';

/** Waiting requests: resolved by the test (as the outcome channel would), or at once with null (time out). */
class FakeWaiter implements Pick<ScanWaiter, 'waitFor'> {
  readonly waits: Array<{ key: string; timeoutMs: number; cancelled: boolean }> = [];
  private readonly pending = new Map<string, (outcome: ScanOutcome | null) => void>();
  timesOut = false;

  waitFor(key: string, timeoutMs: number) {
    const wait = { key, timeoutMs, cancelled: false };
    this.waits.push(wait);
    const promise = new Promise<ScanOutcome | null>((resolve) => {
      if (this.timesOut) resolve(null);
      else this.pending.set(key, resolve);
    });
    return { promise, cancel: () => void (wait.cancelled = true) };
  }

  publish(outcome: ScanOutcome): void {
    this.pending.get(outcome.event.key)?.(outcome);
  }
}

class FakeSearches implements Pick<SearchRepository, 'record'> {
  readonly recorded: Array<[string, string, string, boolean]> = [];
  record(term: string, network: string, searchType: string, fromCache: boolean): void {
    this.recorded.push([term, network, searchType, fromCache]);
  }
}

/** Admission that lets every scan start, and remembers which it counted; or refuses them all. */
class FakeAdmission implements Pick<ScanAdmission, 'admit' | 'started' | 'release'> {
  readonly started_: Array<[string, string]> = [];
  refusal: Error | null = null;

  async admit(): Promise<boolean> {
    if (this.refusal) throw this.refusal;
    return true;
  }

  async started(client: string, key: string): Promise<void> {
    this.started_.push([client, key]);
  }

  async release(): Promise<void> {}
}

/** Addresses as the API checks them: lower-cased, and one ENS name. */
class FakeAddresses implements Pick<AddressesService, 'resolveForScan'> {
  async resolveForScan(input: string): Promise<string> {
    return input === 'demo.eth' ? WALLET : input.toLowerCase();
  }
}

const nft = (tokenId: string): Partial<Nft> => ({ tokenId, name: `Cat #${tokenId}` });
const cached = (nfts: Array<Partial<Nft>>, isComplete = true): CachedScan => ({
  meta: { scanDuration: 1200, totalCollections: 1, isComplete, cachedAt: Date.now() },
  nftsJson: JSON.stringify(nfts),
});

function read(answer: NftsAnswer): NftsResponse {
  return JSON.parse(answer.body.map((chunk) => chunk.toString()).join('')) as NftsResponse;
}

describe(ScansService.name, () => {
  let cache: FakeScanCache;
  let queue: FakeQueue;
  let waiter: FakeWaiter;
  let collections: FakeCollections;
  let searches: FakeSearches;
  let admission: FakeAdmission;
  let sut: ScansService;

  beforeEach(async () => {
    cache = new FakeScanCache();
    queue = new FakeQueue();
    waiter = new FakeWaiter();
    collections = new FakeCollections();
    searches = new FakeSearches();
    admission = new FakeAdmission();
    const module = await Test.createTestingModule({
      providers: [
        ScansService,
        { provide: AppConfig, useValue: { scanWaitMs: SCAN_WAIT_MS, fullAnswerMaxNfts: 10_000 } },
        // Collections past the whole-answer limit: collection-page.http.spec.ts.
        { provide: CollectionPageRepository, useValue: {} },
        { provide: ScanCacheRepository, useValue: cache },
        { provide: ScanQueueRepository, useValue: queue },
        { provide: ScanWaiter, useValue: waiter },
        { provide: CollectionsRepository, useValue: collections },
        { provide: SearchRepository, useValue: searches },
        { provide: AddressesService, useValue: new FakeAddresses() },
        { provide: ScanAdmission, useValue: admission },
      ],
    }).compile();
    sut = module.get(ScansService);
  });

  const request = (body: Partial<NftsRequest> = {}): NftsRequest => ({
    address: COLLECTION,
    network: 'polygon',
    searchType: 'collection',
    ...body,
  });
  /** A worker that scans what is queued: caches the answer, then publishes the outcome. */
  const workerAnswers = (nfts: Array<Partial<Nft>>) => {
    queue.onEnqueue = (payload) => {
      void cache.set(payload.key, payload.kind, cached(nfts)).then(() =>
        waiter.publish({
          type: 'completed',
          event: {
            key: payload.key,
            totalNfts: nfts.length,
            totalCollections: 1,
            scanDuration: 5,
            isComplete: true,
          },
        }),
      );
    };
  };

  it('answers a cached scan from Redis, with no job, and records the search as served from cache', async () => {
    const key = `collection:polygon:${COLLECTION}`;
    await cache.set(key, 'collection', cached([nft('1'), nft('2')]));

    const answer = await sut.getNfts(
      request({ address: COLLECTION.toUpperCase().replace('0X', '0x') }),
      CLIENT,
    );

    expect(answer.status).toBe(200);
    expect(read(answer)).toMatchObject({
      nfts: [nft('1'), nft('2')],
      fromCache: true,
      cacheSource: 'redis',
      cacheType: 'collection',
      scanDuration: 1200,
      totalCollections: 1,
      isComplete: true,
      error: null,
      scanKey: key,
    });
    expect(queue.enqueued).toEqual([]);
    expect(searches.recorded).toEqual([[COLLECTION, 'polygon', 'collection', true]]);
  });

  it('answers a stored collection from PostgreSQL and fills the cache with it', async () => {
    const records: NftRecord[] = ['1', '2', '3'].map((tokenId) => ({
      tokenId,
      tokenUri: null,
      name: '',
      description: '',
      image: null,
      attributes: [],
      metadataStatus: 'missing',
      rarityScore: null,
      rarityRank: null,
    }));
    const info = {
      network: 'polygon' as const,
      address: COLLECTION,
      name: 'Cats',
      symbol: 'C',
      standard: 'ERC-721' as const,
      totalSupply: 3,
      enumerable: true,
    };
    await collections.saveScan({ info, nfts: records, scanDuration: 700, isComplete: true });

    const answer = read(await sut.getNfts(request(), CLIENT));

    expect(answer).toMatchObject({
      fromCache: true,
      cacheSource: 'database',
      scanDuration: 700,
      isComplete: true,
    });
    expect(answer.nfts.map((n) => n.name)).toEqual(['Cats #1', 'Cats #2', 'Cats #3']);
    expect(cache.entries.get(`collection:polygon:${COLLECTION}`)?.kind).toBe('collection');
    expect(queue.enqueued).toEqual([]);
  });

  it('queues a scan on a miss, waits for it, and answers it fresh', async () => {
    workerAnswers([nft('7')]);

    const answer = await sut.getNfts(request(), CLIENT);

    expect(read(answer)).toMatchObject({ nfts: [nft('7')], fromCache: false, cacheSource: 'fresh' });
    expect(queue.enqueued).toEqual([
      {
        key: `collection:polygon:${COLLECTION}`,
        kind: 'collection',
        network: 'polygon',
        address: COLLECTION,
        includeMetadata: true,
        includeAllTokenTypes: true,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        requestedAt: expect.any(String),
      },
    ]);
    expect(waiter.waits).toEqual([
      { key: `collection:polygon:${COLLECTION}`, timeoutMs: SCAN_WAIT_MS, cancelled: false },
    ]);
    expect(searches.recorded).toEqual([[COLLECTION, 'polygon', 'collection', false]]);
  });

  it('scans a wallet by its ENS name, never from PostgreSQL, with the options asked', async () => {
    workerAnswers([nft('3')]);

    const answer = read(
      await sut.getNfts(
        request({
          address: 'demo.eth',
          searchType: 'wallet',
          includeMetadata: false,
          includeAllTokenTypes: false,
        }),
        CLIENT,
      ),
    );

    expect(answer).toMatchObject({ cacheType: 'wallet', scanKey: `wallet:polygon:${WALLET}` });
    expect(queue.enqueued[0]).toMatchObject({
      kind: 'wallet',
      address: WALLET,
      includeMetadata: false,
      includeAllTokenTypes: false,
    });
  });

  it('bypasses the cache with forceRefresh', async () => {
    await cache.set(`collection:polygon:${COLLECTION}`, 'collection', cached([nft('old')]));
    workerAnswers([nft('new')]);

    const answer = read(await sut.getNfts(request({ forceRefresh: true }), CLIENT));

    expect(answer).toMatchObject({ nfts: [nft('new')], fromCache: false });
    expect(queue.enqueued).toHaveLength(1);
  });

  it('counts a scan it starts against the client that asked for it', async () => {
    workerAnswers([nft('7')]);

    await sut.getNfts(request(), CLIENT);

    expect(admission.started_).toEqual([[CLIENT, `collection:polygon:${COLLECTION}`]]);
  });

  it('starts nothing and records no search when admission refuses the scan', async () => {
    admission.refusal = new TooManyRequestsException(10, queuedScansPerClientMessage(3));

    await expect(sut.getNfts(request({ forceRefresh: true }), CLIENT)).rejects.toThrow(
      'You already have 3 scans in progress. Please wait for one to finish, then try again.',
    );
    expect(queue.enqueued).toEqual([]);
    expect(waiter.waits).toEqual([]);
    expect(searches.recorded).toEqual([]);
  });

  it('answers a cached scan without asking admission', async () => {
    admission.refusal = new Error('not asked');
    await cache.set(`collection:polygon:${COLLECTION}`, 'collection', cached([nft('1')]));

    await expect(sut.getNfts(request(), CLIENT)).resolves.toMatchObject({ status: 200 });
  });

  it('answers 202 pending with the scan key when the scan outlives the wait', async () => {
    waiter.timesOut = true;

    const answer = await sut.getNfts(request(), CLIENT);

    expect(answer.status).toBe(202);
    expect(read(answer)).toMatchObject({
      pending: true,
      nfts: [],
      scanKey: `collection:polygon:${COLLECTION}`,
    });
  });

  it('only starts the scan for a preload: no wait', async () => {
    waiter.timesOut = true;

    const answer = await sut.getNfts(request({ preload: true }), CLIENT);

    expect(answer.status).toBe(202);
    expect(waiter.waits[0]!.timeoutMs).toBe(0);
    expect(queue.enqueued).toHaveLength(1);
  });

  it('answers a failed scan with its error and no NFTs', async () => {
    queue.onEnqueue = (payload) =>
      waiter.publish({ type: 'failed', event: { key: payload.key, error: 'Collection Not Found' } });

    const answer = await sut.getNfts(request(), CLIENT);

    expect(answer.status).toBe(200);
    expect(read(answer)).toMatchObject({
      nfts: [],
      error: 'Collection Not Found',
      fromCache: false,
      totalCollections: 0,
    });
  });

  it('stops waiting when the scan cannot be queued', async () => {
    queue.failWith = new Error('Redis is down');

    await expect(sut.getNfts(request(), CLIENT)).rejects.toThrow('Redis is down');
    expect(waiter.waits[0]!.cancelled).toBe(true);
  });

  it('sends a cached list that was compressed once as a deflate stream of the whole answer', async () => {
    const nftsJson = JSON.stringify(Array.from({ length: 200 }, (_, i) => nft(String(i))));
    const key = `collection:polygon:${COLLECTION}`;
    await cache.set(key, 'collection', { ...cached([]), nftsJson, deflated: await deflatePart(nftsJson) });

    const answer = await sut.getNfts(request(), CLIENT);

    // HTTP's deflate is the zlib format.
    const inflated = inflateSync(Buffer.concat(answer.deflated!()));
    expect(JSON.parse(inflated.toString())).toEqual(read(answer));
  });
});
