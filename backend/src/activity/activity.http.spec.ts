// Over 400 lines for that reason: every route here reads the one chain history its set-up writes on anvil and
// indexes; a second file would write and index it again.
import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  API_ROUTES,
  apiPath,
  type ActivityEvent,
  type ActivityPage,
  type ApiRoute,
  type CollectionHolderStats,
  type CollectionHoldersPage,
  type CursorPage,
  type HeldTokensPage,
  type TokenOwnersPage,
  type TransfersPerDay,
} from '@nexus/contract';
import request from 'supertest';
import { parseAbi, parseAbiItem, type Address, type Hex, type PublicClient } from 'viem';
import { startAnvil, type AnvilNode } from '../../../deploy/devchain/src/anvil.process.js';
import { ANVIL_ACCOUNTS } from '../../../deploy/devchain/src/networks.config.js';
import { anvilWriter, type AnvilWriter } from '../../../test/support/anvil-writer.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { RpcNftSource } from '../chain/index.js';
import { TransferIndexer, TransferIndexRepository, type IndexSettings } from '../transfer-index/index.js';
import { BAD_CURSOR } from './activity-cursor.js';

// A chain of this file's own: the reorganisation at the end rewinds it.
const PORT = 29596 + Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const CHAIN_ID = 25;
const ZERO = '0x0000000000000000000000000000000000000000';
const [DEPLOYER, ALICE, BOB, CAROL, DAVE] = [
  ANVIL_ACCOUNTS[9]!,
  ANVIL_ACCOUNTS[5]!,
  ANVIL_ACCOUNTS[6]!,
  ANVIL_ACCOUNTS[7]!,
  ANVIL_ACCOUNTS[8]!,
].map((account) => account.toLowerCase() as Address) as [Address, Address, Address, Address, Address];
const SETTINGS: IndexSettings = { fromBlock: 0n, confirmations: 2 };

const erc721 = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function transferFrom(address from, address to, uint256 id)',
  'function mintIds(address[] recipients, uint256[] ids)',
  'function burn(uint256 id)',
]);
const erc1155 = parseAbi([
  'function balanceOf(address, uint256) view returns (uint256)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function mintMany(address[] recipients, uint256[] ids, uint256[] amounts)',
]);
const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
);

