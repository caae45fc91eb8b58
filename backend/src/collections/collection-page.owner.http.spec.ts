import { readFileSync } from 'node:fs';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CollectionPageQuery, CollectionPageResponse, NftAttribute } from '@nexus/contract';
import request from 'supertest';
import type { DevchainManifest } from '../../../deploy/devchain/src/manifest.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { TEST_MANIFEST } from '../../../test/support/test-env.js';
import type { CollectionInfo } from '../chain/index.js';
import { CollectionPageService } from './collection-page.service.js';
import { CollectionsRepository, type NftRecord } from './collections.repository.js';
import { OWNER_INVALID, ownerUnresolved } from './owner-filter.service.js';

const APES = '0x00000000000000000000000000000000000a0e01';
const EDITIONS = '0x00000000000000000000000000000000000a0e02';
const UNKNOWN = '0x00000000000000000000000000000000000a0eff';
const ALICE = '0x00000000000000000000000000000000000a11ce';
const CAROL = '0x00000000000000000000000000000000000ca201';
const ZERO = '0x0000000000000000000000000000000000000000';

const info = (network: 'polygon' | 'ethereum', address: string, standard: 'ERC-721' | 'ERC-1155') =>
  ({
    network,
    address,
    name: standard === 'ERC-721' ? 'Owned Apes' : 'Owned Editions',
    symbol: 'OWN',
    standard,
    totalSupply: 30,
    enumerable: true,
  }) satisfies CollectionInfo;

/** 30 NFTs: a Background that alternates, a Hat on every third. */
const nfts = (): NftRecord[] =>
  Array.from({ length: 30 }, (_, i) => {
    const attributes: NftAttribute[] = [{ trait_type: 'Background', value: i % 2 ? 'Red' : 'Blue' }];
    if (i % 3 === 0) attributes.push({ trait_type: 'Hat', value: 'Crown' });
    return {
      tokenId: String(i),
      tokenUri: null,
      name: `Ape ${String.fromCharCode(97 + ((i * 7) % 26))} ${i}`,
      description: '',
      image: null,
      attributes,
      metadataStatus: 'ok',
      rarityScore: i + 1,
      rarityRank: 30 - i,
    };
  });

const maybe = describeWith([TEST_CHAIN]);

/**
 * `?owner=` of the page route: an owner's NFTs as the transfer index knows them, on both paths of the
 * route (the in-memory index and PostgreSQL), by address or ENS name; 400 for a bad owner, 404 for
 * an unknown collection, and an empty page flagged `indexed: false` where the index is off.
 */
