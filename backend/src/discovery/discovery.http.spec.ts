import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DiscoveredCollection } from '@nexus/contract';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';

const address = (byte: string) => '0x' + byte.repeat(20);

describe('GET /api/discover-collections', () => {
  let isolated: IsolatedApi;
  let app: NestExpressApplication;

  beforeAll(async () => {
    isolated = await startIsolatedApi('discovery');
    app = isolated.app;
    const conn = app.get(EntityManager).fork().getConnection();
    await conn.execute(
      `insert into whitelisted_collection (created_at, updated_at, contract_address, name, network, description, logo_url,
         banner_url, website, discord, twitter, telegram, is_featured, has_animated_background, background_image_urls,
         bubble_count, animation_speed, bubble_size, animation_direction)
       values (now(), now(), ?, 'Nexus Apes', 'ethereum', 'Apes', '/logo.png', '', '', '', '', '', true, false, '[]', 15,
         'medium', 'medium', 'all')`,
      [address('a1')],
    );
    for (const [addr, name, network] of [
      [address('a1'), 'Nexus Apes', 'ethereum'],
      [address('b2'), 'Apes of Cronos', 'cronos'],
      [address('c3'), 'Mfers', 'polygon'],
      [address('d4'), 'Grape Apes_', 'polygon'],
    ]) {
      await conn.execute(
        `insert into collection (created_at, updated_at, network, address, name) values (now(), now(), ?, ?, ?)`,
        [network, addr, name],
      );
    }
  });

  afterAll(async () => {
    await isolated?.close();
  });

  const discover = (query: Record<string, string>) =>
    request(app.getHttpServer()).get('/api/discover-collections').query(query);

  it('finds by name across the whitelist and indexed collections, whitelisted (verified) first, once each', async () => {
    const res = await discover({ query: 'apes', limit: '8' });
    expect(res.status).toBe(200);
    const body = res.body as DiscoveredCollection[];
    expect(body.map((c) => [c.name, c.network, c.verified])).toEqual([
      ['Nexus Apes', 'ethereum', true],
      ['Apes of Cronos', 'cronos', false],
      ['Grape Apes_', 'polygon', false],
    ]);
    expect(body[0]).toMatchObject({
      contractAddress: address('a1'),
      imageUrl: '/logo.png',
      description: 'Apes',
    });
  });

  it('finds by contract address, in any case', async () => {
    const res = await discover({ query: address('C3').toUpperCase().replace('0X', '0x') });
    expect(res.body.map((c: DiscoveredCollection) => c.name)).toEqual(['Mfers']);
  });

  it('treats LIKE wildcards as text and honours the limit', async () => {
    expect((await discover({ query: '_%' })).body).toEqual([]);
    expect((await discover({ query: 'es_' })).body.map((c: DiscoveredCollection) => c.name)).toEqual([
      'Grape Apes_',
    ]);
    expect((await discover({ query: 'apes', limit: '1' })).body).toHaveLength(1);
  });

  it('answers nothing under 2 characters and 400 for a bad limit', async () => {
    expect((await discover({ query: 'a' })).body).toEqual([]);
    const res = await discover({ query: 'apes', limit: '500' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('limit must be at most 50');
  });

  it("finds contracts the transfer index has named, once each, a scanned collection's entry first", async () => {
    const conn = app.get(EntityManager).fork().getConnection();
    for (const [addr, name, named] of [
      // Never scanned: only the index knows it.
      [address('e5'), 'Grapes of the Index', true],
      // Scanned too: the collection's entry wins.
      [address('b2'), 'Apes of Cronos (as the index read it)', true],
      // Seen, name not read yet: not found by name.
      [address('f6'), '', false],
    ] as const) {
      await conn.execute(
        `insert into indexed_contract (network, address, first_block, standard, name, symbol, named_at)
         values ('cronos', ?, 10, 'ERC-721', ?, '', ?)`,
        [addr, name, named ? new Date() : null],
      );
    }

    const body = (await discover({ query: 'apes', limit: '8' })).body as DiscoveredCollection[];
    expect(body.map((c) => [c.name, c.network, c.verified])).toEqual([
      ['Nexus Apes', 'ethereum', true],
      ['Apes of Cronos', 'cronos', false],
      ['Grape Apes_', 'polygon', false],
      ['Grapes of the Index', 'cronos', false],
    ]);
    expect(body[3]).toEqual({
      name: 'Grapes of the Index',
      contractAddress: address('e5'),
      network: 'cronos',
      imageUrl: '',
      description: '',
      verified: false,
    });
    expect((await discover({ query: address('f6') })).body).toEqual([]);
    await conn.execute(`delete from indexed_contract`);
  });
});
