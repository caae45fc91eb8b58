import {
  API_ROUTES,
  apiPath,
  type CollectionPageResponse,
  type CollectionRanksResponse,
  type NftAttribute,
} from '@nexus/contract';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import type { CollectionInfo } from '../chain/index.js';
import { CollectionsRepository, type NftRecord } from './collections.repository.js';

const ADDRESS = '0x00000000000000000000000000000000000a9e50';
/** The page and ranks routes of a polygon collection (a raw query string is appended where a test sends one). */
const pagePath = (address = ADDRESS) => apiPath(API_ROUTES.collectionPage, { network: 'polygon', address });
const ranksPath = (address = ADDRESS) => apiPath(API_ROUTES.collectionRanks, { network: 'polygon', address });
const info: CollectionInfo = {
  network: 'polygon',
  address: ADDRESS,
  name: 'Paged Apes',
  symbol: 'PAPE',
  standard: 'ERC-721',
  totalSupply: 12,
  enumerable: true,
};

/**
 * Twelve apes, ids 1..12 (so '10' sorts after '9'):
 * - Background: Blue for odd ids, ' red ' / 'Red' (one value, two spellings) for even ids;
 * - Hat: 'Cap' on ids 1–4, 'Crown' on 5–6, none on 7–12;
 * - Level (a number trait): never a filter value;
 * - ranks on ids 1–9 only (id 10–12 unranked), score = 100 - rank.
 */
function ape(id: number): NftRecord {
  const attributes: NftAttribute[] = [
    { trait_type: 'Background', value: id % 2 ? 'Blue' : id % 4 ? ' red ' : 'Red' },
    { trait_type: 'Level', value: id, display_type: 'number' },
  ];
  if (id <= 4) attributes.push({ trait_type: 'Hat', value: 'Cap' });
  else if (id <= 6) attributes.push({ trait_type: 'Hat', value: 'Crown' });
  const rank = id <= 9 ? 10 - id : null;
  return {
    tokenId: String(id),
    tokenUri: null,
    name: id === 12 ? '' : `Ape ${id === 3 ? 'Zed' : 'Alpha'} #${id}`,
    description: '',
    image: null,
    attributes,
    metadataStatus: 'ok',
    rarityScore: rank === null ? null : 100 - rank,
    rarityRank: rank,
  };
}

