import { EntityManager } from '@mikro-orm/postgresql';
import type { NftAttribute } from '@nexus/contract';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import type { CollectionInfo } from '../chain/index.js';
import { executeBound } from '../platform/database/index.js';
import { CollectionPageRepository } from './collection-page.repository.js';
import { CollectionsRepository, type NftRecord } from './collections.repository.js';

const ADDRESS = '0x00000000000000000000000000000000007a17c0';
const info: CollectionInfo = {
  network: 'polygon',
  address: ADDRESS,
  name: 'Counted',
  symbol: 'CNT',
  standard: 'ERC-721',
  totalSupply: 40,
  enumerable: true,
};

/** Several traits: a background of 3, a hat on some (two spellings of one value), eyes on a few. */
function nft(id: number, shift = 0): NftRecord {
  const attributes: NftAttribute[] = [
    { trait_type: 'Background', value: ['Blue', 'Red', 'Green'][(id + shift) % 3]! },
  ];
  if ((id + shift) % 4 === 0) attributes.push({ trait_type: 'Hat', value: id % 8 ? 'Cap' : ' cap ' });
  if ((id + shift) % 5 === 0) attributes.push({ trait_type: 'Eyes', value: `Laser ${id % 2}` });
  return {
    tokenId: String(id),
    tokenUri: null,
    name: `Counted #${id}`,
    description: '',
    image: null,
    attributes,
    metadataStatus: 'ok',
    rarityScore: null,
    rarityRank: null,
  };
}

const range = (from: number, to: number, shift = 0) =>
  Array.from({ length: to - from + 1 }, (_, i) => nft(from + i, shift));

describe('collection trait counts', () => {
  let api: IsolatedApi;
  let collections: CollectionsRepository;
  let em: EntityManager;

  beforeAll(async () => {
    api = await startIsolatedApi('collection_trait_counts');
    collections = api.app.get(CollectionsRepository);
    em = api.app.get(EntityManager);
  });

  afterAll(async () => {
    await api?.close();
  });

  /** The table's counts and the counts of the rows, each as sorted `facet=count` lines. */
  const both = async (collectionId: string) => {
    const table = await executeBound<{ line: string }>(
      em.fork(),
      `select facet || '=' || count as line from collection_trait_count where collection_id = $1`,
      [collectionId],
    );
    const rows = await executeBound<{ line: string }>(
      em.fork(),
      `select '=' || count(*) as line from nft where collection_id = $1
       union all
       select k || '=' || count(*) from nft, unnest(trait_facets) as k where collection_id = $1 group by k`,
      [collectionId],
    );
    const lines = (list: Array<{ line: string }>) => list.map((r) => r.line).sort();
    return { table: lines(table), rows: lines(rows) };
  };

  /** What the page route's unfiltered counts read: from the table, equal to counting the rows. */
  const pageCounts = async (collectionId: string) => {
    const pages = api.app.get(CollectionPageRepository);
    const fromTable = await pages.facetCounts(
      collectionId,
      'Counted',
      { search: '', traits: {} },
      { labels: true },
    );
    await executeBound(em.fork(), `delete from collection_trait_count where collection_id = $1`, [
      collectionId,
    ]);
    const fromRows = await pages.facetCounts(
      collectionId,
      'Counted',
      { search: '', traits: {} },
      { labels: true },
    );
    return { fromTable, fromRows };
  };

  it('equal the rows after a scan, a rescan that changed traits, retries and wallet scans', async () => {
    const first = await collections.saveScan({ info, nfts: range(1, 30), scanDuration: 5, isComplete: true });
    let counts = await both(first.id);
    expect(counts.table).toEqual(counts.rows);
    expect(counts.table).toContain('=30');

    // A chunked rescan: other traits for every token, tokens 1–4 burned, 31–40 minted.
    const started = new Date(Date.now() + 1_000);
    const id = await collections.beginScan(info);
    await collections.storeChunk(id, range(5, 20, 1), started);
    await collections.storeChunk(id, range(21, 40, 2), started);
    await collections.finishScan(id, { scanStartedAt: started, scanDuration: 5, isComplete: true });
    counts = await both(id);
    expect(counts.table).toEqual(counts.rows);
    expect(counts.table).toContain('=36');

    // Metadata retries change some traits (and one token gets its first stored row).
    await collections.saveMetadata('polygon', ADDRESS, [nft(5, 7), nft(6, 7), nft(12, 3), nft(41, 0)]);
    counts = await both(id);
    expect(counts.table).toEqual(counts.rows);
    expect(counts.table).toContain('=37');

    // A wallet scan stores a few of its NFTs, one with traits it had not.
    await collections.saveHoldings([{ info, nfts: [nft(7, 1), nft(42, 0)] }]);
    counts = await both(id);
    expect(counts.table).toEqual(counts.rows);
    expect(counts.table).toContain('=38');

    // The page route's counts from the table are those it counted from the rows before.
    const { fromTable, fromRows } = await pageCounts(id);
    expect(fromTable).toEqual(fromRows);
    expect(fromTable.total).toBe(38);
  });
});
