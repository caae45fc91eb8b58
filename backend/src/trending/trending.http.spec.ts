import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { TrendingSearch } from '@nexus/contract';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { REDIS, RedisConnections } from '../platform/redis/index.js';
import { TrendingController } from './trending.controller.js';

const term = (byte: string) => '0x' + byte.repeat(20);

describe(TrendingController.name, () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let redis: Redis;
  let connections: RedisConnections;

  beforeAll(async () => {
    isolated = await startIsolatedApi('trending');
    sut = isolated.app;
    redis = sut.get<Redis>(REDIS);
    connections = sut.get(RedisConnections);

    // 0xaa… 5 times, 0xbb… 3 (once as a wallet), 0xcc… 3 (searched later than 0xbb…), 0xdd… once, 0xee… 12 with i.
    const rows: Array<[string, string, string, number]> = [];
    for (let i = 0; i < 5; i++) rows.push([term('aa'), 'polygon', 'collection', 10]);
    rows.push([term('bb'), 'ethereum', 'collection', 20], [term('bb'), 'ethereum', 'collection', 21]);
    rows.push([term('bb'), 'ethereum', 'wallet', 22]);
    for (let i = 0; i < 3; i++) rows.push([term('cc'), 'cronos', 'collection', 30 + i]);
    rows.push([term('dd'), 'polygon', 'wallet', 40]);
    for (let i = 0; i < 12; i++)
      rows.push([`0x${(0xe0 + i).toString(16).repeat(20)}`, 'polygon', 'collection', 50]);
    const em = sut.get(EntityManager).fork();
    for (const [t, network, searchType, minute] of rows) {
      const at = new Date(Date.UTC(2026, 0, 1, 12, minute));
      await em
        .getConnection()
        .execute(
          `insert into search (created_at, updated_at, term, network, search_type, from_cache) values (?, ?, ?, ?, ?, false)`,
          [at, at, t, network, searchType],
        );
    }
  });

  afterAll(async () => {
    await isolated.close();
  });

  const get = (query = '') => request(sut.getHttpServer()).get(`/api/trending-searches${query}`);
  const cacheKeys = () => redis.keys(connections.key('cache', 'trending_searches', '*'));

  it('counts the recorded searches per term, most searched first, the latest first among equals', async () => {
    const res = await get('?limit=4');

    expect(res.status).toBe(200);
    expect(res.body as TrendingSearch[]).toEqual([
      { searchTerm: term('aa'), searchCount: 5 },
      { searchTerm: term('cc'), searchCount: 3 },
      { searchTerm: term('bb'), searchCount: 3 },
      { searchTerm: `0x${'e0'.repeat(20)}`, searchCount: 1 },
    ]);
  });

  it('answers 10 by default and at most the limit asked', async () => {
    const all = (await get()).body as TrendingSearch[];
    expect(all).toHaveLength(10);
    expect(all.slice(0, 3).map((t) => t.searchCount)).toEqual([5, 3, 3]);

    const many = (await get('?limit=100')).body as TrendingSearch[];
    expect(many).toHaveLength(16);
    expect(many.reduce((sum, t) => sum + t.searchCount, 0)).toBe(5 + 3 + 3 + 1 + 12);
    expect((await get('?limit=1')).body).toEqual([{ searchTerm: term('aa'), searchCount: 5 }]);
  });

  it.each(['0', '101', '2.5', 'ten', ''])('refuses limit=%s with 400', async (limit) => {
    const res = await get(`?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('limit must be a whole number from 1 to 100');
  });

  it('keeps each answer in Redis for 30 seconds and answers from there', async () => {
    await redis.del(...(await cacheKeys()));
    expect((await get('?limit=2')).body).toEqual([
      { searchTerm: term('aa'), searchCount: 5 },
      { searchTerm: term('cc'), searchCount: 3 },
    ]);
    const key = connections.key('cache', 'trending_searches', '2');
    const ttl = await redis.ttl(key);
    // Short, so the home page's 'Total Searches' (polled every 30 s) follows new searches.
    expect(ttl).toBeGreaterThan(25);
    expect(ttl).toBeLessThanOrEqual(30);

    await sut
      .get(EntityManager)
      .fork()
      .getConnection()
      .execute(
        `insert into search (created_at, updated_at, term, network, search_type, from_cache)
       select now(), now(), ?, 'polygon', 'collection', false from generate_series(1, 9)`,
        [term('ff')],
      );
    expect(((await get('?limit=2')).body as TrendingSearch[])[0]!.searchTerm).toBe(term('aa'));
    await redis.del(key);
    expect(((await get('?limit=2')).body as TrendingSearch[])[0]).toEqual({
      searchTerm: term('ff'),
      searchCount: 9,
    });
  });
});
