import { jest } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { scanKey, type NftAttribute, type ScanProgress } from '@nexus/contract';
import { testConfig, testPrefix } from '../../../test/support/test-env.js';
import { dropDatabase, freshDatabase } from '../../../test/support/fresh-database.js';
import { clearPrefix } from '../../../test/support/redis-prefix.js';
import type { CollectionInfo } from '../chain/index.js';
import { CollectionsModule, CollectionsRepository, toApiNft, type NftRecord } from '../collections/index.js';
import { CoreModule } from '../core.module.js';
import { ScanQueueRepository, rarityJobPayload } from '../platform/queues/index.js';
import { canonicalTokens, RarityCacheRepository, RarityEngine, rarityResultKey } from '../rarity/index.js';
import { ScanProgressRepository } from '../platform/realtime/index.js';
import { ScanCacheRepository } from '../scans/index.js';
import { JobsModule } from './jobs.module.js';
import { RarityJobService } from './rarity-job.service.js';
import { RarityRankRepository } from './rarity-rank.repository.js';
import { PermanentScanError } from './scan-execution.service.js';

const BIG = '0x' + '1b'.repeat(20);
const SMALL = '0x' + '2c'.repeat(20);

function traits(i: number, salt: number): NftAttribute[] {
  const h = Math.imul(i + 1 + salt, 2654435761) >>> 0;
  const list: NftAttribute[] = [
    { trait_type: 'Background', value: ['Blue', 'Red', 'Green', 'Gold', 'Purple', 'Orange'][h % 6]! },
    { trait_type: 'Fur', value: ['Brown', 'Black', 'Cream', 'Zombie', 'Robot'][(h >>> 3) % 5]! },
    {
      trait_type: 'Eyes',
      value: ['Bored', 'Sleepy', 'Wide', 'Closed', 'Laser', 'Hypnotized'][(h >>> 7) % 6]!,
    },
    {
      trait_type: 'Mouth',
      value: ['Grin', 'Smile', 'Frown', 'Pipe', 'Bubble', 'Gold Tooth', 'Jovial'][(h >>> 11) % 7]!,
    },
  ];
  if ((h >>> 15) % 3 !== 0)
    list.push({ trait_type: 'Hat', value: ['Cap', 'Crown', 'Beanie', 'Halo'][(h >>> 17) % 4]! });
  if ((h >>> 19) % 5 === 0)
    list.push({ trait_type: 'Earring', value: ['Gold', 'Silver', 'Diamond'][(h >>> 21) % 3]! });
  return list;
}

/** `size` tokens; the ids in `withoutMetadata` did not resolve. */
function records(size: number, salt = 0, withoutMetadata: ReadonlySet<number> = new Set()): NftRecord[] {
  return Array.from({ length: size }, (_, i) => {
    const ok = !withoutMetadata.has(i);
    return {
      tokenId: String(i),
      tokenUri: `ipfs://bafy/${i}`,
      name: ok ? `Ape #${i}` : '',
      description: '',
      image: ok ? `ipfs://bafyimg/${i}.png` : null,
      attributes: ok ? traits(i, salt) : [],
      metadataStatus: ok ? 'ok' : 'error',
      rarityScore: null,
      rarityRank: null,
    };
  });
}

const info = (address: string, size: number): CollectionInfo => ({
  network: 'ethereum',
  address,
  name: 'Job Apes',
  symbol: 'JAPE',
  standard: 'ERC-721',
  totalSupply: size,
  enumerable: true,
});