maybe('GET /api/collections/{network}/{address}/nfts?owner=', () => {
  let api: IsolatedApi;
  let pages: CollectionPageService;
  let demo: { name: string; address: string };

  beforeAll(async () => {
    const manifest = JSON.parse(readFileSync(TEST_MANIFEST, 'utf8')) as DevchainManifest;
    const named = manifest.ens!.names.find((entry) => entry.name === 'demo.eth')!;
    demo = { name: named.name, address: named.address.toLowerCase() };
    api = await startIsolatedApi('collection_page_owner', {
      manifest: TEST_MANIFEST,
      env: { ETHEREUM_RPC_URL: '', POLYGON_RPC_URL: '', CRONOS_RPC_URL: '' },
    });
    pages = api.app.get(CollectionPageService);
    const collections = api.app.get(CollectionsRepository);
    for (const [network, address, standard] of [
      ['polygon', APES, 'ERC-721'],
      ['polygon', EDITIONS, 'ERC-1155'],
      ['ethereum', APES, 'ERC-721'],
    ] as const) {
      await collections.saveScan({
        info: info(network, address, standard),
        nfts: nfts(),
        scanDuration: 1,
        isComplete: true,
      });
    }
    // The index of polygon only: the demo name holds apes 0-9 but 3 (Alice's), Alice 3 and 10-14;
    // of the editions Carol holds 5 units of token 1, and sold all of token 2.
    const owners = Array.from({ length: 15 }, (_, id) => [id, id < 10 && id !== 3 ? demo.address : ALICE]);
    await api.app
      .get(EntityManager)
      .getConnection()
      .execute(
        `insert into transfer_index_cursor (network, from_block, indexed_to, head, confirmations, transfers, reorgs, updated_at)
         values ('polygon', 0, 100, 102, 2, 20, 0, now());
         insert into nft_owner (network, contract, token_id, owner, block_number, log_index, position)
         select 'polygon', '${APES}', t.id, t.owner, 10, t.id, 0
           from jsonb_to_recordset('${JSON.stringify(owners.map(([id, owner]) => ({ id, owner })))}')
             as t(id int, owner text);
         insert into nft_owner (network, contract, token_id, owner, block_number, log_index, position)
         values ('polygon', '${APES}', 29, '${ZERO}', 11, 0, 0);
         insert into nft_balance (network, contract, token_id, owner, balance)
         values ('polygon', '${EDITIONS}', 1, '${CAROL}', 5), ('polygon', '${EDITIONS}', 2, '${CAROL}', 0),
                ('polygon', '${EDITIONS}', 2, '${ALICE}', 3);`,
      );
  });

  afterAll(async () => {
    await api?.close();
  });

  const get = (network: string, address: string, query: string) =>
    request(api.app.getHttpServer()).get(`/api/collections/${network}/${address}/nfts?${query}`);
  const ids = (page: CollectionPageResponse) => page.nfts.map((nft) => nft.tokenId);

  it('answers only the owner’s NFTs, paged, with its counts', async () => {
    const first = await get(
      'polygon',
      APES,
      `owner=${ALICE.toUpperCase().replace('0X', '0x')}&pageSize=4&sort=tokenId`,
    );
    expect(first.status).toBe(200);
    const body = first.body as CollectionPageResponse;
    expect(body.owner).toEqual({ address: ALICE, indexed: true });
    expect(ids(body)).toEqual(['3', '10', '11', '12']);
    expect([body.total, body.pageCount, body.collectionTotal]).toEqual([6, 2, 30]);
    const background = body.traitTypes.find((type) => type.key === 'background')!;
    expect(Object.fromEntries(background.values.map((v) => [v.key, v.count]))).toEqual({ blue: 3, red: 3 });
    const second = (await get('polygon', APES, `owner=${ALICE}&pageSize=4&page=2&sort=tokenId`))
      .body as CollectionPageResponse;
    expect(ids(second)).toEqual(['13', '14']);
  });

  it('keeps the trait filters, the search and the sorts, alike on both paths', async () => {
    const queries: CollectionPageQuery[] = [
      { owner: demo.address, sort: 'name' },
      { owner: demo.address, sort: 'rarity-rank', order: 'desc', pageSize: 3, page: 2 },
      { owner: demo.address, traits: ['background:red'] },
      { owner: demo.address, traits: ['background:red', 'hat:crown'] },
      { owner: demo.address, traits: ['hat: missing'], sort: 'tokenId', order: 'desc' },
      { owner: ALICE, search: '1', sort: 'rarity-score' },
      { owner: CAROL },
    ];
    for (const query of queries) {
      const [indexed, sql] = await Promise.all([
        pages.page('polygon', APES, query),
        pages.page('polygon', APES, query, { index: false }),
      ]);
      expect({ query, answer: indexed }).toEqual({ query, answer: sql });
    }
    const red = await pages.page('polygon', APES, {
      owner: demo.address,
      traits: ['background:red'],
      sort: 'tokenId',
    });
    expect(ids(red)).toEqual(['1', '5', '7', '9']);
    const crowned = await pages.page('polygon', APES, {
      owner: demo.address,
      traits: ['hat:crown'],
      sort: 'tokenId',
    });
    expect(ids(crowned)).toEqual(['0', '6', '9']);
    expect((await pages.page('polygon', APES, { owner: CAROL })).total).toBe(0);
  });

  it('resolves an ENS name as the search box does', async () => {
    const byName = await get('polygon', APES, `owner=${encodeURIComponent(demo.name)}&sort=tokenId`);
    expect(byName.status).toBe(200);
    const body = byName.body as CollectionPageResponse;
    expect(body.owner).toEqual({ address: demo.address, indexed: true });
    expect(ids(body)).toEqual(['0', '1', '2', '4', '5', '6', '7', '8', '9']);
  });

  it('keeps ERC-1155 tokens of a positive balance only', async () => {
    const carol = (await get('polygon', EDITIONS, `owner=${CAROL}`)).body as CollectionPageResponse;
    expect(ids(carol)).toEqual(['1']);
    const alice = (await get('polygon', EDITIONS, `owner=${ALICE}`)).body as CollectionPageResponse;
    expect(ids(alice)).toEqual(['2']);
  });

  it('refuses a bad owner with a 400 that says what is wrong', async () => {
    for (const [owner, message] of [
      ['nobody', OWNER_INVALID],
      ['0x1234', OWNER_INVALID],
      ['no-such-name-for-nexus.eth', ownerUnresolved('no-such-name-for-nexus.eth')],
    ]) {
      const res = await get('polygon', APES, `owner=${owner}`);
      expect({ owner, status: res.status, message: (res.body as { message: unknown }).message }).toEqual({
        owner,
        status: 400,
        message,
      });
    }
    expect((await get('polygon', APES, `owner=${'a'.repeat(256)}.eth`)).status).toBe(400);
    // Refused before the collection is looked up.
    expect((await get('polygon', UNKNOWN, 'owner=nobody')).status).toBe(400);
  });

  it('answers 404 for a collection Nexus has not stored', async () => {
    const res = await get('polygon', UNKNOWN, `owner=${ALICE}`);
    expect(res.status).toBe(404);
    expect((res.body as { message: string }).message).toBe('Collection Not Found');
  });

  it('answers an empty page flagged unindexed where the network’s index is off', async () => {
    const res = await get('ethereum', APES, `owner=${ALICE}`);
    expect(res.status).toBe(200);
    const body = res.body as CollectionPageResponse;
    expect(body.owner).toEqual({ address: ALICE, indexed: false });
    expect([body.nfts, body.total, body.collectionTotal]).toEqual([[], 0, 30]);
    // Without the filter the collection is all there.
    expect(((await get('ethereum', APES, '')).body as CollectionPageResponse).total).toBe(30);
  });
});
