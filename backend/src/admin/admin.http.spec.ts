import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_ROUTES, apiPath, scanKey, type CacheStats, type NetworkStats } from '@nexus/contract';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { AddressAnswersRepository } from '../addresses/index.js';
import { REDIS } from '../platform/redis/index.js';
import { ScanCacheRepository } from '../scans/index.js';
import { AdminController } from './admin.controller.js';

const address = (byte: string) => '0x' + byte.repeat(20);
const WALLET_KEY = scanKey('wallet', 'polygon', address('a1'));
const COLLECTION_KEY = scanKey('collection', 'ethereum', address('b2'));

describe(AdminController.name, () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let redis: Redis;
  let em: EntityManager;
  let cookie: string;

  beforeAll(async () => {
    // Cronos is indexed from block 100; the API reads the index's progress, the workers make it.
    isolated = await startIsolatedApi('admin', { env: { INDEX_FROM_BLOCK_CRONOS: '100' } });
    sut = isolated.app;
    redis = sut.get<Redis>(REDIS);
    em = sut.get(EntityManager);
    cookie = await adminCookie(sut.getHttpServer());

    // polygon: 2 collections (3 + 2 NFTs), ethereum: 1 collection (4 NFTs), cronos: none.
    const sql = (query: string, params: unknown[]) => em.fork().getConnection().execute(query, params);
    const collections: Array<[string, string, Array<[string | null, number | null]>]> = [
      [
        'polygon',
        address('c1'),
        [
          ['ok', 1],
          ['ok', 2],
          ['error', null],
        ],
      ],
      [
        'polygon',
        address('c2'),
        [
          ['missing', null],
          ['ok', null],
        ],
      ],
      [
        'ethereum',
        address('b2'),
        [
          ['ok', 1],
          ['ok', 2],
          ['ok', 3],
          ['ok', 4],
        ],
      ],
    ];
    for (const [network, contract, nfts] of collections) {
      const [{ id }] = await sql(
        `insert into collection (created_at, updated_at, network, address, nft_count) values (now(), now(), ?, ?, ?)
         returning id`,
        [network, contract, nfts.length],
      );
      for (const [i, [status, rank]] of nfts.entries()) {
        await sql(
          `insert into nft (created_at, updated_at, collection_id, token_id, attributes, metadata_status, rarity_rank)
           values (now(), now(), ?, ?, '[]', ?, ?)`,
          [id, String(i), status, rank],
        );
      }
    }
    for (const [network, n] of [
      ['polygon', 4],
      ['cronos', 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await sql(
          `insert into search (created_at, updated_at, term, network, search_type) values (now(), now(), ?, ?, 'wallet')`,
          [address('d4'), network],
        );
      }
    }
  });

  afterAll(async () => {
    await isolated.close();
  });

  const http = () => request.agent(sut.getHttpServer()).set('Cookie', cookie);
  const stats = async (): Promise<CacheStats> => {
    const res = await http().get(API_ROUTES.cacheStats.path);
    expect(res.status).toBe(200);
    return res.body as CacheStats;
  };
  const network = (s: CacheStats, name: string): NetworkStats =>
    s.networkStats.find((n) => n.network === name)!;

  it('counts the stored rows, per network too', async () => {
    const body = await stats();

    expect(body).toMatchObject({ collectionsCount: 3, nftsCount: 9, metadataCount: 7, rankingsCount: 6 });
    expect(
      body.networkStats.map((n) => [n.network, n.totalCollections, n.totalNfts, n.totalSearches]),
    ).toEqual([
      ['ethereum', 1, 4, 0],
      ['polygon', 2, 5, 4],
      ['cronos', 0, 0, 2],
    ]);
  });

  it('shows where the transfer index of each indexed network stands', async () => {
    const sql = (query: string, params: unknown[]) => em.fork().getConnection().execute(query, params);
    for (const [network, indexedTo] of [
      ['cronos', 1_000_000],
      // A network indexed once and no longer: not shown.
      ['polygon', 50],
    ] as const) {
      await sql(
        `insert into transfer_index_cursor (network, from_block, indexed_to, head, confirmations, transfers, reorgs,
           blocks_per_second, logs_per_second, updated_at)
         values (?, 100, ?, 1000012, 2, 4321, 1, 45000.5, 12.25, '2026-11-23T12:00:00Z')`,
        [network, indexedTo],
      );
    }

    expect((await stats()).transferIndex).toEqual([
      {
        network: 'cronos',
        fromBlock: 100,
        indexedTo: 1_000_000,
        head: 1_000_012,
        lag: 12,
        confirmations: 2,
        blocksPerSecond: 45000.5,
        logsPerSecond: 12.25,
        transfers: 4321,
        reorgs: 1,
        updatedAt: '2026-11-23T12:00:00.000Z',
      },
    ]);
  });

  it('counts every /api request, and per network the requests of today naming it', async () => {
    const before = await stats();
    const started = Date.now();

    await http().post(API_ROUTES.scanNfts.path).send({ network: 'polygon' }).expect(400);
    await http()
      .post(API_ROUTES.scanNfts.path)
      .send({ network: 'polygon', address: 'nope', searchType: 'wallet' })
      .expect(400);
    await http().get(`${API_ROUTES.trendingSearches.path}?network=cronos`).expect(400);
    await http().get(API_ROUTES.whitelistedCollections.path).expect(200);
    await http().get('/api/does-not-exist').expect(404);
    const after = await stats();

    // Five requests, plus the statistics request itself.
    expect(after.apiRequestsCount - before.apiRequestsCount).toBe(6);
    expect(network(after, 'polygon').apiCallsToday - network(before, 'polygon').apiCallsToday).toBe(2);
    expect(network(after, 'cronos').apiCallsToday - network(before, 'cronos').apiCallsToday).toBe(1);
    expect(network(after, 'ethereum').apiCallsToday).toBe(network(before, 'ethereum').apiCallsToday);
    const lastPolygon = Date.parse(network(after, 'polygon').lastApiCall!);
    expect(lastPolygon).toBeGreaterThanOrEqual(started);
    expect(lastPolygon).toBeLessThanOrEqual(Date.now());
    expect(network(after, 'ethereum').lastApiCall).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    const day = await redis.get(`${isolated.prefix}:stats:api:calls:polygon:${today}`);
    expect(Number(day)).toBe(network(after, 'polygon').apiCallsToday);
    expect(await redis.ttl(`${isolated.prefix}:stats:api:calls:polygon:${today}`)).toBeGreaterThan(24 * 3600);
  });

  it('clears every cached scan, the whitelist, trending and address caches, and no row', async () => {
    const cache = sut.get(ScanCacheRepository);
    const answers = sut.get(AddressAnswersRepository);
    await answers.set('network', address('c1'), { network: 'polygon' }, 3600);
    const meta = { scanDuration: 5, totalCollections: 1, isComplete: true, cachedAt: Date.now() };
    await cache.set(WALLET_KEY, 'wallet', { meta, nftsJson: '[]' });
    await cache.set(COLLECTION_KEY, 'collection', { meta, nftsJson: '[]' });
    const hit = await http()
      .post(API_ROUTES.scanNfts.path)
      .send({ address: address('a1'), network: 'polygon', searchType: 'wallet' });
    expect(hit.body).toMatchObject({ fromCache: true, cacheSource: 'redis' });
    await http().get(API_ROUTES.whitelistedCollections.path).expect(200);
    await http().get(API_ROUTES.trendingSearches.path).expect(200);
    await http()
      .get(apiPath(API_ROUTES.trendingSearches, {}, { limit: 50 }))
      .expect(200);
    const before = await stats();
    const requestsBefore = before.apiRequestsCount;
    // The entries clearing removes are counted, so the admin sees them go (the stored rows stay).
    expect(before.cachedEntries).toBe(6);

    const res = await http().post(API_ROUTES.clearCache.path);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, cleared: 6 });
    // What the chain said about an address is asked again after a clear.
    expect(await answers.get('network', address('c1'))).toBeNull();
    expect(await cache.get(WALLET_KEY)).toBeNull();
    expect(await cache.get(COLLECTION_KEY)).toBeNull();
    expect(await redis.keys(`${isolated.prefix}:cache:*`)).toEqual([]);
    const after = await stats();
    expect(after).toMatchObject({ collectionsCount: 3, nftsCount: 9, metadataCount: 7, rankingsCount: 6 });
    expect(after.apiRequestsCount).toBe(requestsBefore + 2);
    expect(after.cachedEntries).toBe(0);

    expect((await http().post(API_ROUTES.clearCache.path)).body).toEqual({ success: true, cleared: 0 });
  });
});
