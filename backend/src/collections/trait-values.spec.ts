import { EntityManager } from '@mikro-orm/postgresql';
import type { NftAttribute, TraitTypeCounts } from '@nexus/contract';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import type { CollectionInfo } from '../chain/index.js';
import { summarizeTraits, TraitIndex } from '../rarity/index.js';
import { SQL_FACET_KEY, SQL_PAIR_KEY, sqlTraitKeys } from '../platform/database/index.js';
import { CollectionPageService } from './collection-page.service.js';
import { recountTraits } from './collection-trait-counts.js';
import { CollectionsRepository, type NftRecord } from './collections.repository.js';
import { traitKeyColumns } from './trait-key-columns.js';

const ADDRESS = '0x00000000000000000000000000000000007a1e50';
const info: CollectionInfo = {
  network: 'polygon',
  address: ADDRESS,
  name: 'Number Traits',
  symbol: 'NUM',
  standard: 'ERC-721',
  totalSupply: 10,
  enumerable: true,
};

/** Size values as metadata gives them: numbers (JS spells them once parsed) and strings. */
const SIZES: Array<string | number> = [1.5, 1.5, '1.5', '1.50', 1.5e-7, 1e21, 100, 2e-7, 0.5, 7];

const nft = (i: number, size: string | number): NftRecord => ({
  tokenId: String(i + 1),
  tokenUri: null,
  name: `Number #${i + 1}`,
  description: '',
  image: null,
  attributes: [{ trait_type: 'Size', value: size as NftAttribute['value'] }],
  metadataStatus: 'ok',
  rarityScore: null,
  rarityRank: null,
});

/** A trait type's value keys with their counts, in key order. */
const counts = (types: TraitTypeCounts[], key: string): Array<[string, number]> =>
  (types.find((t) => t.key === key)?.values ?? [])
    .map((v): [string, number] => [v.key, v.count])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * A trait value is its text as the metadata gives it; a number is spelled as JSON and JavaScript
 * spell it (1.5, 1e+21, 1.5e-7), which is what the rarity engine counts and the filter shows. The
 * page route's SQL path, its in-memory index and the rarity engine count the same values.
 */
