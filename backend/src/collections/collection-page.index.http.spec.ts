import { EntityManager } from '@mikro-orm/postgresql';
import {
  COLLECTION_SORTS,
  MISSING_VALUE_KEY,
  type CollectionPageQuery,
  type CollectionPageResponse,
  type NftAttribute,
} from '@nexus/contract';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import type { CollectionInfo } from '../chain/index.js';
import { ScanProgressRepository } from '../platform/realtime/index.js';
import { CollectionPageService } from './collection-page.service.js';
import { CollectionsRepository, type NftRecord } from './collections.repository.js';
import { seededRandom } from '../platform/common/index.js';

const ADDRESS = '0x00000000000000000000000000000000000a9e51';
const info: CollectionInfo = {
  network: 'polygon',
  address: ADDRESS,
  name: 'Indexed Apes',
  symbol: 'IAPE',
  standard: 'ERC-721',
  totalSupply: 240,
  enumerable: true,
};

/** Trait types and their values (one spelling each, so the labels both paths report agree). */
const TYPES: Record<string, string[]> = {
  Background: ['Blue', 'Red', 'Green', 'Árvore'],
  Hat: ['Cap', 'Crown', 'Beanie'],
  Eyes: ['Laser', 'Sleepy', 'Wide', 'Zombie', 'Big'],
  // A value holding U+001E (the separator the index reads facets with).
  Accessory: ['Chain', 'Ring', 'Pipe', 'Odd\u001eOne'],
};

/**
 * 240 NFTs with ids of mixed lengths; some types missing on some NFTs, an Accessory type that repeats
 * (several values on one NFT), values written with other spacing and case, a number trait (not a
 * filter value); repeated names, unnamed NFTs, tied and missing ranks and scores.
 */
function collection(seed: number): NftRecord[] {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: 240 }, (_, i) => {
    const tokenId = String(i < 200 ? i : 1000 + i * 7);
    const attributes: NftAttribute[] = [];
    for (const [type, values] of Object.entries(TYPES)) {
      if (type === 'Accessory') {
        for (const value of values) if (random() < 0.3) attributes.push({ trait_type: type, value });
        continue;
      }
      if (type !== 'Eyes' && random() < 0.2) continue;
      const value = pick(values);
      attributes.push({ trait_type: random() < 0.1 ? ` ${type.toUpperCase()} ` : type, value });
    }
    attributes.push({ trait_type: 'Level', value: i % 9, display_type: 'number' });
    const rank = random() < 0.15 ? null : 1 + Math.floor(random() * 150);
    const named = random();
    return {
      tokenId,
      tokenUri: null,
      name:
        named < 0.1 ? '' : named < 0.2 ? 'Twin Ape' : `Ape ${pick(['Alpha', 'zed', 'Ünder'])} #${tokenId}`,
      description: '',
      image: null,
      attributes,
      metadataStatus: 'ok',
      rarityScore: rank === null ? null : Math.round(1000 / rank) / 10,
      rarityRank: rank,
    };
  });
}

/** A random filter, search, sort and page. */
function randomQuery(random: () => number): CollectionPageQuery {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const query: CollectionPageQuery = { sort: pick(COLLECTION_SORTS), pageSize: pick([1, 7, 25, 50]) };
  if (random() < 0.5) query.order = pick(['asc', 'desc'] as const);
  if (random() < 0.5) query.page = 1 + Math.floor(random() * 6);
  if (random() < 0.25)
    query.search = pick(['1', '#1', 'ape', 'ZED', 'ünder', 'indexed', '%', '_', 'twin', '10']);
  const traits: string[] = [];
  for (const [type, values] of Object.entries(TYPES)) {
    if (random() < 0.55) continue;
    const chosen = new Set<string>();
    const many = 1 + Math.floor(random() * 2);
    for (let k = 0; k < many; k++)
      chosen.add(random() < 0.15 ? MISSING_VALUE_KEY : pick(values).toLowerCase());
    if (random() < 0.05) chosen.add('no-such-value');
    for (const value of chosen) traits.push(`${type.toLowerCase()}:${value}`);
  }
  if (random() < 0.05) traits.push('unknown-type:x');
  if (random() < 0.05) traits.push(`unknown-type:${MISSING_VALUE_KEY}`);
  if (traits.length > 0) query.traits = traits;
  return query;
}

