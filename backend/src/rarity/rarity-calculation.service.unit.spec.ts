import { jest } from '@jest/globals';
import { InternalServerErrorException, Logger } from '@nestjs/common';
import { RARITY_FAILED, type CalculateRarityRequest, type CalculateRarityResponse } from '@nexus/contract';
import type { Redis } from 'ioredis';
import type { RedisConnections, SoftCache } from '../platform/redis/index.js';
import { RarityCacheRepository, type CachedRarity } from './rarity-cache.repository.js';
import { RarityCalculationService } from './rarity-calculation.service.js';
import { RarityResultCache } from './rarity-result.cache.js';
import { RarityEngine } from './rarity.engine.js';
import type { RarityThread } from './rarity-thread.js';
import type { CollectionsRepository } from '../collections/index.js';

/** Redis as a map whose reads and writes wait until the test lets them through. */
class GatedCacheRepository extends RarityCacheRepository {
  readonly entries = new Map<string, CachedRarity>();
  reads: Promise<void> = Promise.resolve();
  writes: Promise<void> = Promise.resolve();

  constructor() {
    super({} as Redis, {} as RedisConnections, {} as SoftCache);
  }

  override async get(key: string): Promise<CachedRarity | null> {
    await this.reads;
    return this.entries.get(key) ?? null;
  }

  override async set(key: string, value: CachedRarity): Promise<void> {
    await this.writes;
    this.entries.set(key, value);
  }
}

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const request = (extra: Partial<CalculateRarityRequest> = {}): CalculateRarityRequest => ({
  contractAddress: '0x' + 'AB'.repeat(20),
  network: 'ethereum',
  nfts: Array.from({ length: 50 }, (_, i) => ({
    tokenId: String(i),
    attributes: [
      { trait_type: 'Hat', value: ['Cap', 'Crown', 'Beanie'][i % 3]! },
      { trait_type: 'Eyes', value: i % 11 === 0 ? 'Laser' : 'Blue' },
    ],
  })),
  ...extra,
});

describe(RarityCalculationService.name, () => {
  let repository: GatedCacheRepository;
  let sut: RarityCalculationService;
  let rank: jest.SpiedFunction<RarityEngine['rank']>;

  beforeEach(() => {
    repository = new GatedCacheRepository();
    sut = new RarityCalculationService(
      new RarityResultCache(repository),
      {} as RarityThread,
      {} as CollectionsRepository,
    );
    rank = jest.spyOn(RarityEngine.prototype, 'rank');
  });

  afterEach(() => rank.mockRestore());

  const parse = (body: string) => JSON.parse(body) as CalculateRarityResponse;

  it('shares one calculation between forced refreshes that overlap', async () => {
    const writes = gate();
    repository.writes = writes.promise;
    const answers = [1, 2, 3].map(() => sut.calculate(request({ forceRefresh: true })));
    writes.open();
    const bodies = (await Promise.all(answers)).map((a) => parse(a.body));

    expect(rank).toHaveBeenCalledTimes(1);
    expect(bodies.map((b) => b.cacheSource)).toEqual(['fresh', 'fresh', 'fresh']);
    expect(bodies[1]!.nfts).toEqual(bodies[0]!.nfts);
    expect(repository.entries.size).toBe(1);
  });

  it('shares one calculation between requests that all missed the caches', async () => {
    const reads = gate();
    const writes = gate();
    repository.reads = reads.promise;
    repository.writes = writes.promise;
    const answers = [1, 2, 3, 4].map(() => sut.calculate(request()));
    reads.open();
    await new Promise((r) => setImmediate(r));
    writes.open();
    const bodies = (await Promise.all(answers)).map((a) => parse(a.body));

    expect(rank).toHaveBeenCalledTimes(1);
    expect(bodies.every((b) => b.cacheSource === 'fresh' && b.fromCache === false)).toBe(true);
  });

  it('answers from memory, then calculates again once the calculation is forced', async () => {
    await sut.calculate(request());
    const cached = parse((await sut.calculate(request())).body);
    expect(cached).toMatchObject({ fromCache: true, cacheSource: 'memory', method: 'openrarity' });
    const forced = parse((await sut.calculate(request({ forceRefresh: true }))).body);
    expect(forced).toMatchObject({ fromCache: false, cacheSource: 'fresh' });
    expect(forced.nfts).toEqual(cached.nfts);
    expect(rank).toHaveBeenCalledTimes(2);
  });

  it('keys the cache by method: the other method is calculated, not read', async () => {
    await sut.calculate(request());
    const statistical = parse((await sut.calculate(request({ method: 'statistical' }))).body);
    expect(statistical).toMatchObject({ method: 'statistical', cacheSource: 'fresh' });
    expect(statistical.nfts).toEqual(
      new RarityEngine().rank(request().nfts!, { method: 'statistical' }).results(),
    );
  });

  it("answers SPEC §8's failure text when ranking fails, and lets the next request try again", async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    rank.mockImplementationOnce(() => {
      throw new Error('out of memory');
    });
    const failure = sut.calculate(request());
    await expect(failure).rejects.toBeInstanceOf(InternalServerErrorException);
    await expect(failure).rejects.toThrow(RARITY_FAILED);
    const retry = parse((await sut.calculate(request())).body);
    expect(retry.cacheSource).toBe('fresh');
    expect(retry.nfts).toHaveLength(50);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('out of memory'));
    logged.mockRestore();
  });

  it('answers from Redis when a calculation stored there is not in memory', async () => {
    const other = new RarityCalculationService(
      new RarityResultCache(repository),
      {} as RarityThread,
      {} as CollectionsRepository,
    );
    await other.calculate(request());
    const shared = parse((await sut.calculate(request())).body);
    expect(shared).toMatchObject({ fromCache: true, cacheSource: 'redis' });
    expect(rank).toHaveBeenCalledTimes(1);
  });
});
