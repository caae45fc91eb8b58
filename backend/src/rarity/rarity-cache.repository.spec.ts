import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Redis } from 'ioredis';
import { REDIS_SERVER, startRedis, type PrivateRedis } from '../../../test/faults/support/outage-services.js';
import { describeWith } from '../../../test/support/requirements.js';
import { testConfig, testPrefix } from '../../../test/support/test-env.js';
import { ConfigModule } from '../platform/config/index.js';
import { RedisModule } from '../platform/redis/index.js';
import { RarityCacheRepository, rarityResultKey, type CachedRarity } from './rarity-cache.repository.js';

/** On a Redis of this file's own: CLIENT PAUSE would hold every suite sharing the machine's. */
describeWith([REDIS_SERVER])(`${RarityCacheRepository.name} (a stalled Redis)`, () => {
  let redis: PrivateRedis;
  let admin: Redis;
  let app: INestApplicationContext;
  let sut: RarityCacheRepository;
  const key = rarityResultKey('ethereum', '0x' + 'ab'.repeat(20), 'openrarity', 'f1ng3rpr1nt');
  const ranking: CachedRarity = {
    nftsJson: JSON.stringify([{ tokenId: '1', rarityScore: 1.5, rarityRank: 1 }]),
    method: 'openrarity',
    tokenCount: 1,
    calculationTime: 3,
  };

  beforeAll(async () => {
    redis = await startRedis();
    admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const config = testConfig(testPrefix('rarity-cache'), {
      REDIS_URL: redis.url,
      CACHE_READ_TIMEOUT_MS: '100',
    });
    // The repository as Nest wires it: which connection it reads through is the point.
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), RedisModule],
      providers: [RarityCacheRepository],
    }).compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    sut = app.get(RarityCacheRepository);
    await sut.set(key, ranking);
  });

  afterAll(async () => {
    admin?.disconnect();
    await app?.close();
    await redis?.stop();
  });

  it('reads a stored ranking', async () => {
    expect(await sut.get(key)).toEqual(ranking);
  });

  it('answers a miss while Redis holds its commands (CLIENT PAUSE), and the entry after', async () => {
    // Paused far longer than a read may wait (CACHE_READ_TIMEOUT_MS): a read that waited for Redis
    // would answer the entry. Redis holds the admin's commands too, so the pause runs out by itself.
    await admin.call('client', 'pause', '2000', 'ALL');
    expect(await sut.get(key)).toBeNull();
    await admin.ping();
    expect(await sut.get(key)).toEqual(ranking);
  });

  it('answers a miss while Redis is away', async () => {
    await redis.kill();
    expect(await sut.get(key)).toBeNull();
  });
});
