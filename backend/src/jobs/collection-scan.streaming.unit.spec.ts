import { jest } from '@jest/globals';
import { SCAN_ERRORS } from '@nexus/contract';
import { streamInOrder } from '../chain/index.js';
import { CollectionScanService, SCAN_CHUNK } from './collection-scan.service.js';
import { PermanentScanError } from './scan-execution.service.js';
import { FakeChain, FakeResolver } from './testing/fake-chain.js';
import { scanPayload } from './testing/fake-state.js';
import { jobHarness, type JobHarness } from './testing/job-harness.js';

const LARGE = '0x' + '5e'.repeat(20);
const HUGE = '0x' + '6f'.repeat(20);
const EMPTY = '0x' + '3c'.repeat(20);
/** Tokens per page of the fake chain. */
const PAGE = 40;

const until = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > 5_000) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe(`${CollectionScanService.name} streaming`, () => {
  const chain = new FakeChain([
    { address: LARGE, supply: 2_500 },
    { address: HUGE, supply: 8_200 },
    { address: EMPTY, supply: 0 },
  ]);
  const resolver = new FakeResolver();
  let harness: JobHarness;
  let sut: CollectionScanService;

  beforeEach(async () => {
    chain.hold = null;
    harness = await jobHarness(chain, resolver);
    sut = harness.module.get(CollectionScanService);
  });

  afterEach(() => jest.restoreAllMocks());

  it('stores the first chunk while the enumeration has not listed the whole collection', async () => {
    let release!: () => void;
    // The source stops after two chunks' worth of tokens until the test lets it go on.
    chain.hold = { after: 2 * SCAN_CHUNK, until: new Promise<void>((r) => (release = r)) };
    const store = jest.spyOn(harness.collections, 'storeChunk');
    const payload = scanPayload('collection', LARGE);

    const run = sut.run(payload);
    await until(() => store.mock.calls.length > 0);

    expect(chain.listed).toBe(2 * SCAN_CHUNK);
    expect(store.mock.calls[0]![1].map((n) => n.tokenId)).toEqual(
      Array.from({ length: SCAN_CHUNK }, (_, i) => String(i)),
    );
    expect(harness.progress.completed).toEqual([]);
    release();
    await expect(run).resolves.toMatchObject({ totalNfts: 2_500, isComplete: true });
    expect(harness.collections.chunkSizes).toEqual([SCAN_CHUNK, SCAN_CHUNK, 500]);
  });

  it('holds the source back while chunks wait to be stored: a few chunks listed ahead, not the collection', async () => {
    let stored = 0;
    let most = 0;
    const store = harness.collections.storeChunk.bind(harness.collections);
    jest.spyOn(harness.collections, 'storeChunk').mockImplementation(async (id, nfts) => {
      most = Math.max(most, chain.listed - stored);
      await new Promise((done) => setTimeout(done, 20));
      await store(id, nfts);
      stored += nfts.length;
      most = Math.max(most, chain.listed - stored);
    });

    await expect(sut.run(scanPayload('collection', HUGE))).resolves.toMatchObject({ totalNfts: 8_200 });

    expect(stored).toBe(8_200);
    // The chunk being written, two resolving, and the page that filled the last of them.
    expect(most).toBeLessThanOrEqual(3 * SCAN_CHUNK + PAGE);
  });

  it('begins no collection row for a collection without tokens', async () => {
    const begin = jest.spyOn(harness.collections, 'beginScan');

    await expect(sut.run(scanPayload('collection', EMPTY))).rejects.toThrow(
      new PermanentScanError(SCAN_ERRORS.empty),
    );
    expect(begin).not.toHaveBeenCalled();
  });
});

describe(streamInOrder.name, () => {
  it('hands pages in order and reads no more than `parallel` pages past the one being handed', async () => {
    let started = 0;
    let handed = 0;
    let most = 0;
    const order: number[] = [];

    await streamInOrder(
      50,
      4,
      async (page) => {
        started++;
        most = Math.max(most, started - handed);
        // Later pages answer sooner: order comes from the stream, not the reads.
        await new Promise((r) => setTimeout(r, (page * 7) % 5));
        return page;
      },
      async (page) => {
        order.push(page);
        await new Promise((r) => setTimeout(r, 3));
        handed++;
      },
    );

    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(most).toBeLessThanOrEqual(4 + 1);
  });

  it('fails with the first failing read, leaving no unhandled rejection behind', async () => {
    const handed: number[] = [];
    const run = streamInOrder(
      10,
      3,
      async (page) => {
        if (page === 2 || page === 3) throw new Error(`page ${page} failed`);
        return page;
      },
      async (page) => void handed.push(page),
    );

    await expect(run).rejects.toThrow('page 2 failed');
    expect(handed).toEqual([0, 1]);
  });
});