describe('activity routes', () => {
  let anvil: AnvilNode;
  let isolated: IsolatedApi;
  let app: NestExpressApplication;
  let chain: PublicClient;
  let repository: TransferIndexRepository;
  let rpc: RpcNftSource;
  let apes: Address;
  let editions: Address;
  /** The token a transfer made in this test moved, and that transfer's hash. */
  let moved: { tokenId: bigint; hash: Hex };

  let writer: AnvilWriter;
  const send = async (...args: Parameters<AnvilWriter['send']>) =>
    (await writer.send(...args)).transactionHash;
  const mine = (blocks: bigint) => writer.mine(blocks);
  const deploy = (name: string, args: unknown[]) => writer.deploy(name, args);
  /** Passes until the index has every confirmed block. */
  const catchUp = async () => {
    for (;;) {
      const result = await new TransferIndexer(repository).pass(
        'cronos',
        rpc.transferFeed('cronos'),
        SETTINGS,
      );
      if (result.cursor.indexedTo + BigInt(SETTINGS.confirmations) >= result.cursor.head) return result;
    }
  };
  const get = <R extends ApiRoute>(
    route: R,
    params: Record<string, string>,
    query: Record<string, string> = {},
  ) =>
    request(app.getHttpServer())
      .get(apiPath(route as ApiRoute, params as never))
      .query(query);
  /** Every page of a cursor-paged route, `limit` rows each, checking each page's size. */
  const allPages = async <T>(route: ApiRoute, params: Record<string, string>, limit: number, query = {}) => {
    const items: T[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(route, params, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      const page = res.body as CursorPage<T>;
      if (page.next !== null) expect(page.items).toHaveLength(limit);
      items.push(...page.items);
      cursor = page.next;
      pages += 1;
    } while (cursor !== null);
    return { items, pages };
  };
  /** The chain's own Transfer logs of a contract, newest first, as the feed shows them. */
  const chainTransfers = async (contract: Address) => {
    const logs = await chain.getLogs({
      address: contract,
      event: TRANSFER,
      fromBlock: 0n,
      toBlock: 'latest',
    });
    const times = new Map<bigint, string>();
    for (const log of logs) {
      if (!times.has(log.blockNumber))
        times.set(
          log.blockNumber,
          new Date(
            Number((await chain.getBlock({ blockNumber: log.blockNumber })).timestamp) * 1000,
          ).toISOString(),
        );
    }
    return logs
      .map((log) => ({
        tokenId: log.args.tokenId!.toString(),
        from: log.args.from!.toLowerCase(),
        to: log.args.to!.toLowerCase(),
        blockNumber: Number(log.blockNumber),
        logIndex: log.logIndex,
        txHash: log.transactionHash,
        time: times.get(log.blockNumber)!,
      }))
      .reverse();
  };
  const asChain = (event: ActivityEvent) => ({
    tokenId: event.tokenId,
    from: event.from,
    to: event.to,
    blockNumber: event.blockNumber,
    logIndex: event.logIndex,
    txHash: event.txHash,
    time: event.time,
  });
  const key = (event: ActivityEvent) => `${event.blockNumber}:${event.logIndex}:${event.position}`;

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: CHAIN_ID });
    writer = anvilWriter(anvil.url, CHAIN_ID, DEPLOYER);
    chain = writer.chain;
    isolated = await startIsolatedApi('activity');
    app = isolated.app;
    repository = new TransferIndexRepository(app.get(EntityManager));
    rpc = new RpcNftSource({ cronos: { chainId: CHAIN_ID, rpcUrl: anvil.url, requestsPerSecond: 1000 } });

    apes = await deploy('NexusPlain721', ['Apes', 'APE', 'ipfs://apes/', DEPLOYER]);
    editions = await deploy('NexusEditions1155', ['Editions', 'ED', 'ipfs://editions/{id}', DEPLOYER]);
    // Alice 6 apes, Bob 2, Carol 1: one holder in each of the first three buckets.
    await send(DEPLOYER, apes, erc721, 'mintIds', [
      [ALICE, ALICE, ALICE, ALICE, ALICE, ALICE, BOB, BOB, CAROL],
      [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n],
    ]);
    await mine(3n);
    await send(ALICE, apes, erc721, 'transferFrom', [ALICE, BOB, 6n]);
    await send(BOB, apes, erc721, 'burn', [8n]);
    await send(DEPLOYER, editions, erc1155, 'mintMany', [
      [ALICE, BOB, CAROL],
      [1n, 1n, 1n],
      [5n, 3n, 3n],
    ]);
    await send(ALICE, editions, erc1155, 'safeTransferFrom', [ALICE, DAVE, 1n, 2n, '0x']);
    await mine(5n);
    await catchUp();
  }, 120_000);

  afterAll(async () => {
    await isolated?.close();
    await anvil?.stop();
  });

  it("pages a collection's feed by cursor, newest first, equal to the chain's Transfer logs", async () => {
    const expected = await chainTransfers(apes);
    const { items, pages } = await allPages<ActivityEvent>(
      API_ROUTES.collectionActivity,
      {
        network: 'cronos',
        address: apes,
      },
      2,
    );

    expect(pages).toBe(Math.ceil(expected.length / 2));
    expect(new Set(items.map(key)).size).toBe(items.length);
    expect(items.map(asChain)).toEqual(expected);
    expect(items.filter((event) => event.kind === 'mint')).toHaveLength(9);
    expect(items.find((event) => event.kind === 'burn')).toMatchObject({ tokenId: '8', from: BOB, to: ZERO });
  });

  it('filters the feed by kind, each kind paged on its own', async () => {
    const all = (
      await get(API_ROUTES.collectionActivity, { network: 'cronos', address: apes }, { limit: '100' })
    ).body as ActivityPage;
    for (const kind of ['mint', 'transfer', 'burn'] as const) {
      const { items } = await allPages<ActivityEvent>(
        API_ROUTES.collectionActivity,
        { network: 'cronos', address: apes },
        2,
        { kind },
      );
      expect(items).toEqual(all.items.filter((event) => event.kind === kind));
    }
  });

  it("shows a token's owner since the transfer made in the test, and its history as on the chain", async () => {
    const hash = await send(BOB, apes, erc721, 'transferFrom', [BOB, CAROL, 7n]);
    moved = { tokenId: 7n, hash };
    await mine(BigInt(SETTINGS.confirmations));
    await catchUp();
    const receipt = await chain.getTransactionReceipt({ hash });
    const block = await chain.getBlock({ blockNumber: receipt.blockNumber });
    const owner = await chain.readContract({
      address: apes,
      abi: erc721,
      functionName: 'ownerOf',
      args: [7n],
    });

    const res = await get(API_ROUTES.tokenOwners, { network: 'cronos', address: apes, tokenId: '7' });
    expect(res.status).toBe(200);
    expect(res.body as TokenOwnersPage).toMatchObject({
      indexed: true,
      standard: 'ERC-721',
      burned: false,
      next: null,
      items: [
        {
          owner: owner.toLowerCase(),
          balance: '1',
          since: {
            blockNumber: Number(receipt.blockNumber),
            time: new Date(Number(block.timestamp) * 1000).toISOString(),
            txHash: hash,
          },
        },
      ],
    });

    const history = await allPages<ActivityEvent>(
      API_ROUTES.tokenHistory,
      { network: 'cronos', address: apes, tokenId: '7' },
      1,
    );
    expect(history.items.map(asChain)).toEqual((await chainTransfers(apes)).filter((t) => t.tokenId === '7'));
    expect(history.items.map((event) => event.kind)).toEqual(['transfer', 'mint']);

    const burned = (await get(API_ROUTES.tokenOwners, { network: 'cronos', address: apes, tokenId: '8' }))
      .body as TokenOwnersPage;
    expect(burned).toMatchObject({ burned: true, items: [] });
  });

  it('pages the holders of an ERC-1155 token by units, each since its first units', async () => {
    const { items } = await allPages<TokenOwnersPage['items'][number]>(
      API_ROUTES.tokenOwners,
      { network: 'cronos', address: editions, tokenId: '1' },
      1,
    );
    const balances = await Promise.all(
      [ALICE, BOB, CAROL, DAVE].map(async (holder) => ({
        owner: holder,
        balance: (
          await chain.readContract({
            address: editions,
            abi: erc1155,
            functionName: 'balanceOf',
            args: [holder, 1n],
          })
        ).toString(),
      })),
    );
    const expected = balances
      .filter((entry) => entry.balance !== '0')
      .sort((a, b) => Number(b.balance) - Number(a.balance) || a.owner.localeCompare(b.owner));
    expect(items.map(({ owner, balance }) => ({ owner, balance }))).toEqual(expected);
    expect(items.every((item) => item.since?.txHash?.startsWith('0x'))).toBe(true);
  });

  it('counts holders, their shares and the distribution as the chain does', async () => {
    const owners = await Promise.all(
      [1n, 2n, 3n, 4n, 5n, 6n, 7n, 9n].map(async (id) =>
        (
          await chain.readContract({ address: apes, abi: erc721, functionName: 'ownerOf', args: [id] })
        ).toLowerCase(),
      ),
    );
    const counts = new Map<string, number>();
    for (const owner of owners) counts.set(owner, (counts.get(owner) ?? 0) + 1);
    const expected = [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([owner, tokens]) => ({
        owner,
        tokens: String(tokens),
        share: Math.round((tokens / 8) * 1e6) / 1e6,
      }));

    const { items } = await allPages<CollectionHoldersPage['items'][number]>(
      API_ROUTES.collectionHolders,
      { network: 'cronos', address: apes },
      1,
    );
    expect(items).toEqual(expected);
    const first = (await get(API_ROUTES.collectionHolders, { network: 'cronos', address: apes }))
      .body as CollectionHoldersPage;
    expect(first).toMatchObject({ holders: counts.size, held: '8' });

    const stats = (await get(API_ROUTES.collectionHolderStats, { network: 'cronos', address: apes }))
      .body as CollectionHolderStats;
    const inBucket = (min: number, max: number | null) =>
      [...counts.values()].filter((n) => n >= min && (max === null || n <= max)).length;
    expect(stats.holders).toBe(counts.size);
    expect(stats.distribution).toEqual([
      { label: '1', min: 1, max: 1, holders: inBucket(1, 1) },
      { label: '2-5', min: 2, max: 5, holders: inBucket(2, 5) },
      { label: '6-24', min: 6, max: 24, holders: inBucket(6, 24) },
      { label: '25+', min: 25, max: null, holders: inBucket(25, null) },
    ]);
  });

  it('counts transfers per UTC day from the block times', async () => {
    const expected = new Map<string, number>();
    for (const transfer of await chainTransfers(apes)) {
      const day = transfer.time.slice(0, 10);
      expected.set(day, (expected.get(day) ?? 0) + 1);
    }
    const body = (
      await get(API_ROUTES.collectionTransfersPerDay, { network: 'cronos', address: apes }, { days: '7' })
    ).body as TransfersPerDay;
    expect(body.days).toHaveLength(7);
    expect(body.days.filter((day) => day.transfers > 0)).toEqual(
      [...expected].sort().map(([day, transfers]) => ({ day, transfers })),
    );
  });

  it("pages a wallet's activity across collections and what it holds since when", async () => {
    const { items } = await allPages<ActivityEvent>(
      API_ROUTES.walletActivity,
      { network: 'cronos', address: CAROL },
      1,
    );
    const involving = (events: ActivityEvent[]) =>
      events.filter((event) => event.from === CAROL || event.to === CAROL).map(key);
    const apesFeed = (
      await get(API_ROUTES.collectionActivity, { network: 'cronos', address: apes }, { limit: '100' })
    ).body as ActivityPage;
    const editionsFeed = (
      await get(API_ROUTES.collectionActivity, { network: 'cronos', address: editions }, { limit: '100' })
    ).body as ActivityPage;
    const expected = [...involving(apesFeed.items), ...involving(editionsFeed.items)].sort((a, b) => {
      const [x, y] = [a.split(':').map(Number), b.split(':').map(Number)];
      return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]!;
    });
    expect(items.map(key)).toEqual(expected);

    const held = await allPages<HeldTokensPage['items'][number]>(
      API_ROUTES.walletHeldTokens,
      { network: 'cronos', address: CAROL.toUpperCase().replace('0X', '0x') },
      1,
    );
    const byContractAndId = (a: string[], b: string[]) =>
      a[0]!.localeCompare(b[0]!) || Number(a[1]) - Number(b[1]);
    expect(held.items.map((item) => [item.contract, item.tokenId, item.balance])).toEqual(
      [
        [apes, '7', '1'],
        [apes, '9', '1'],
        [editions, '1', '3'],
      ].sort(byContractAndId),
    );
    expect(held.items.find((item) => item.tokenId === '7' && item.contract === apes)?.since?.txHash).toBe(
      moved.hash,
    );
  });

  it('refuses a cursor it did not hand out with 400, and an unknown collection or token with 404', async () => {
    const feed = (
      await get(API_ROUTES.collectionActivity, { network: 'cronos', address: apes }, { limit: '1' })
    ).body as ActivityPage;
    const holders = (
      await get(API_ROUTES.collectionHolders, { network: 'cronos', address: apes }, { limit: '1' })
    ).body as CollectionHoldersPage;
    const params = { network: 'cronos', address: apes };
    for (const [route, cursor] of [
      [API_ROUTES.collectionActivity, 'not-a-cursor'],
      [API_ROUTES.collectionActivity, holders.next!],
      [API_ROUTES.collectionHolders, feed.next!],
      [API_ROUTES.collectionActivity, Buffer.from('["feed","1",-1,0]').toString('base64url')],
      [API_ROUTES.walletActivity, feed.next!.slice(0, -3)],
    ] as const) {
      const res = await get(route, params, { cursor });
      expect([res.status, res.body.message]).toEqual([400, BAD_CURSOR]);
    }
    const unknown = '0x00000000000000000000000000000000000d0e5e';
    for (const route of [
      API_ROUTES.collectionActivity,
      API_ROUTES.collectionHolders,
      API_ROUTES.collectionHolderStats,
      API_ROUTES.collectionTransfersPerDay,
    ]) {
      const res = await get(route, { network: 'cronos', address: unknown });
      expect([res.status, res.body.message]).toEqual([404, 'Collection Not Found']);
    }
    const token = await get(API_ROUTES.tokenHistory, { ...params, tokenId: '4242' });
    expect([token.status, token.body.message]).toEqual([404, 'Token Not Found']);
    expect((await get(API_ROUTES.collectionActivity, { network: 'solana', address: apes })).status).toBe(400);
    expect((await get(API_ROUTES.walletActivity, { network: 'cronos', address: '0x12' })).status).toBe(400);
    expect((await get(API_ROUTES.collectionActivity, params, { kind: 'sale' })).body.message).toBe(
      'kind must be one of: mint, transfer, burn',
    );
    expect((await get(API_ROUTES.tokenOwners, { ...params, tokenId: '1e3' })).status).toBe(400);
  });

  it('answers indexed: false where the network has no index', async () => {
    const res = await get(API_ROUTES.collectionActivity, { network: 'ethereum', address: apes });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      network: 'ethereum',
      indexed: false,
      fromBlock: null,
      toBlock: null,
      items: [],
      next: null,
      names: {},
    });
  });

  it('drops a transfer a reorganisation undoes from the feeds', async () => {
    const snapshot = await chain.request({ method: 'evm_snapshot' as never });
    const hash = await send(ALICE, apes, erc721, 'transferFrom', [ALICE, DAVE, 1n]);
    await mine(5n);
    await catchUp();
    const before = (await get(API_ROUTES.walletActivity, { network: 'cronos', address: DAVE }))
      .body as ActivityPage;
    expect(before.items[0]).toMatchObject({ txHash: hash, contract: apes, tokenId: '1' });

    await chain.request({ method: 'evm_revert' as never, params: [snapshot] as never });
    await mine(8n);
    await catchUp();
    const after = (await get(API_ROUTES.walletActivity, { network: 'cronos', address: DAVE }))
      .body as ActivityPage;
    expect(after.items.map((event) => event.txHash)).not.toContain(hash);
    const owners = (await get(API_ROUTES.tokenOwners, { network: 'cronos', address: apes, tokenId: '1' }))
      .body as TokenOwnersPage;
    expect(owners.items.map((item) => item.owner)).toEqual([ALICE]);
  });
});