describe(RarityJobService.name, () => {
  const prefix = testPrefix('rarity-job');
  let databaseUrl: string;
  let app: INestApplicationContext;
  let sut: RarityJobService;
  let collections: CollectionsRepository;
  let published: ScanProgress[];

  beforeAll(async () => {
    databaseUrl = await freshDatabase('rarity_job');
    const moduleRef = await Test.createTestingModule({
      imports: [
        CoreModule.forRoot(testConfig(prefix, { DATABASE_URL: databaseUrl })),
        JobsModule,
        CollectionsModule,
      ],
    }).compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    sut = app.get(RarityJobService);
    collections = app.get(CollectionsRepository);
  });

  beforeEach(() => {
    published = [];
    const publish = ScanProgressRepository.prototype.publish;
    jest.spyOn(ScanProgressRepository.prototype, 'publish').mockImplementation(async function (
      this: ScanProgressRepository,
      progress: ScanProgress,
    ) {
      published.push(progress);
      return publish.call(this, progress);
    });
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await app.close();
    await clearPrefix(prefix);
    await dropDatabase(databaseUrl);
  });

  const save = (address: string, nfts: NftRecord[]) =>
    collections.saveScan({ info: info(address, nfts.length), nfts, scanDuration: 5, isComplete: true });

  it('ranks a stored 10,000-token collection and stores score and rank on every row', async () => {
    const missing = new Set([17, 4242, 9999]);
    const written = records(10_000, 0, missing);
    await save(BIG, written);
    const payload = rarityJobPayload('ethereum', BIG);

    const outcome = await sut.run(payload);

    expect(outcome).toMatchObject({ totalNfts: 9_997, totalCollections: 1, isComplete: true });
    expect(published.map((p) => [p.stage, p.percent])).toEqual([
      ['initializing', 10],
      ['preparing', 25],
      ['calculating', 75],
      ['finalizing', 95],
      ['complete', 100],
    ]);
    const ranked = new RarityEngine().rank(written.filter((n) => !missing.has(Number(n.tokenId))));
    const stored = (await collections.load('ethereum', BIG))!.nfts;
    expect(stored).toHaveLength(10_000);
    const mismatches = stored.filter((n) => {
      const want = ranked.get(n.tokenId);
      return n.rarityRank !== (want?.rarityRank ?? null) || n.rarityScore !== (want?.rarityScore ?? null);
    });
    expect(mismatches).toEqual([]);
    expect(stored.filter((n) => n.rarityRank === null).map((n) => n.tokenId)).toEqual(['17', '4242', '9999']);
    expect(Math.min(...stored.filter((n) => n.rarityRank !== null).map((n) => n.rarityRank!))).toBe(1);
  });

  it('caches the ranking for POST /api/calculate-rarity under the stored token set', async () => {
    const stored = (await collections.load('ethereum', BIG))!.nfts.filter((n) => n.metadataStatus === 'ok');
    const { hash, tokens } = canonicalTokens(stored);
    const cached = await app
      .get(RarityCacheRepository)
      .get(rarityResultKey('ethereum', BIG, 'openrarity', hash));
    expect(cached).toMatchObject({ method: 'openrarity', tokenCount: 9_997 });
    expect(JSON.parse(cached!.nftsJson)).toEqual(new RarityEngine().rank(tokens).results());
  });

  /** The small collection stored unranked, and its POST /api/nfts answer cached as of `cachedAt`. */
  async function cachedSmallAnswer(cachedAt: number) {
    const nfts = records(30, 1);
    await save(SMALL, nfts);
    const key = scanKey('collection', 'ethereum', SMALL);
    const cache = app.get(ScanCacheRepository);
    const ref = {
      network: 'ethereum' as const,
      address: SMALL,
      name: 'Job Apes',
      standard: 'ERC-721' as const,
    };
    const answer = (at: number) => ({
      meta: { scanDuration: 5, totalCollections: 1, isComplete: true, cachedAt: at },
      nftsJson: JSON.stringify(nfts.map((n) => toApiNft(n, ref))),
    });
    await cache.set(key, 'collection', answer(cachedAt));
    const ranks = async (read = cache.get.bind(cache)) =>
      (
        JSON.parse((await read(key))!.nftsJson.toString()) as Array<{
          tokenId: string;
          rarityRank: number | null;
        }>
      ).map((n) => [n.tokenId, n.rarityRank] as const);
    return { nfts, key, cache, answer, ranks };
  }

  it('puts the ranks into a cached POST /api/nfts answer, and leaves an expired one expired', async () => {
    const { nfts, key, cache, answer, ranks } = await cachedSmallAnswer(1234);

    await sut.run(rarityJobPayload('ethereum', SMALL));

    expect((await cache.get(key))!.meta).toEqual(answer(1234).meta);
    const ranked = new RarityEngine().rank(nfts);
    expect(await ranks()).toEqual(nfts.map((n) => [n.tokenId, ranked.get(n.tokenId)!.rarityRank]));

    await cache.delete(key);
    await sut.run(rarityJobPayload('ethereum', SMALL));
    expect(await cache.get(key)).toBeNull();
  });

  it('leaves a cached answer cleared while it read the rows cleared, and a newer one as it is', async () => {
    const { key, cache, answer, ranks } = await cachedSmallAnswer(1);
    const load = collections.load.bind(collections);
    const whileLoading = (during: () => Promise<void>) =>
      jest.spyOn(collections, 'load').mockImplementation(async (...args) => {
        await during();
        return load(...args);
      });

    // 'Clear All Cache' while the job reads the rows: the answer does not come back.
    whileLoading(() => cache.clear().then(() => undefined));
    await sut.run(rarityJobPayload('ethereum', SMALL));
    expect(await cache.get(key)).toBeNull();

    // A newer scan's answer cached meanwhile is not overwritten with the older read.
    jest.restoreAllMocks();
    await cache.set(key, 'collection', answer(2));
    whileLoading(() => cache.set(key, 'collection', answer(3)));
    await sut.run(rarityJobPayload('ethereum', SMALL));
    expect((await cache.get(key))!.meta.cachedAt).toBe(3);
    expect((await ranks()).every(([, rank]) => rank === null)).toBe(true);
  });

  it('ranks the cached answer even when a soft read of it gives up (Redis slow under load)', async () => {
    const { cache, ranks } = await cachedSmallAnswer(7);
    // What a visitor's read answers when Redis takes over 300 ms: a miss.
    const get = cache.get.bind(cache);
    const softMiss = jest.spyOn(cache, 'get').mockResolvedValue(null);

    await sut.run(rarityJobPayload('ethereum', SMALL));

    softMiss.mockRestore();
    expect((await ranks(get)).every(([, rank]) => typeof rank === 'number')).toBe(true);
  });

  it('unranks an NFT whose metadata no longer resolves (a scan keeps the rank it had)', async () => {
    await sut.run(rarityJobPayload('ethereum', SMALL));
    const rescanned = records(30, 1, new Set([3]));
    await new Promise((r) => setTimeout(r, 5));
    await save(SMALL, rescanned);
    expect((await collections.load('ethereum', SMALL))!.nfts[3]!.rarityRank).not.toBeNull();

    await sut.run(rarityJobPayload('ethereum', SMALL));

    const stored = (await collections.load('ethereum', SMALL))!.nfts;
    const ranked = new RarityEngine().rank(rescanned.filter((n) => n.tokenId !== '3'));
    expect(stored.map((n) => [n.tokenId, n.rarityRank])).toEqual(
      rescanned.map((n) => [n.tokenId, ranked.get(n.tokenId)?.rarityRank ?? null]),
    );
    expect(stored[3]).toMatchObject({ tokenId: '3', rarityRank: null, rarityScore: null });
  });

  it('writes nothing when a newer scan replaced the NFTs it ranked', async () => {
    const before = (await collections.load('ethereum', SMALL))!;
    const ranks = before.nfts.map((n) => ({ tokenId: n.tokenId, rarityScore: 1, rarityRank: 1 }));
    const stale = new Date(before.collection.lastScannedAt!.getTime() - 1);

    const write = await app.get(RarityRankRepository).storeRanks(before.collection.id, stale, ranks);

    expect(write).toEqual({ current: false, changed: 0 });
    const after = (await collections.load('ethereum', SMALL))!.nfts;
    expect(after.map((n) => n.rarityRank)).toEqual(before.nfts.map((n) => n.rarityRank));
    expect(after.some((n) => n.rarityRank === 1 && n.rarityScore === 1)).toBe(false);
  });

  it('queues another ranking when a scan stored new NFTs after the job read them', async () => {
    const payload = rarityJobPayload('ethereum', SMALL);
    const queue = app.get(ScanQueueRepository);
    await sut.run(payload);
    expect(await sut.followUp(payload)).toBe(false);

    await sut.run(payload);
    await new Promise((r) => setTimeout(r, 5));
    await save(SMALL, records(30, 2));
    expect(await sut.followUp(payload)).toBe(true);
    expect(await queue.isRunning(payload.key, 'rarity')).toBe(true);
    // Checked once per finished job.
    expect(await sut.followUp(payload)).toBe(false);
  });

  it('fails for good on a collection never scanned', async () => {
    const payload = rarityJobPayload('polygon', '0x' + '3d'.repeat(20));
    const run = sut.run(payload);
    await expect(run).rejects.toBeInstanceOf(PermanentScanError);
    await expect(run).rejects.toThrow('Collection Not Found');
  });
});
