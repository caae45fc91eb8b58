import { jest } from '@jest/globals';
import { INCOMPLETE_REASONS, SCAN_ERRORS, STAGE_PERCENT, type Nft } from '@nexus/contract';
import type { NftSource } from '../chain/index.js';
import { CollectionScanService, SCAN_CHUNK } from './collection-scan.service.js';
import { PermanentScanError, ScanExecution } from './scan-execution.service.js';
import { FakeChain, FakeResolver } from './testing/fake-chain.js';
import { scanPayload, STAGES_IN_ORDER } from './testing/fake-state.js';
import { jobHarness, type JobHarness } from './testing/job-harness.js';

const CATS = '0x' + '1a'.repeat(20);
const PARTIAL = '0x' + '2b'.repeat(20);
const EMPTY = '0x' + '3c'.repeat(20);
const UNKNOWN = '0x' + '4d'.repeat(20);
const LARGE = '0x' + '5e'.repeat(20);
const HUGE = '0x' + '6f'.repeat(20);

describe(CollectionScanService.name, () => {
  const chain = new FakeChain([
    { address: CATS, supply: 120 },
    { address: PARTIAL, supply: 40, missing: 15 },
    { address: EMPTY, supply: 0 },
    { address: LARGE, supply: 2_500 },
    { address: HUGE, supply: 8_200 },
  ]);
  const resolver = new FakeResolver();
  let harness: JobHarness;
  let sut: CollectionScanService;

  beforeEach(async () => {
    harness = await jobHarness(chain, resolver);
    sut = harness.module.get(CollectionScanService);
  });

  afterEach(() => jest.restoreAllMocks());

  it('runs the SPEC §4 stages in order, then stores, caches, reports and queues the ranking', async () => {
    const payload = scanPayload('collection', CATS);

    const outcome = await sut.run(payload);

    expect(outcome).toMatchObject({ totalNfts: 120, totalCollections: 1, isComplete: true });
    const { progress, runs, cache, queue, collections } = harness;
    expect(progress.stages(payload.key)).toEqual(STAGES_IN_ORDER);
    expect(progress.events.map((e) => e.percent)).toEqual(
      progress.events.map((e) => STAGE_PERCENT[e.stage as keyof typeof STAGE_PERCENT]),
    );
    expect(progress.events.at(-1)).toMatchObject({
      tokensFound: 120,
      metadataFetched: 120,
      tokensTotal: 120,
    });
    expect(progress.completed).toEqual([{ key: payload.key, ...outcome }]);
    expect(collections.stored.get(`polygon:${CATS}`)?.nfts).toHaveLength(120);

    const cached = cache.entries.get(payload.key)!;
    expect(cached.kind).toBe('collection');
    expect(cached.value.meta).toMatchObject({ totalCollections: 1, isComplete: true });
    const nfts = cache.nfts<Nft>(payload.key);
    expect(nfts).toHaveLength(120);
    expect(nfts[7]).toMatchObject({ tokenId: '7', name: 'Fake Cat #7', contract: { address: CATS } });

    expect(queue.enqueued).toEqual([
      expect.objectContaining({ kind: 'rarity', key: `rarity:polygon:${CATS}` }),
    ]);
    // Its transfers are asked for (read where the network's index is off).
    expect(harness.history.looked).toEqual([`polygon:${CATS.toLowerCase()}`]);
    expect(runs.runs).toEqual([
      {
        id: '1',
        key: payload.key,
        attempt: 1,
        outcome: expect.objectContaining({ status: 'complete', tokensFound: 120, metadataFetched: 120 }),
      },
    ]);
  });

  it('resolves and stores a collection chunk by chunk, never the whole collection at once', async () => {
    const payload = scanPayload('collection', LARGE);

    await sut.run(payload);

    expect(harness.collections.chunkSizes).toEqual([SCAN_CHUNK, SCAN_CHUNK, 2_500 - 2 * SCAN_CHUNK]);
    expect(harness.collections.stored.get(`polygon:${LARGE}`)?.nfts).toHaveLength(2_500);
    expect(harness.cache.nfts<Nft>(payload.key).map((n) => n.tokenId)).toEqual(
      Array.from({ length: 2_500 }, (_, i) => String(i)),
    );
  });

  it('fails the attempt (for Bull to retry) when a chunk write fails while the next chunk resolves', async () => {
    // The first chunk's write fails at once (PostgreSQL gone) while the next chunks' metadata is
    // still being read: nothing awaits the failed write until then.
    const store = jest
      .spyOn(harness.collections, 'storeChunk')
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    const resolve = resolver.resolve.bind(resolver);
    let reading = 0;
    jest.spyOn(resolver, 'resolve').mockImplementation(async (uri: string) => {
      reading++;
      try {
        await new Promise((r) => setTimeout(r, 1));
        return resolve(uri);
      } finally {
        reading--;
      }
    });
    const payload = scanPayload('collection', LARGE);

    const run = sut.run(payload);

    await expect(run).rejects.toThrow('Connection terminated unexpectedly');
    // The chunks already asked for finish reading in the background: let them, so that no later
    // test counts their reads.
    for (let idle = 0; idle < 3; idle = reading === 0 ? idle + 1 : 0) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await expect(run).rejects.not.toBeInstanceOf(PermanentScanError);
    // No later chunk is written after a failed one, and the scan is neither finished nor cached.
    expect(store).toHaveBeenCalledTimes(1);
    expect(harness.runs.runs[0]!.outcome).toMatchObject({ status: 'failed' });
    expect(harness.progress.completed).toEqual([]);
    expect(harness.cache.entries.has(payload.key)).toBe(false);
  });

  it('holds at most three chunks of resolved NFTs not yet stored, whatever the collection size', async () => {
    let resolved = 0;
    let stored = 0;
    let most = 0;
    const resolve = resolver.resolve.bind(resolver);
    jest.spyOn(resolver, 'resolve').mockImplementation(async (uri) => {
      const metadata = await resolve(uri);
      resolved++;
      most = Math.max(most, resolved - stored);
      return metadata;
    });
    const store = harness.collections.storeChunk.bind(harness.collections);
    jest.spyOn(harness.collections, 'storeChunk').mockImplementation(async (id, nfts) => {
      await new Promise((done) => setTimeout(done, 5));
      await store(id, nfts);
      stored += nfts.length;
    });

    await sut.run(scanPayload('collection', HUGE));

    expect(resolved).toBe(8_200);
    expect(stored).toBe(8_200);
    // Two chunks resolving while the one before them is written.
    expect(most).toBeLessThanOrEqual(3 * SCAN_CHUNK);
    expect(harness.collections.chunkSizes).toHaveLength(9);
  });

  it('stores but does not cache the whole answer of a collection over FULL_ANSWER_MAX_NFTS', async () => {
    harness = await jobHarness(chain, resolver, { fullAnswerMaxNfts: 100 });
    const payload = scanPayload('collection', CATS);

    await harness.module.get(CollectionScanService).run(payload);

    expect(harness.collections.stored.get(`polygon:${CATS}`)?.nfts).toHaveLength(120);
    expect(harness.cache.entries.has(payload.key)).toBe(false);
    expect(harness.progress.stages(payload.key).at(-1)).toBe('complete');
  });

  it('fails permanently with SPEC §8 "Collection Not Found" for a contract the chain does not know', async () => {
    const run = sut.run(scanPayload('collection', UNKNOWN), 2);

    await expect(run).rejects.toBeInstanceOf(PermanentScanError);
    await expect(run).rejects.toThrow(SCAN_ERRORS.notFound);
    expect(harness.runs.runs).toEqual([
      expect.objectContaining({
        attempt: 2,
        outcome: expect.objectContaining({ status: 'failed', error: SCAN_ERRORS.notFound }),
      }),
    ]);
    expect(harness.progress.completed).toEqual([]);
    expect(harness.cache.entries.size).toBe(0);
    expect(harness.queue.enqueued).toEqual([]);
  });

  it('fails permanently with SPEC §8 "No NFTs found in this collection" for an empty one', async () => {
    await expect(sut.run(scanPayload('collection', EMPTY))).rejects.toThrow(
      new PermanentScanError(SCAN_ERRORS.empty),
    );
    expect(harness.collections.stored.size).toBe(0);
  });

  it('flags a scan that listed fewer tokens than the supply as partial', async () => {
    const payload = scanPayload('collection', PARTIAL);

    const outcome = await sut.run(payload);

    expect(outcome).toMatchObject({
      totalNfts: 25,
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.supply,
    });
    expect(harness.cache.entries.get(payload.key)!.value.meta).toMatchObject({
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.supply,
    });
    expect(harness.progress.completed[0]).toMatchObject({
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.supply,
    });
  });

  it('flags a scan whose source could not read every block as partial, with its reason', async () => {
    const stream = chain.streamCollection.bind(chain);
    jest
      .spyOn(chain as NftSource, 'streamCollection')
      .mockImplementation(async (info, onPage, onProgress, onIncomplete) => {
        onIncomplete?.(INCOMPLETE_REASONS.history);
        return stream(info, onPage, onProgress);
      });
    const payload = scanPayload('collection', CATS);

    const outcome = await sut.run(payload);

    // Every token of the supply was found, yet the node said part of the history was missing.
    expect(outcome).toMatchObject({
      totalNfts: 120,
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.history,
    });
    expect(harness.cache.entries.get(payload.key)!.value.meta).toMatchObject({
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.history,
    });
  });

  it('fails (to be tried again), not "No NFTs found", when the source could read no token', async () => {
    jest
      .spyOn(chain as NftSource, 'streamCollection')
      .mockImplementation((_info, _onPage, _onProgress, onIncomplete) => {
        onIncomplete?.(INCOMPLETE_REASONS.quota);
        return Promise.resolve(0);
      });

    const failure = sut.run(scanPayload('collection', CATS));

    await expect(failure).rejects.toThrow(/no token could be read/);
    await expect(failure).rejects.not.toBeInstanceOf(PermanentScanError);
  });

  it('reads no metadata when the job asks for none', async () => {
    const resolve = jest.spyOn(resolver, 'resolve');
    const payload = { ...scanPayload('collection', CATS), includeMetadata: false };

    await sut.run(payload);

    expect(resolve).not.toHaveBeenCalled();
    expect(harness.progress.events.at(-1)).toMatchObject({ tokensFound: 120, metadataFetched: 0 });
    expect(
      harness.collections.stored.get(`polygon:${CATS}`)!.nfts.every((n) => n.metadataStatus === 'missing'),
    ).toBe(true);
  });

  it('stands when the ranking or the history cannot be queued', async () => {
    harness.queue.failWith = new Error('Redis is down');
    harness.history.failWith = new Error('Redis is down');
    const payload = scanPayload('collection', CATS);

    await expect(sut.run(payload)).resolves.toMatchObject({ totalNfts: 120 });
    expect(harness.progress.completed).toHaveLength(1);
  });

  it('fails (for Bull to retry) when the chain fails, with the run logged as failed', async () => {
    jest.spyOn(chain, 'streamCollection').mockRejectedValueOnce(new Error('node timed out'));
    const run = sut.run(scanPayload('collection', CATS));

    await expect(run).rejects.toThrow('node timed out');
    await expect(run).rejects.not.toBeInstanceOf(PermanentScanError);
    expect(harness.runs.runs[0]!.outcome).toMatchObject({ status: 'failed', error: 'node timed out' });
    expect(harness.progress.stages(`collection:polygon:${CATS}`)).toEqual(['initializing', 'preparing']);
  });

  it('keeps the chunks a given-up first scan stored, answered as incomplete with its reason', async () => {
    const store = harness.collections.storeChunk.bind(harness.collections);
    jest
      .spyOn(harness.collections, 'storeChunk')
      .mockImplementationOnce(store)
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    const payload = scanPayload('collection', LARGE);
    await expect(sut.run(payload)).rejects.toThrow('Connection terminated unexpectedly');
    expect(harness.collections.stored.has(`polygon:${LARGE}`)).toBe(false);

    // Its last attempt: the job is given up, and what it stored is settled before visitors hear.
    await harness.module.init();
    await harness.module.get(ScanExecution).fail(payload, 'Network temporarily unavailable');

    const kept = harness.collections.stored.get(`polygon:${LARGE}`);
    expect(kept?.nfts).toHaveLength(SCAN_CHUNK);
    expect(kept?.collection).toMatchObject({
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.stopped,
    });
    expect(harness.progress.failed).toEqual([{ key: payload.key, error: 'Network temporarily unavailable' }]);
  });
});
