import { METADATA_REASONS, scanKey, type Nft } from '@nexus/contract';
import type { MetadataLookup } from '../chain/index.js';
import { CollectionScanService } from './collection-scan.service.js';
import { HostsStillUnavailableError, MetadataRetryService } from './metadata-retry.service.js';
import { FakeChain, FakeResolver } from './testing/fake-chain.js';
import { scanPayload } from './testing/fake-state.js';
import { jobHarness, type JobHarness } from './testing/job-harness.js';

const CATS = '0x' + '5e'.repeat(20);

/**
 * The fake metadata, but tokens from 40 on sit on a host that cannot be reached while `down`; with
 * `halfOpen`, it comes back as a breaker would let it: one request goes through, those beside it fail.
 */
class HalfDeadResolver extends FakeResolver {
  down = true;
  halfOpen = false;
  readonly asked: string[] = [];

  async lookup(uri: string): Promise<MetadataLookup> {
    this.asked.push(uri);
    const dead = Number(uri.split('/').pop()) >= 40;
    if (dead && this.halfOpen) {
      // The probe: the host answers it, after the requests beside it were refused.
      this.halfOpen = false;
      await new Promise((resolve) => setTimeout(resolve, 5));
      this.down = false;
      return this.lookup(uri);
    }
    if (this.down && dead)
      return {
        metadata: null,
        unavailable: 'could not resolve dead.example (ENOTFOUND)',
        reason: 'unreachable',
      };
    const metadata = await this.resolve(uri);
    return metadata ? { metadata } : { metadata: null };
  }
}

describe(MetadataRetryService.name, () => {
  const chain = new FakeChain([{ address: CATS, supply: 100 }]);
  let resolver: HalfDeadResolver;
  let harness: JobHarness;

  beforeEach(async () => {
    resolver = new HalfDeadResolver();
    harness = await jobHarness(chain, resolver);
    await harness.module.get(CollectionScanService).run(scanPayload('collection', CATS));
  });

  it('lists every token of a scan, marking those whose host was unreachable, and queues a retry', () => {
    const key = scanKey('collection', 'polygon', CATS);
    const nfts = harness.cache.nfts<Nft>(key);

    expect(nfts).toHaveLength(100);
    expect(nfts.filter((n) => n.metadataUnavailable).map((n) => n.tokenId)).toEqual(
      Array.from({ length: 60 }, (_, i) => String(40 + i)),
    );
    expect(nfts[39]).not.toHaveProperty('metadataUnavailable');
    expect(nfts[40]).toMatchObject({
      name: `Fake Cats #40`,
      attributes: [],
      metadataReason: METADATA_REASONS.unreachable,
    });
    expect(nfts[39]).not.toHaveProperty('metadataReason');
    const stored = harness.collections.stored.get(`polygon:${CATS}`)!.nfts;
    expect(stored.filter((n) => n.metadataStatus === 'unavailable')).toHaveLength(60);
    expect(harness.queue.retries).toEqual([
      { payload: expect.objectContaining({ network: 'polygon', address: CATS }), delayMs: 60_000 },
    ]);
  });

  it('asks only the unavailable tokens again and stores what it finds once the host is back', async () => {
    const sut = harness.module.get(MetadataRetryService);
    resolver.asked.length = 0;
    resolver.down = false;
    harness.queue.enqueued.length = 0;

    const outcome = await sut.run(harness.queue.retries[0]!.payload);

    expect(outcome).toEqual({ retried: 60, recovered: 60, unavailable: 0 });
    expect(resolver.asked).toHaveLength(60);
    const stored = harness.collections.stored.get(`polygon:${CATS}`)!.nfts;
    expect(stored.every((n) => n.metadataStatus === 'ok')).toBe(true);
    expect(stored[70]).toMatchObject({ name: 'Fake Cat #70', attributes: [{ trait_type: 'Fur' }] });
    // The cached answer goes, so the next request reads the stored update; ranks are computed again.
    expect(harness.cache.entries.has(scanKey('collection', 'polygon', CATS))).toBe(false);
    expect(harness.queue.enqueued).toEqual([expect.objectContaining({ kind: 'rarity' })]);
    // The browsers showing the collection are told, in its scan's room.
    expect(harness.progress.filled).toEqual([
      {
        key: scanKey('collection', 'polygon', CATS),
        network: 'polygon',
        address: CATS,
        tokenIds: Array.from({ length: 60 }, (_, i) => String(40 + i)),
        recovered: 60,
        remaining: 0,
      },
    ]);
    expect(stored[70]?.metadataReason ?? null).toBeNull();
  });

  it('asks again at once the tokens refused beside the request that found the host back', async () => {
    const sut = harness.module.get(MetadataRetryService);
    resolver.halfOpen = true;
    resolver.asked.length = 0;

    const outcome = await sut.run(harness.queue.retries[0]!.payload);

    expect(outcome).toEqual({ retried: 60, recovered: 60, unavailable: 0 });
    // The probe twice (refused, then answered), its neighbours refused once and asked again.
    expect(resolver.asked.length).toBeGreaterThan(62);
    // One event per pass that settled tokens: the probe's, then its neighbours'.
    expect(harness.progress.filled.map((e) => e.tokenIds.length)).toEqual([1, 59]);
    expect(harness.progress.filled.map((e) => e.remaining)).toEqual([59, 0]);
  });

  it('fails, for Bull to try again later, while the host stays down, keeping the stored answer', async () => {
    const sut = harness.module.get(MetadataRetryService);

    await expect(sut.run(harness.queue.retries[0]!.payload)).rejects.toBeInstanceOf(
      HostsStillUnavailableError,
    );

    const stored = harness.collections.stored.get(`polygon:${CATS}`)!.nfts;
    expect(stored.filter((n) => n.metadataStatus === 'unavailable')).toHaveLength(60);
    expect(harness.cache.entries.has(scanKey('collection', 'polygon', CATS))).toBe(true);
    expect(harness.progress.filled).toEqual([]);
  });

  it('asks slow or throttling hosts again as soon as their breakers allow, dead ones later', async () => {
    const sut = harness.module.get(MetadataRetryService);
    const stored = harness.collections.stored.get(`polygon:${CATS}`)!.nfts;
    const pending = (reason: 'timeout' | 'rate-limited' | 'unreachable') => ({
      ...stored[40]!,
      metadataStatus: 'unavailable' as const,
      metadataReason: reason,
    });
    harness.queue.retries.length = 0;

    await sut.scheduleFor('polygon', CATS, [pending('timeout'), pending('rate-limited')]);
    await sut.scheduleFor('polygon', CATS, [pending('timeout'), pending('unreachable')]);

    expect(harness.queue.retries.map((r) => r.delayMs)).toEqual([30_000, 60_000]);
  });

  it('has nothing to do for a collection without unavailable tokens', async () => {
    const sut = harness.module.get(MetadataRetryService);

    await expect(
      sut.run({ network: 'polygon', address: '0x' + '00'.repeat(20), requestedAt: '' }),
    ).resolves.toEqual({ retried: 0, recovered: 0, unavailable: 0 });
  });
});
