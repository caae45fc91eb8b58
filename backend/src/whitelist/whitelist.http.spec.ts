import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_ROUTES, apiPath, type WhitelistedCollection } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { REDIS, RedisConnections } from '../platform/redis/index.js';
import { WhitelistController } from './whitelist.controller.js';
import { WhitelistSeeder } from './whitelist.seeder.js';
import { DEFAULT_DISPLAY } from './testing/whitelist-entry.fixture.js';

const address = (byte: string) => '0x' + byte.repeat(20);
const APES = address('a1');
const PASSES = address('b2');
const CRITTERS = address('c3');

/** A dev-chain manifest as the seeder writes it, with a spam airdrop and a broken entry. */
const MANIFEST = {
  version: 1,
  collections: [
    {
      key: 'apes',
      network: 'ethereum',
      address: APES,
      name: 'Nexus Apes',
      symbol: 'NAPE',
      standard: 'ERC-721',
      totalSupply: 10000,
      description: 'Nexus Apes: 10,000 apes of the Nexus dev chain.',
    },
    {
      key: 'vouchers',
      network: 'ethereum',
      address: address('d4'),
      name: 'Claim Free Reward Voucher',
      symbol: 'VCH',
      standard: 'ERC-721',
      totalSupply: 40,
      edgeCases: { spam: true },
    },
    {
      key: 'passes',
      network: 'polygon',
      address: PASSES.toUpperCase().replace('0X', '0x'),
      name: 'Nexus Polygon Passes',
      symbol: 'NPP',
      standard: 'ERC-1155',
      totalSupply: 12,
    },
    { key: 'broken', network: 'polygon', address: '0x1234', name: 'Broken' },
    {
      key: 'critters',
      network: 'cronos',
      address: CRITTERS,
      name: 'Nexus Cronos Critters',
      symbol: 'NCC',
      standard: 'ERC-721',
      totalSupply: 1200,
    },
  ],
};