describe('GET /api/collections/{network}/{address}/nfts', () => {
  let api: IsolatedApi;

  beforeAll(async () => {
    api = await startIsolatedApi('collection_page', { env: { FULL_ANSWER_MAX_NFTS: '10' } });
    await api.app.get(CollectionsRepository).saveScan({
      info,
      nfts: Array.from({ length: 12 }, (_, i) => ape(i + 1)),
      scanDuration: 10,
      isComplete: true,
    });
  });

  afterAll(async () => {
    await api?.close();
  });

  const get = async (query = '', status = 200) => {
    const res = await request(api.app.getHttpServer()).get(`${pagePath()}${query ? `?${query}` : ''}`);
    expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status });
    return res.body as CollectionPageResponse;
  };
  const ids = (page: CollectionPageResponse) => page.nfts.map((n) => n.tokenId);
  const type = (page: CollectionPageResponse, key: string) => page.traitTypes.find((t) => t.key === key);
  const counts = (page: CollectionPageResponse, key: string) =>
    Object.fromEntries((type(page, key)?.values ?? []).map((v) => [v.key, v.count]));

  it('answers the first page by rank, unranked last in token id order, with the totals', async () => {
    const page = await get('pageSize=5');
    expect(ids(page)).toEqual(['9', '8', '7', '6', '5']);
    expect(page).toMatchObject({
      page: 1,
      pageSize: 5,
      pageCount: 3,
      total: 12,
      collectionTotal: 12,
      rankedTotal: 9,
      sort: 'rarity-rank',
      order: 'asc',
      name: 'Paged Apes',
    });
    expect(ids(await get('pageSize=5&page=2'))).toEqual(['4', '3', '2', '1', '10']);
    expect(ids(await get('pageSize=5&page=3'))).toEqual(['11', '12']);
    // A page past the last answers the last.
    expect(await get('pageSize=5&page=99')).toMatchObject({ page: 3 });
  });

  it('keeps unranked NFTs last in both directions of rank and score', async () => {
    expect(ids(await get('sort=rarity-rank&order=desc'))).toEqual([
      ...['1', '2', '3', '4', '5', '6', '7', '8', '9'],
      ...['10', '11', '12'],
    ]);
    expect(ids(await get('sort=rarity-score'))).toEqual([
      ...['9', '8', '7', '6', '5', '4', '3', '2', '1'],
      ...['10', '11', '12'],
    ]);
    expect(ids(await get('sort=rarity-score&order=asc')).slice(-4)).toEqual(['9', '10', '11', '12']);
  });

  it('sorts token ids as numbers and names with numeric collation', async () => {
    expect(ids(await get('sort=tokenId'))).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect(ids(await get('sort=tokenId&order=desc')).slice(0, 3)).toEqual(['12', '11', '10']);
    // '' (no name) first, then Alpha #1 … #11 with #9 before #10, then Zed.
    expect(ids(await get('sort=name'))).toEqual([
      '12',
      '1',
      '2',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '3',
    ]);
  });

  it('filters OR within a trait type and AND across types, on normalised values', async () => {
    const red = await get('traits=background:red&sort=tokenId');
    expect(ids(red)).toEqual(['2', '4', '6', '8', '10', '12']);
    expect(red.total).toBe(6);

    const redOrBlueWithCap = await get(
      'traits=background:red&traits=background:blue&traits=hat:cap&sort=tokenId',
    );
    expect(ids(redOrBlueWithCap)).toEqual(['1', '2', '3', '4']);

    const redCapOrCrown = await get('traits=Background:RED&traits=hat:cap&traits=hat:crown&sort=tokenId');
    expect(ids(redCapOrCrown)).toEqual(['2', '4', '6']);
  });

  it('filters on the absence of a trait type, alone or OR a value', async () => {
    expect(ids(await get('traits=hat:%20missing&sort=tokenId'))).toEqual(['7', '8', '9', '10', '11', '12']);
    expect(ids(await get('traits=hat:%20missing&traits=hat:crown&sort=tokenId'))).toEqual([
      ...['5', '6', '7', '8', '9', '10', '11', '12'],
    ]);
  });

  it('counts trait values for the filter: a chosen type under the other choices, the rest under all', async () => {
    const all = await get();
    expect(counts(all, 'background')).toEqual({ blue: 6, red: 6 });
    expect(counts(all, 'hat')).toEqual({ cap: 4, crown: 2 });
    expect(type(all, 'hat')?.missing).toBe(6);
    expect(type(all, 'background')?.traitType).toBe('Background');
    // A number trait is a range, not a filter value.
    expect(type(all, 'level')).toBeUndefined();

    const capOnly = await get('traits=hat:cap');
    // Background counted among the NFTs with a cap; Hat among all (its own choice left out).
    expect(counts(capOnly, 'background')).toEqual({ blue: 2, red: 2 });
    expect(type(capOnly, 'background')?.missing).toBe(0);
    expect(counts(capOnly, 'hat')).toEqual({ cap: 4, crown: 2 });
    expect(type(capOnly, 'hat')?.missing).toBe(6);

    // A filter keeping most of the collection (8 of 12) is counted as the whole less the rest.
    const mostly = await get('traits=hat:%20missing&traits=hat:crown');
    expect(mostly.total).toBe(8);
    expect(counts(mostly, 'background')).toEqual({ blue: 4, red: 4 });
    expect(type(mostly, 'background')?.missing).toBe(0);
    expect(counts(mostly, 'hat')).toEqual({ cap: 4, crown: 2 });

    const redWithCap = await get('traits=background:red&traits=hat:cap');
    expect(redWithCap.total).toBe(2);
    expect(counts(redWithCap, 'background')).toEqual({ blue: 2, red: 2 });
    expect(counts(redWithCap, 'hat')).toEqual({ cap: 2, crown: 1 });
    expect(type(redWithCap, 'hat')?.missing).toBe(3);
  });

  it('searches names and token ids, case-insensitively, with the other filters', async () => {
    expect(ids(await get('search=zed'))).toEqual(['3']);
    expect(ids(await get('search=%231&sort=tokenId'))).toEqual(['1', '10', '11', '12']);
    // An NFT without a name is found by the name the gallery shows for it.
    expect(ids(await get('search=paged%20apes'))).toEqual(['12']);
    // LIKE wildcards are plain characters.
    expect((await get('search=%25')).total).toBe(0);
    const searched = await get('search=alpha&traits=hat:cap&sort=tokenId');
    expect(ids(searched)).toEqual(['1', '2', '4']);
    expect(counts(searched, 'background')).toEqual({ blue: 1, red: 2 });
    expect(counts(searched, 'hat')).toEqual({ cap: 3, crown: 2 });
  });

  it('answers the NFT shape of SPEC §3 through the media route', async () => {
    const [first] = (await get('sort=tokenId&pageSize=1')).nfts;
    expect(first).toMatchObject({
      tokenId: '1',
      name: 'Ape Alpha #1',
      tokenType: 'ERC-721',
      network: 'polygon',
      contract: { address: ADDRESS },
      rarityRank: 9,
      rarityScore: 91,
    });
  });

  it.each([
    ['page=0', 'page must be at least 1'],
    ['page=abc', 'page must be a whole number'],
    ['pageSize=500', 'pageSize must be at most 200'],
    ['sort=price', 'sort must be one of: rarity-rank, rarity-score, tokenId, name'],
    ['order=up', 'order must be asc or desc'],
    ['traits=nocolon', 'each trait must be written type:value'],
    [`search=${'x'.repeat(201)}`, 'search is too long'],
    ['color=red', 'property color should not exist'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await request(api.app.getHttpServer()).get(`${pagePath()}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('answers POST /api/nfts for a collection over FULL_ANSWER_MAX_NFTS with its first page and the route', async () => {
    const res = await request(api.app.getHttpServer())
      .post(API_ROUTES.scanNfts.path)
      .send({ address: ADDRESS, network: 'polygon', searchType: 'collection' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fromCache: true,
      cacheSource: 'database',
      cacheType: 'collection',
      isComplete: true,
      error: null,
      paging: { total: 12, pageSize: 50, route: `/api/collections/polygon/${ADDRESS}/nfts` },
    });
    expect(res.body.nfts.slice(0, 3).map((n: { tokenId: string }) => n.tokenId)).toEqual(['9', '8', '7']);
  });

  it('answers POST /api/nfts asked by pages with the first page and the route, whatever the size', async () => {
    const small = '0x00000000000000000000000000000000000a9e51';
    await api.app.get(CollectionsRepository).saveScan({
      info: { ...info, address: small, name: 'Few Apes', totalSupply: 6 },
      nfts: Array.from({ length: 6 }, (_, i) => ape(i + 1)),
      scanDuration: 10,
      isComplete: true,
    });
    const post = (extra: object = {}) =>
      request(api.app.getHttpServer())
        .post(API_ROUTES.scanNfts.path)
        .send({ address: small, network: 'polygon', searchType: 'collection', ...extra });
    const tokenIds = (body: { nfts: Array<{ tokenId: string }> }) => body.nfts.map((n) => n.tokenId);

    // SPEC §7's answer stays whole for a client that does not ask by pages (and is cached whole).
    const whole = await post();
    expect(whole.status).toBe(200);
    expect(whole.body.paging).toBeUndefined();
    expect(tokenIds(whole.body)).toEqual(['1', '2', '3', '4', '5', '6']);

    // The web app asks by pages: never the whole answer, from Redis or otherwise.
    for (let i = 0; i < 2; i++) {
      const paged = await post({ paged: true });
      expect(paged.status).toBe(200);
      expect(paged.body).toMatchObject({
        fromCache: true,
        cacheSource: 'database',
        paging: { total: 6, pageSize: 50, route: `/api/collections/polygon/${small}/nfts` },
      });
      expect(tokenIds(paged.body)).toEqual(['6', '5', '4', '3', '2', '1']);
    }
    const wrong = await post({ paged: 'yes' });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'paged must be a boolean']);
  });

  it('answers 400 for a bad address and 404 for a collection never scanned', async () => {
    const bad = await request(api.app.getHttpServer()).get(pagePath('0x12'));
    expect(bad.status).toBe(400);
    const unknown = await request(api.app.getHttpServer()).get(pagePath(`0x${'1'.repeat(40)}`));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Collection Not Found');
  });

  describe('GET /api/collections/{network}/{address}/ranks', () => {
    const ranks = async (address: string, query: string, status = 200) => {
      const res = await request(api.app.getHttpServer()).get(`${ranksPath(address)}?${query}`);
      expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status });
      return res.body as CollectionRanksResponse;
    };

    it("answers the collection's stored ranks of the ids asked, in their order, unranked ones left out", async () => {
      expect(await ranks(ADDRESS, 'tokenIds=9,11,1,404&tokenIds=2')).toEqual({
        network: 'polygon',
        address: ADDRESS,
        ranked: true,
        rankedTotal: 9,
        ranks: [
          { tokenId: '9', rarityRank: 1, rarityScore: 99 },
          { tokenId: '1', rarityRank: 9, rarityScore: 91 },
          { tokenId: '2', rarityRank: 8, rarityScore: 92 },
        ],
      });
    });

    it('answers 200 with ranked false for a collection Nexus never scanned (a wallet-only one)', async () => {
      const other = `0x${'2'.repeat(40)}`;
      expect(await ranks(other, 'tokenIds=1')).toEqual({
        network: 'polygon',
        address: other,
        ranked: false,
        rankedTotal: 0,
        ranks: [],
      });
    });

    it.each([
      ['no token id', 'tokenIds=', 'at least one token id'],
      ['a token id that is no number', 'tokenIds=abc', 'decimal number'],
      [
        '201 token ids',
        `tokenIds=${Array.from({ length: 201 }, (_, i) => i).join(',')}`,
        'at most 200 token ids',
      ],
    ])('answers 400 for %s', async (_label, query, message) => {
      const res = await request(api.app.getHttpServer()).get(`${ranksPath()}?${query}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    });
  });
});
