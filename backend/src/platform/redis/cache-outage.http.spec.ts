import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import request from 'supertest';
import {
  REDIS_SERVER,
  startRedis,
  type PrivateRedis,
} from '../../../../test/faults/support/outage-services.js';
import { startIsolatedApi, type IsolatedApi } from '../../../../test/support/isolated-api.js';
import { describeWith } from '../../../../test/support/requirements.js';
import { RedisConnections } from './redis.module.js';
import { SoftCache } from './soft-cache.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API on a Redis of this file's own, which it kills and starts again (empty). */
describeWith([REDIS_SERVER])(`${SoftCache.name} (Redis killed under the API)`, () => {
  let redis: PrivateRedis;
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let probe: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    isolated = await startIsolatedApi('cache-outage', { env: { REDIS_URL: redis.url } });
    sut = isolated.app;
    const at = new Date(Date.UTC(2026, 0, 1, 12));
    await sut
      .get(EntityManager)
      .fork()
      .getConnection()
      .execute(
        `insert into search (created_at, updated_at, term, network, search_type, from_cache)
         values (?, ?, '0x${'ab'.repeat(20)}', 'polygon', 'collection', false)`,
        [at, at],
      );
    probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    probe?.disconnect();
    await isolated?.close();
    await redis?.stop();
  });

  const http = () => request(sut.getHttpServer());
  const key = (...parts: string[]) => sut.get(RedisConnections).key('cache', ...parts);

  it('answers whitelist and trending from PostgreSQL while Redis is away, and caches again once it is back', async () => {
    const whitelist = await http().get('/api/whitelisted-collections');
    const trending = await http().get('/api/trending-searches');
    expect([whitelist.status, trending.status]).toEqual([200, 200]);
    expect(trending.body).toEqual([{ searchTerm: `0x${'ab'.repeat(20)}`, searchCount: 1 }]);

    await redis.kill();
    for (let i = 0; i < 3; i++) {
      const [w, t] = await Promise.all([
        http().get('/api/whitelisted-collections'),
        http().get('/api/trending-searches'),
      ]);
      expect([w.status, w.text]).toEqual([200, whitelist.text]);
      expect([t.status, t.text]).toEqual([200, trending.text]);
    }

    await redis.start();
    await probe.connect();
    expect(await probe.exists(key('trending_searches', '10'))).toBe(0);
    // The cache connection comes back by itself; the next reads fill the empty Redis.
    let cached = 0;
    for (let i = 0; i < 100 && cached < 2; i++) {
      await http().get('/api/whitelisted-collections').expect(200);
      await http().get('/api/trending-searches').expect(200);
      cached = await probe.exists(key('whitelisted_collections'), key('trending_searches', '10'));
      if (cached < 2) await sleep(100);
    }
    expect(cached).toBe(2);
  });
});