describe(WhitelistController.name, () => {
  let isolated: IsolatedApi;
  let dir: string;
  let sut: NestExpressApplication;
  let redis: Redis;
  let cacheKey: string;
  let cookie: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nexus-whitelist-'));
    const manifest = join(dir, 'devchain.json');
    await writeFile(manifest, JSON.stringify(MANIFEST));
    isolated = await startIsolatedApi('whitelist', { manifest });
    sut = isolated.app;
    redis = sut.get<Redis>(REDIS);
    cacheKey = sut.get(RedisConnections).key('cache', 'whitelisted_collections');
    cookie = await adminCookie(sut.getHttpServer());
  });

  afterAll(async () => {
    await isolated.close();
    await rm(dir, { recursive: true, force: true });
  });

  // Signed in as admin: the list is public, every change needs the session.
  const http = () => request.agent(sut.getHttpServer()).set('Cookie', cookie);
  const list = async (): Promise<WhitelistedCollection[]> => {
    const res = await http().get(API_ROUTES.whitelistedCollections.path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.body as WhitelistedCollection[];
  };
  const sql = (query: string, params: unknown[] = []) =>
    sut.get(EntityManager).fork().getConnection().execute(query, params);

  describe('seeding', () => {
    it('whitelists the manifest collections at start, spam and broken entries left out, the first featured', async () => {
      const body = await list();

      expect(body.map((c) => [c.name, c.network, c.contractAddress, c.isFeatured])).toEqual([
        ['Nexus Apes', 'ethereum', APES, true],
        ['Nexus Cronos Critters', 'cronos', CRITTERS, false],
        ['Nexus Polygon Passes', 'polygon', PASSES, false],
      ]);
      expect(body[0]).toEqual({
        id: expect.stringMatching(/^\d+$/),
        contractAddress: APES,
        name: 'Nexus Apes',
        network: 'ethereum',
        description: 'Nexus Apes: 10,000 apes of the Nexus dev chain.',
        logoUrl: '',
        bannerUrl: '',
        website: '',
        discord: '',
        twitter: '',
        telegram: '',
        isFeatured: true,
        ...DEFAULT_DISPLAY,
      });
      expect(body[2]!.description).toBe(
        'Nexus Polygon Passes (NPP): 12 ERC-1155 tokens on the local Polygon dev chain.',
      );
    });

    it('does not seed a table that has rows', async () => {
      await expect(sut.get(WhitelistSeeder).seed()).resolves.toBe(0);
      expect(await list()).toHaveLength(3);
    });
  });

  describe('cache', () => {
    it('keeps the list in Redis for an hour and answers from there', async () => {
      await redis.del(cacheKey);
      const before = await list();
      const ttl = await redis.ttl(cacheKey);
      expect(ttl).toBeGreaterThan(3590);
      expect(ttl).toBeLessThanOrEqual(3600);
      expect(JSON.parse((await redis.get(cacheKey))!)).toEqual(before);

      // A change behind the API's back is not seen until the entry goes.
      await sql(`update whitelisted_collection set name = 'Renamed Behind' where contract_address = ?`, [
        CRITTERS,
      ]);
      expect((await list()).map((c) => c.name)).toContain('Nexus Cronos Critters');
      await redis.del(cacheKey);
      expect((await list()).map((c) => c.name)).toContain('Renamed Behind');
      await sql(
        `update whitelisted_collection set name = 'Nexus Cronos Critters' where contract_address = ?`,
        [CRITTERS],
      );
      await redis.del(cacheKey);
    });

    it('answers the change at once after a POST, PATCH and DELETE', async () => {
      await list(); // cached
      const created = await http()
        .post(API_ROUTES.addWhitelistedCollection.path)
        .send({ contractAddress: address('e5'), name: 'Cache Probe', network: 'cronos' });
      expect(created.status).toBe(201);
      expect((await list()).map((c) => c.name)).toContain('Cache Probe');

      const id = (created.body as WhitelistedCollection).id;
      await http()
        .patch(apiPath(API_ROUTES.updateWhitelistedCollection, { id }))
        .send({ name: 'Cache Probe Renamed' })
        .expect(200);
      const names = (await list()).map((c) => c.name);
      expect(names).toContain('Cache Probe Renamed');
      expect(names).not.toContain('Cache Probe');

      await http().delete(apiPath(API_ROUTES.deleteWhitelistedCollection, { id })).expect(200);
      expect((await list()).map((c) => c.name)).not.toContain('Cache Probe Renamed');
      expect(
        (JSON.parse((await redis.get(cacheKey))!) as WhitelistedCollection[]).map((c) => c.name),
      ).not.toContain('Cache Probe Renamed');
    });
  });

  describe('ordering', () => {
    it('answers the featured collections first, then the rest by name whatever the case', async () => {
      for (const [byte, name, isFeatured] of [
        ['11', 'zebra Squad', false],
        ['12', 'Aardvarks', false],
        ['13', 'mammoths', false],
        ['14', 'Yetis', true],
      ] as const) {
        await http()
          .post(API_ROUTES.addWhitelistedCollection.path)
          .send({ contractAddress: address(byte), name, isFeatured })
          .expect(201);
      }

      expect((await list()).map((c) => `${c.isFeatured ? '*' : ''}${c.name}`)).toEqual([
        '*Nexus Apes',
        '*Yetis',
        'Aardvarks',
        'mammoths',
        'Nexus Cronos Critters',
        'Nexus Polygon Passes',
        'zebra Squad',
      ]);
    });
  });

  describe('changes', () => {
    const valid = { contractAddress: address('f6'), name: 'Valid Collection' };

    it('creates with the SPEC defaults: polygon, bubbles 15, medium, all; lower-case address', async () => {
      const res = await http()
        .post(API_ROUTES.addWhitelistedCollection.path)
        .send({
          contractAddress: '0x' + 'AB'.repeat(20),
          name: '  Trimmed Name  ',
          website: 'https://example.org',
          twitter: '@nexus',
          backgroundImageUrls: ['https://img.example/1.png', '  ', '', '/api/media/files/2.png'],
        });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^\d+$/),
        contractAddress: '0x' + 'ab'.repeat(20),
        name: 'Trimmed Name',
        network: 'polygon',
        description: '',
        logoUrl: '',
        bannerUrl: '',
        website: 'https://example.org',
        discord: '',
        twitter: '@nexus',
        telegram: '',
        isFeatured: false,
        hasAnimatedBackground: false,
        backgroundImageUrls: ['https://img.example/1.png', '/api/media/files/2.png'],
        bubbleCount: 15,
        animationSpeed: 'medium',
        bubbleSize: 'medium',
        animationDirection: 'all',
      });
      const [row] = await sql(`select network, bubble_count from whitelisted_collection where id = ?`, [
        res.body.id,
      ]);
      expect(row).toEqual({ network: 'polygon', bubble_count: 15 });
    });

    it('refuses the same contract twice on one network (any case) but not on another network', async () => {
      const again = await http()
        .post(API_ROUTES.addWhitelistedCollection.path)
        .send({ contractAddress: '0x' + 'ab'.repeat(20), name: 'Again' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This collection is already whitelisted on this network');

      const elsewhere = await http()
        .post(API_ROUTES.addWhitelistedCollection.path)
        .send({ contractAddress: '0x' + 'ab'.repeat(20), name: 'Elsewhere', network: 'cronos' });
      expect(elsewhere.status).toBe(201);
    });

    it('takes a base58 address on Solana, kept as typed, and refuses a 0x one there', async () => {
      const mint = 'J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w';
      const solana = await http()
        .post(API_ROUTES.addWhitelistedCollection.path)
        .send({ contractAddress: mint, name: 'Mad Lads', network: 'solana' });
      expect(solana.status).toBe(201);
      expect((solana.body as WhitelistedCollection).contractAddress).toBe(mint);

      const evmOnSolana = await http()
        .post(API_ROUTES.addWhitelistedCollection.path)
        .send({ contractAddress: address('e9'), name: 'Wrong Chain', network: 'solana' });
      expect(evmOnSolana.status).toBe(400);
      expect(evmOnSolana.body.message).toBe('Invalid contract address format');
      const base58OnPolygon = await http()
        .post(API_ROUTES.addWhitelistedCollection.path)
        .send({ contractAddress: mint, name: 'Wrong Chain' });
      expect(base58OnPolygon.status).toBe(400);
    });

    it('updates only the fields sent and ignores an id in the body', async () => {
      const created = await http().post(API_ROUTES.addWhitelistedCollection.path).send(valid).expect(201);
      const id = (created.body as WhitelistedCollection).id;

      const res = await http().patch(apiPath(API_ROUTES.updateWhitelistedCollection, { id })).send({
        id: '999999',
        bubbleCount: 50,
        animationSpeed: 'fast',
        bubbleSize: 'large',
        animationDirection: 'left',
        hasAnimatedBackground: true,
        description: 'Now animated',
      });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...(created.body as WhitelistedCollection),
        bubbleCount: 50,
        animationSpeed: 'fast',
        bubbleSize: 'large',
        animationDirection: 'left',
        hasAnimatedBackground: true,
        description: 'Now animated',
      });
      expect((await list()).find((c) => c.id === id)).toEqual(res.body);
    });

    it('answers 404 for a collection that does not exist, and deletes once', async () => {
      const created = await http()
        .post(API_ROUTES.addWhitelistedCollection.path)
        .send({ contractAddress: address('f7'), name: 'Short Lived' })
        .expect(201);
      const id = (created.body as WhitelistedCollection).id;

      const deleted = await http().delete(apiPath(API_ROUTES.deleteWhitelistedCollection, { id }));
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true });
      const [{ n }] = await sql(`select count(*)::int as n from whitelisted_collection where id = ?`, [id]);
      expect(n).toBe(0);

      for (const res of [
        await http().delete(apiPath(API_ROUTES.deleteWhitelistedCollection, { id })),
        await http().patch(apiPath(API_ROUTES.updateWhitelistedCollection, { id })).send({ name: 'Ghost' }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Whitelisted collection not found');
      }
    });

    it.each([
      [{ name: 'No Address' }, 'Contract address is required'],
      [{ contractAddress: '', name: 'Empty Address' }, 'Contract address is required'],
      [{ contractAddress: '0x1234', name: 'Short' }, 'Invalid contract address format'],
      [{ contractAddress: '0x' + 'g'.repeat(40), name: 'Not Hex' }, 'Invalid contract address format'],
      [{ contractAddress: address('f8') }, 'Collection name is required'],
      [{ contractAddress: address('f8'), name: '   ' }, 'Collection name is required'],
      [{ contractAddress: address('f8'), name: 'n'.repeat(101) }, 'Name too long'],
      [{ ...valid, network: 'bitcoin' }, 'network must be one of: ethereum, polygon, cronos, solana'],
      [{ ...valid, bubbleCount: 4 }, 'bubbleCount must be a whole number from 5 to 50'],
      [{ ...valid, bubbleCount: 51 }, 'bubbleCount must be a whole number from 5 to 50'],
      [{ ...valid, bubbleCount: 7.5 }, 'bubbleCount must be a whole number from 5 to 50'],
      [{ ...valid, bubbleCount: '20' }, 'bubbleCount must be a whole number from 5 to 50'],
      [{ ...valid, animationSpeed: 'warp' }, 'animationSpeed must be one of: slow, medium, fast'],
      [{ ...valid, bubbleSize: 'huge' }, 'bubbleSize must be one of: small, medium, large'],
      [
        { ...valid, animationDirection: 'diagonal' },
        'animationDirection must be one of: all, up, down, left, right',
      ],
      [{ ...valid, isFeatured: 'yes' }, 'isFeatured must be true or false'],
      [{ ...valid, description: null }, 'description must be text'],
      [{ ...valid, website: 'javascript:alert(1)' }, 'website must be an http(s) link'],
      [
        { ...valid, backgroundImageUrls: ['data:text/html,hi'] },
        'backgroundImageUrls must be a list of at most 20',
      ],
      [{ ...valid, admin: true }, 'property admin should not exist'],
    ])('refuses POST %j with 400 and writes nothing', async (body, message) => {
      const [{ n: before }] = await sql(`select count(*)::int as n from whitelisted_collection`);
      const res = await http().post(API_ROUTES.addWhitelistedCollection.path).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      const [{ n: after }] = await sql(`select count(*)::int as n from whitelisted_collection`);
      expect(after).toBe(before);
    });

    it.each([
      [{ name: '' }, 'Collection name is required'],
      [{ name: null }, 'Collection name is required'],
      [{ contractAddress: 'nope' }, 'Invalid contract address format'],
      [{ bubbleCount: 0 }, 'bubbleCount must be a whole number from 5 to 50'],
      [{ animationSpeed: null }, 'animationSpeed must be one of: slow, medium, fast'],
    ])('refuses PATCH %j with 400', async (body, message) => {
      const [{ id }] = await sql(`select id::text as id from whitelisted_collection order by id limit 1`);
      const res = await http().patch(apiPath(API_ROUTES.updateWhitelistedCollection, { id })).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });

    it('refuses an id that is not a number', async () => {
      const res = await http().delete(apiPath(API_ROUTES.deleteWhitelistedCollection, { id: 'abc' }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('id must be a positive whole number');
    });
  });
});