describe('trait values in PostgreSQL and in JS', () => {
  let api: IsolatedApi;
  let pages: CollectionPageService;

  beforeAll(async () => {
    api = await startIsolatedApi('trait_values');
    pages = api.app.get(CollectionPageService);
    await api.app.get(CollectionsRepository).saveScan({
      info,
      nfts: SIZES.map((size, i) => nft(i, size)),
      scanDuration: 1,
      isComplete: true,
    });
    // Stored JSON that keeps a number's own spelling (1.50, 100.0): JS reads 1.5 and 100. Written
    // past the repository, as a migration would, so the kept trait counts are counted again as a
    // migration would count them.
    const em = api.app.get(EntityManager).fork();
    await em.getConnection().execute(
      `update nft set attributes = case token_id
         when '9' then '[{"trait_type": "Size", "value": 1.50}]'::jsonb
         else '[{"trait_type": "Size", "value": 100.0}]'::jsonb end
       where token_id in ('9', '10') and collection_id = (select id from collection where address = ?)`,
      [ADDRESS],
    );
    const [{ id }] = await em
      .getConnection()
      .execute<Array<{ id: string }>>(`select id from collection where address = ?`, [ADDRESS]);
    await recountTraits(em, id);
  });

  afterAll(async () => {
    await api?.close();
  });

  const engine = async () => {
    const { nfts } = (await api.app.get(CollectionsRepository).load('polygon', ADDRESS))!;
    return summarizeTraits(TraitIndex.build(nfts));
  };

  it('counts one value per spelling JS gives, on every path', async () => {
    const expected: Array<[string, number]> = [
      ['1.5', 4],
      ['1.50', 1],
      ['1.5e-7', 1],
      ['100', 2],
      ['1e+21', 1],
      ['2e-7', 1],
    ];
    expect(counts((await engine()).traitTypes, 'size')).toEqual(expected);
    const sql = await pages.page('polygon', ADDRESS, { pageSize: 1 }, { index: false });
    expect(counts(sql.traitTypes, 'size')).toEqual(expected);
    const indexed = await pages.page('polygon', ADDRESS, { pageSize: 1 });
    expect(counts(indexed.traitTypes, 'size')).toEqual(expected);
  });

  it('filters on the value the engine and the filter bar name', async () => {
    const summary = counts((await engine()).traitTypes, 'size');
    for (const [value, count] of summary) {
      const query = { traits: [`size:${value}`], pageSize: 10 };
      const [sql, indexed] = await Promise.all([
        pages.page('polygon', ADDRESS, query, { index: false }),
        pages.page('polygon', ADDRESS, query),
      ]);
      expect([value, sql.total, indexed.total]).toEqual([value, count, count]);
    }
  });

  /** Attributes as metadata serves them: well-formed, repeated, padded, numeric, nested, broken. */
  const ODD_ATTRIBUTES: unknown[] = [
    null,
    {},
    [],
    'not an array',
    [1, null, 'x', [], { trait_type: 'A', value: null }, { value: 'no type' }],
    [
      { trait_type: ' Z ', value: ' b ' },
      { trait_type: 'z', value: 'B' },
      { trait_type: 'Z', value: 1.5 },
      { trait_type: 'Z', value: 1e21 },
      { trait_type: 'Z', value: -0.000000125 },
      { trait_type: 'Level', value: 3, display_type: 'number' },
      { trait_type: 'Boost', value: 3, display_type: ' Boost_Percentage ' },
      { trait_type: 'Born', value: 1_700_000_000, display_type: 'date' },
      { trait_type: 'Rank', value: 3, display_type: 'ranking' },
      { trait_type: 'Été', value: 'Éclat' },
      { trait_type: 'Flag', value: true },
      { trait_type: 'Nested', value: { x: 1 } },
      { trait_type: 'List', value: [1, 2] },
      { trait_type: '\tTabbed\n', value: '\u00a0nbsp\u00a0' },
      { trait_type: '', value: '' },
      { trait_type: 'Emoji', value: '🦊 Fox' },
    ],
  ];

  it('keeps the keys the SQL definition gives (the PL/pgSQL bodies are only faster)', async () => {
    const random = (i: number): unknown[] =>
      Array.from({ length: 1 + (i % 9) }, (_, j) => ({
        trait_type: ['Background', 'Eyes', 'Mouth', ' Hat', 'eyes'][(i + j) % 5],
        value: j % 3 === 0 ? (i * 7 + j) / 4 : ['Blue', 'blue ', 'Red', 'Gold', 'None'][(i * j) % 5],
      }));
    const samples = [...ODD_ATTRIBUTES, ...Array.from({ length: 200 }, (_, i) => random(i))];
    const em = api.app.get(EntityManager).fork();
    // Temporary functions live in one session: one transaction holds one connection.
    const differing = await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      await connection.execute(sqlTraitKeys('pg_temp.reference_trait_keys', SQL_PAIR_KEY));
      await connection.execute(sqlTraitKeys('pg_temp.reference_trait_facets', SQL_FACET_KEY));
      return connection.execute<Array<{ attributes: unknown; keys: string[]; facets: string[] }>>(
        `select a as attributes, nft_trait_keys(a) as keys, nft_trait_facets(a) as facets
         from jsonb_array_elements(?::jsonb) as a
         where nft_trait_keys(a) is distinct from pg_temp.reference_trait_keys(a)
            or nft_trait_facets(a) is distinct from pg_temp.reference_trait_facets(a)`,
        [JSON.stringify(samples)],
      );
    });
    expect(differing).toEqual([]);
    // The comparison sees what it compares: the odd sample's keys, sorted and without repeats.
    const [{ keys }] = await em
      .getConnection()
      .execute<Array<{ keys: string[] }>>(`select nft_trait_keys(?::jsonb) as keys`, [
        JSON.stringify(ODD_ATTRIBUTES[5]),
      ]);
    expect(keys).toEqual(expect.arrayContaining(['z', 'z\u001fb', 'z\u001f1.5', 'z\u001f1e+21', 'rank']));
    expect(keys).not.toContain('level');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('computes with the row the keys the functions give, and leaves the rest to them', async () => {
    const numbers = [
      0,
      -0,
      0.1 + 0.2,
      -1.25,
      1e-7,
      123.456e-10,
      2 ** 53 + 2,
      1e21,
      5e-324,
      1.7976931348623157e308,
    ];
    const samples: unknown[] = [
      ...ODD_ATTRIBUTES,
      ...numbers.map((value) => [{ trait_type: 'N', value }]),
      [
        { trait_type: 'V\u000b', value: '\u000bvr\f' },
        { trait_type: 'Score', value: 2, display_type: ' NUMBER ' },
      ],
      [
        { trait_type: 'Odd', value: 1, display_type: 'Numbér' },
        { trait_type: 1, value: 'numbered type' },
      ],
      [
        { trait_type: 'Bad', value: Number.NaN },
        { trait_type: 'Flag', value: false },
        { trait_type: 'S', value: 'x\u001fy' },
      ],
      ...Array.from({ length: 300 }, (_, i) =>
        Array.from({ length: 1 + (i % 8) }, (_, j) => ({
          trait_type: ['Background', 'EYES', ' Mouth ', 'hat', 'Eyes', 'Level'][(i + j) % 6],
          value:
            j % 4 === 0 ? (i * 13 + j) / 8 : ['Blue', ' blue', 'RED\t', 'Gold', 'None', 'vr'][(i * j) % 6],
          ...(j === 5 ? { display_type: ['number', 'date', 'ranking'][i % 3] } : {}),
        })),
      ),
    ];
    const [rows] = [
      await api.app
        .get(EntityManager)
        .getConnection()
        .execute<Array<{ keys: string[]; facets: string[] }>>(
          `select array(select k from unnest(nft_trait_keys(a)) k order by k collate "C") as keys,
             array(select k from unnest(nft_trait_facets(a)) k order by k collate "C") as facets
           from jsonb_array_elements(?::jsonb) with ordinality as x(a, i) order by i`,
          [JSON.stringify(samples)],
        ),
    ];
    let computed = 0;
    samples.forEach((sample, i) => {
      const columns = traitKeyColumns(sample);
      if (columns === null) return;
      computed++;
      expect([i, columns]).toEqual([i, rows[i]]);
    });
    // Most are computed; past ASCII, nested values and a type that is not text are not.
    expect(computed).toBe(samples.length - 2);
    expect(traitKeyColumns(ODD_ATTRIBUTES[5])).toBeNull();
  });

  it('stores the same keys whoever computes them, on insert and on update', async () => {
    const address = '0x00000000000000000000000000000000007a1e52';
    const attributes = (i: number) =>
      i % 2 === 0
        ? [
            { trait_type: 'Hat', value: i % 4 === 0 ? 'Cap ' : 'Crown' },
            { trait_type: 'Size', value: i / 4 },
          ]
        : [
            { trait_type: 'Été', value: 'Éclat' },
            { trait_type: 'Hat', value: 'CAP' },
          ];
    const save = (shift: number) =>
      api.app.get(CollectionsRepository).saveScan({
        info: { ...info, address },
        nfts: Array.from({ length: 8 }, (_, i) => ({ ...nft(i, 0), attributes: attributes(i + shift) })),
        scanDuration: 1,
        isComplete: true,
      });
    const differing = () =>
      api.app
        .get(EntityManager)
        .getConnection()
        .execute<Array<{ token_id: string }>>(
          `select token_id from nft where collection_id = (select id from collection where address = ?)
             and (array(select k from unnest(trait_keys) k order by k collate "C")
                    is distinct from array(select k from unnest(nft_trait_keys(attributes)) k order by k collate "C")
               or array(select k from unnest(trait_facets) k order by k collate "C")
                    is distinct from array(select k from unnest(nft_trait_facets(attributes)) k order by k collate "C"))`,
          [address],
        );
    await save(0);
    expect(await differing()).toEqual([]);
    // The same tokens with other attributes: ASCII rows become others' and the other way round.
    await save(1);
    expect(await differing()).toEqual([]);
    // Attributes written past the repository: the trigger computes the keys again.
    await api.app
      .get(EntityManager)
      .getConnection()
      .execute(
        `update nft set attributes = '[{"trait_type": "Hat", "value": "Beret"}]'::jsonb
         where collection_id = (select id from collection where address = ?) and token_id = '1'`,
        [address],
      );
    expect(await differing()).toEqual([]);
    const em = api.app.get(EntityManager).fork();
    const [{ id }] = await em
      .getConnection()
      .execute<Array<{ id: string }>>(`select id from collection where address = ?`, [address]);
    await recountTraits(em, id);
    const page = await pages.page('polygon', address, { pageSize: 1 }, { index: false });
    expect(counts(page.traitTypes, 'hat')).toEqual([
      ['beret', 1],
      ['cap', 5],
      ['crown', 2],
    ]);
  });

  it('trims white space from types and values, and no letter', async () => {
    const attributes = [
      { trait_type: 'View', value: 'vr' },
      { trait_type: ' Eyes\u000b', value: '\fvelvet\t' },
    ];
    const [{ keys, facets }] = await api.app
      .get(EntityManager)
      .getConnection()
      .execute<Array<{ keys: string[]; facets: string[] }>>(
        `select nft_trait_keys(?::jsonb) as keys, nft_trait_facets(?::jsonb) as facets`,
        [JSON.stringify(attributes), JSON.stringify(attributes)],
      );
    expect([...keys].sort()).toEqual(['eyes', 'eyes\u001fvelvet', 'view', 'view\u001fvr']);
    expect(facets).toContain('view\u001fvr\u001fView\u001fvr');
    expect(facets).toContain('eyes\u001fvelvet\u001fEyes\u001fvelvet');
  });
});
