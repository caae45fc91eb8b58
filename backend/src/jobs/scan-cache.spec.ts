import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { REDIS, RedisConnections } from '../platform/redis/index.js';
import { SCAN_CACHE_TTL_S, ScanCacheRepository } from '../scans/index.js';
import { INCOMPLETE_REASONS, scanKey } from '@nexus/contract';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { testConfig, testPrefix } from '../../../test/support/test-env.js';
import { startApiAndWorker } from './testing/api-and-worker.js';
import { FakeChain, FakeResolver } from './testing/fake-chain.js';

const COMPLETE = '0x' + '3c'.repeat(20);
const PARTIAL = '0x' + '4d'.repeat(20);
const PRELOAD = '0x' + '5e'.repeat(20);

describe('scan cache (API + worker, real PostgreSQL and Redis)', () => {
  const source = new FakeChain([
    { address: COMPLETE, supply: 40 },
    { address: PARTIAL, supply: 40, missing: 15 },
    { address: PRELOAD, supply: 10 },
  ]);
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let redis: Redis;
  let connections: RedisConnections;

  beforeAll(async () => {
    const config = testConfig(testPrefix('cache'), { SCAN_WAIT_MS: '20000' });
    ({ api, worker } = await startApiAndWorker(config, source, new FakeResolver()));
    redis = api.get(REDIS);
    connections = api.get(RedisConnections);
  });

  afterAll(async () => {
    await worker.close();
    await api.close();
  });

  const post = (address: string, body: object = {}) =>
    request(api.getHttpServer())
      .post('/api/nfts')
      .send({ address, network: 'polygon', searchType: 'collection', ...body });
  /** Jobs that follow a scan (rarity) also write the cache: let them finish first. */
  const queuesIdle = async () => {
    for (let i = 0; i < 100; i++) {
      const counts = await Promise.all(
        api
          .get(ScanQueueRepository)
          .all()
          .map(([, q]) => q.getJobCounts()),
      );
      if (counts.every((c) => c.active + c.waiting + c.delayed === 0)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const cacheKey = (address: string) =>
    connections.key('cache', 'scan', scanKey('collection', 'polygon', address));

  it('caches a complete scan for 20 minutes and answers from it until it expires', async () => {
    const first = await post(COMPLETE);
    expect(first.body).toMatchObject({ fromCache: false, isComplete: true });
    const ttl = await redis.ttl(cacheKey(COMPLETE));
    expect(ttl).toBeGreaterThan(SCAN_CACHE_TTL_S.collection.complete - 5);
    expect(ttl).toBeLessThanOrEqual(SCAN_CACHE_TTL_S.collection.complete);

    expect((await post(COMPLETE)).body).toMatchObject({ fromCache: true, cacheSource: 'redis' });

    // Expired: the complete scan stored in PostgreSQL answers and refills the cache, with no new scan.
    await queuesIdle();
    await redis.pexpire(cacheKey(COMPLETE), 1);
    await new Promise((r) => setTimeout(r, 20));
    // …and this node's few seconds of memory of it are over too.
    api.get(ScanCacheRepository).forget(scanKey('collection', 'polygon', COMPLETE));
    const before = source.count(COMPLETE);
    const refilled = await post(COMPLETE);
    expect(refilled.body).toMatchObject({ fromCache: true, cacheSource: 'database' });
    expect(refilled.body.nfts).toHaveLength(40);
    expect(source.count(COMPLETE)).toBe(before);
    expect(await redis.ttl(cacheKey(COMPLETE))).toBeGreaterThan(0);
  });

  it('flags a partial scan with its reason and caches it for 5 minutes only', async () => {
    const res = await post(PARTIAL);
    expect(res.body).toMatchObject({
      fromCache: false,
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.supply,
      error: null,
    });
    expect(res.body.nfts).toHaveLength(25);
    const ttl = await redis.ttl(cacheKey(PARTIAL));
    expect(ttl).toBeGreaterThan(SCAN_CACHE_TTL_S.collection.partial - 5);
    expect(ttl).toBeLessThanOrEqual(SCAN_CACHE_TTL_S.collection.partial);
    // The reason is kept with the cached answer.
    expect((await post(PARTIAL)).body).toMatchObject({
      fromCache: true,
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.supply,
    });
    // A complete answer says no reason.
    expect((await post(COMPLETE)).body).not.toHaveProperty('incompleteReason');

    // Expired: the partial scan stored in PostgreSQL answers, with its reason kept on the collection.
    await queuesIdle();
    await redis.pexpire(cacheKey(PARTIAL), 1);
    await new Promise((r) => setTimeout(r, 20));
    api.get(ScanCacheRepository).forget(scanKey('collection', 'polygon', PARTIAL));
    expect((await post(PARTIAL)).body).toMatchObject({
      cacheSource: 'database',
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.supply,
    });
  });

  it('answers a preload at once with 202 pending and the scan key, then serves the result', async () => {
    source.delayMs = 300;
    const res = await post(PRELOAD, { preload: true, includeMetadata: false });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      pending: true,
      scanKey: scanKey('collection', 'polygon', PRELOAD),
      nfts: [],
    });
    const done = await post(PRELOAD);
    expect(done.status).toBe(200);
    expect(done.body.nfts).toHaveLength(10);
    expect(source.count(PRELOAD)).toBe(1);
  });
});
