import {
  API_ROUTES,
  apiPath,
  INCOMPLETE_REASONS,
  SCAN_ERRORS,
  type CollectionPageResponse,
} from '@nexus/contract';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import type { CollectionInfo } from '../chain/index.js';
import { CollectionsRepository, type NftRecord } from './collections.repository.js';

const ADDRESS = '0x00000000000000000000000000000000005ca221';
const pagePath = () => apiPath(API_ROUTES.collectionPage, { network: 'polygon', address: ADDRESS });
const info: CollectionInfo = {
  network: 'polygon',
  address: ADDRESS,
  name: 'Slow Scan',
  symbol: 'SLOW',
  standard: 'ERC-721',
  totalSupply: 1_000,
  enumerable: true,
};

/** Odd ids wear a Cap, even ids a Crown; no ranks (the rarity job runs after the scan). */
function nft(id: number): NftRecord {
  return {
    tokenId: String(id),
    tokenUri: null,
    name: `Slow #${id}`,
    description: '',
    image: null,
    attributes: [{ trait_type: 'Hat', value: id % 2 ? 'Cap' : 'Crown' }],
    metadataStatus: 'ok',
    rarityScore: null,
    rarityRank: null,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => nft(from + i));

describe('GET /api/collections/{network}/{address}/nfts while the first scan runs', () => {
  let api: IsolatedApi;
  let collections: CollectionsRepository;

  beforeAll(async () => {
    api = await startIsolatedApi('collection_page_scanning');
    collections = api.app.get(CollectionsRepository);
  });

  afterAll(async () => {
    await api?.close();
  });

  const get = async (status: number, query = 'sort=tokenId') => {
    const res = await request(api.app.getHttpServer()).get(`${pagePath()}?${query}`);
    expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status });
    return res.body as CollectionPageResponse;
  };
  const hats = (page: CollectionPageResponse) =>
    Object.fromEntries(
      (page.traitTypes.find((t) => t.key === 'hat')?.values ?? []).map((v) => [v.key, v.count]),
    );

  it('answers the NFTs stored so far, flagged as scanning, then the finished scan', async () => {
    // No collection row, then a row without any NFT stored: not found, as before the scan.
    expect(await get(404)).toMatchObject({ message: SCAN_ERRORS.notFound });
    const started = new Date();
    const id = await collections.beginScan(info);
    expect(await get(404)).toMatchObject({ message: SCAN_ERRORS.notFound });

    await collections.storeChunk(id, range(1, 3), started);
    const first = await get(200);
    expect(first.nfts.map((n) => n.tokenId)).toEqual(['1', '2', '3']);
    expect(first).toMatchObject({
      name: 'Slow Scan',
      total: 3,
      collectionTotal: 3,
      rankedTotal: 0,
      scanning: { stored: 3, expected: 1_000 },
    });
    expect(hats(first)).toEqual({ cap: 2, crown: 1 });
    // Unranked NFTs: the default sort (by rank) answers them in token id order.
    expect((await get(200, '')).nfts.map((n) => n.tokenId)).toEqual(['1', '2', '3']);

    // The next chunk shows at the next request, counts included.
    await collections.storeChunk(id, range(4, 60), started);
    const second = await get(200, 'sort=tokenId&traits=hat:crown&pageSize=10');
    expect(second).toMatchObject({
      total: 30,
      collectionTotal: 60,
      pageCount: 3,
      scanning: { stored: 60, expected: 1_000 },
    });
    expect(second.nfts.map((n) => n.tokenId).slice(0, 3)).toEqual(['2', '4', '6']);
    expect(hats(second)).toEqual({ cap: 30, crown: 30 });

    await collections.finishScan(id, { scanStartedAt: started, scanDuration: 1_000, isComplete: true });
    const done = await get(200, 'sort=tokenId&traits=hat:crown&pageSize=10');
    expect(done.scanning).toBeUndefined();
    expect(done).toMatchObject({ total: 30, collectionTotal: 60 });
    expect((await get(200)).scanning).toBeUndefined();
  });

  it('answers a given-up first scan as an incomplete one, and a later scan finishes it', async () => {
    const other = { ...info, address: '0x00000000000000000000000000000000005ca222', name: 'Stopped Scan' };
    const path = apiPath(API_ROUTES.collectionPage, { network: 'polygon', address: other.address });
    const page = async () => {
      const res = await request(api.app.getHttpServer()).get(`${path}?sort=tokenId`);
      expect(res.status).toBe(200);
      return res.body as CollectionPageResponse;
    };
    const started = new Date();
    const id = await collections.beginScan(other);
    await collections.storeChunk(id, range(1, 40), started);
    expect((await page()).scanning).toEqual({ stored: 40, expected: 1_000 });

    // The scan's last attempt failed: what it stored is answered, as incomplete, no longer scanning.
    expect(await collections.endGivenUpScan('polygon', other.address, INCOMPLETE_REASONS.stopped)).toBe(true);
    const stopped = await page();
    expect(stopped.scanning).toBeUndefined();
    expect(stopped).toMatchObject({
      total: 40,
      collectionTotal: 40,
      incompleteReason: INCOMPLETE_REASONS.stopped,
    });
    expect(hats(stopped)).toEqual({ cap: 20, crown: 20 });
    // Only a first scan is ended so: a collection scanned before keeps its last scan.
    expect(await collections.endGivenUpScan('polygon', other.address, INCOMPLETE_REASONS.stopped)).toBe(
      false,
    );
    // A collection with no NFT stored stays not found.
    const empty = { ...info, address: '0x00000000000000000000000000000000005ca223' };
    await collections.beginScan(empty);
    expect(await collections.endGivenUpScan('polygon', empty.address, INCOMPLETE_REASONS.stopped)).toBe(
      false,
    );

    const again = new Date();
    await collections.storeChunk(id, range(1, 60), again);
    await collections.finishScan(id, { scanStartedAt: again, scanDuration: 1_000, isComplete: true });
    const finished = await page();
    expect(finished.incompleteReason).toBeUndefined();
    expect(finished.collectionTotal).toBe(60);
  });
});