describe('GET /api/collections/{network}/{address}/nfts from the in-memory index', () => {
  let api: IsolatedApi;
  let pages: CollectionPageService;

  beforeAll(async () => {
    api = await startIsolatedApi('collection_page_index');
    pages = api.app.get(CollectionPageService);
    await api.app.get(CollectionsRepository).saveScan({
      info,
      nfts: collection(1),
      scanDuration: 10,
      isComplete: true,
    });
  });

  afterAll(async () => {
    await api?.close();
  });

  const fromIndex = (query: CollectionPageQuery) => pages.page('polygon', ADDRESS, query);
  const fromSql = (query: CollectionPageQuery) => pages.page('polygon', ADDRESS, query, { index: false });
  const ids = (page: CollectionPageResponse) => page.nfts.map((n) => n.tokenId);

  it('answers the same pages, totals and faceted counts as PostgreSQL for random filters, searches and sorts', async () => {
    const random = seededRandom(7);
    let nonEmpty = 0;
    for (let q = 0; q < 160; q++) {
      const query = randomQuery(random);
      const [indexed, sql] = await Promise.all([fromIndex(query), fromSql(query)]);
      expect({ query, answer: indexed }).toEqual({ query, answer: sql });
      if (indexed.total > 0) nonEmpty++;
    }
    // The random mix is not all empty answers.
    expect(nonEmpty).toBeGreaterThan(80);
  });

  it('finds the same NFTs as PostgreSQL for searches in names, unnamed NFTs and token ids', async () => {
    // Texts straddling an NFT's name and token id, or two NFTs, match neither path.
    const searches = [
      '#1',
      'indexed apes #',
      'ape 1',
      'twin ape',
      'ünder',
      'ÜNDER #1',
      '10',
      '7',
      'e1',
      'ape1',
    ];
    const found: Record<string, number> = {};
    for (const search of searches) {
      for (const traits of [undefined, ['eyes:laser'], ['hat:crown', `background:${MISSING_VALUE_KEY}`]]) {
        const query: CollectionPageQuery = {
          search,
          sort: 'name',
          pageSize: 50,
          ...(traits ? { traits } : {}),
        };
        const [indexed, sql] = await Promise.all([fromIndex(query), fromSql(query)]);
        expect({ query, answer: indexed }).toEqual({ query, answer: sql });
        if (!traits) found[search] = indexed.total;
      }
    }
    expect(found['#1']).toBeGreaterThan(0);
    expect(found['indexed apes #']).toBeGreaterThan(0);
    expect(found['ünder']).toBeGreaterThan(0);
    expect(found['e1']).toBe(0);
    expect(found['ape1']).toBe(0);
  });

  it('answers the same through HTTP, unranked last and ties by token id', async () => {
    const path = `/api/collections/polygon/${ADDRESS}/nfts`;
    const res = await request(api.app.getHttpServer()).get(
      `${path}?sort=rarity-rank&order=desc&pageSize=200&page=2`,
    );
    expect(res.status).toBe(200);
    const body = res.body as CollectionPageResponse;
    expect(body).toEqual(
      JSON.parse(
        JSON.stringify(await fromSql({ sort: 'rarity-rank', order: 'desc', pageSize: 200, page: 2 })),
      ) as CollectionPageResponse,
    );
    // The last page ends with the unranked NFTs in token id order.
    const unranked = body.nfts.filter((n) => n.rarityRank === null).map((n) => n.tokenId);
    expect(ids(body).slice(-unranked.length)).toEqual(unranked);
    expect(unranked.length).toBeGreaterThan(0);
  });

  it('follows a rescan of the collection', async () => {
    const before = await fromIndex({ sort: 'tokenId', pageSize: 200 });
    await api.app.get(CollectionsRepository).saveScan({
      info,
      nfts: collection(2),
      scanDuration: 10,
      isComplete: true,
    });
    const query: CollectionPageQuery = { sort: 'name', traits: ['hat:crown', 'eyes:laser'], pageSize: 10 };
    const after = await fromIndex(query);
    expect(after).toEqual(await fromSql(query));
    expect((await fromIndex({ sort: 'tokenId', pageSize: 200 })).traitTypes).not.toEqual(before.traitTypes);
  });

  it('follows a rarity job once its outcome is heard', async () => {
    const query: CollectionPageQuery = { sort: 'rarity-rank', pageSize: 20 };
    const before = await fromIndex(query);
    // New ranks, written as the rarity job writes them: rows only, not the collection row.
    await api.app
      .get(EntityManager)
      .getConnection()
      .execute(
        `update nft set rarity_rank = 1000 - length(token_id) * 100 - token_id::int % 100, updated_at = now()
         where collection_id = (select id from collection where address = ?)`,
        [ADDRESS],
      );
    await api.app.get(ScanProgressRepository).complete({
      key: `rarity:polygon:${ADDRESS}`,
      totalNfts: 240,
      totalCollections: 1,
      scanDuration: 5,
      isComplete: true,
    });
    let after = before;
    for (let tries = 0; tries < 100 && ids(after).join() === ids(before).join(); tries++) {
      await new Promise((done) => setTimeout(done, 50));
      after = await fromIndex(query);
    }
    expect(after.rankedTotal).toBe(240);
    // PostgreSQL's totals are kept briefly: the rest of the answer is compared.
    expect({ ...after, rankedTotal: 0 }).toEqual({ ...(await fromSql(query)), rankedTotal: 0 });
  });

  it('follows rows written without an outcome heard, once it compares them again', async () => {
    const query: CollectionPageQuery = { search: 'renamed', sort: 'tokenId' };
    expect((await fromIndex(query)).total).toBe(0);
    await api.app
      .get(EntityManager)
      .getConnection()
      .execute(
        `update nft set name = 'Renamed Ape', updated_at = now()
         where collection_id = (select id from collection where address = ?) and token_id in ('5', '17')`,
        [ADDRESS],
      );
    let after = await fromIndex(query);
    for (let tries = 0; tries < 200 && after.total === 0; tries++) {
      await new Promise((done) => setTimeout(done, 50));
      after = await fromIndex(query);
    }
    expect(ids(after)).toEqual(['5', '17']);
    expect({ ...after, rankedTotal: 0 }).toEqual({ ...(await fromSql(query)), rankedTotal: 0 });
  });
});
