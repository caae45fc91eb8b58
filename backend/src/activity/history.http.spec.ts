import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  API_ROUTES,
  apiPath,
  type ActivityPage,
  type ApiRoute,
  type CollectionHoldersPage,
  type TokenOwnersPage,
} from '@nexus/contract';
import request from 'supertest';
import { parseAbi, parseAbiItem, type Address, type PublicClient } from 'viem';
import { startAnvil, type AnvilNode } from '../../../deploy/devchain/src/anvil.process.js';
import { ANVIL_ACCOUNTS } from '../../../deploy/devchain/src/networks.config.js';
import { anvilWriter, type AnvilWriter } from '../../../test/support/anvil-writer.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { executeBound } from '../platform/database/index.js';
import { TransferHistoryService, TransferHistoryWatch } from '../transfer-index/index.js';

// A chain of this file's own: the reorganisation rewinds it.
const PORT = 29594 + Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const CHAIN_ID = 25;
const [DEPLOYER, ALICE, BOB, CAROL] = [
  ANVIL_ACCOUNTS[9]!,
  ANVIL_ACCOUNTS[5]!,
  ANVIL_ACCOUNTS[6]!,
  ANVIL_ACCOUNTS[7]!,
].map((account) => account.toLowerCase() as Address) as [Address, Address, Address, Address];

const erc721 = parseAbi([
  'function transferFrom(address from, address to, uint256 id)',
  'function mintIds(address[] recipients, uint256[] ids)',
]);
const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
);

/**
 * Where a network's index is off (a real network by default), a scanned collection's history is
 * read on demand from its node (issue 24 §5): its own transfers only, from its deployment block,
 * shown once caught up, followed at the head, and rolled back by a reorganisation without touching
 * anything else.
 */
describe('collection history on demand', () => {
  let anvil: AnvilNode;
  let isolated: IsolatedApi;
  let app: NestExpressApplication;
  let chain: PublicClient;
  let apes: Address;
  let others: Address;
  let apesDeployedAt: bigint;

  let writer: AnvilWriter;
  const send = (...args: Parameters<AnvilWriter['send']>) => writer.send(...args);
  const mine = (blocks: bigint) => writer.mine(blocks);
  const deploy = (name: string, args: unknown[]) => writer.deployed(name, args);
  const get = (route: ApiRoute, params: Record<string, string>, query: Record<string, string> = {}) =>
    request(app.getHttpServer())
      .get(apiPath(route, params as never))
      .query(query);
  const feed = async (contract: Address) => {
    const res = await get(
      API_ROUTES.collectionActivity,
      { network: 'cronos', address: contract },
      { limit: '100' },
    );
    expect(res.status).toBe(200);
    return res.body as ActivityPage;
  };
  /** The chain's own Transfer logs of a contract, newest first. */
  const chainTransfers = async (contract: Address) =>
    (await chain.getLogs({ address: contract, event: TRANSFER, fromBlock: 0n, toBlock: 'latest' }))
      .map((log) => ({
        tokenId: log.args.tokenId!.toString(),
        from: log.args.from!.toLowerCase(),
        to: log.args.to!.toLowerCase(),
        blockNumber: Number(log.blockNumber),
        txHash: log.transactionHash,
      }))
      .reverse();
  const shown = (page: ActivityPage) =>
    page.items.map(({ tokenId, from, to, blockNumber, txHash }) => ({
      tokenId,
      from,
      to,
      blockNumber,
      txHash,
    }));
  const pass = () => app.get(TransferHistoryService).pass('cronos', apes);
  const rowsOf = async (contract: Address) => {
    const [row] = await executeBound<{ n: number }>(
      app.get(EntityManager).fork(),
      `select count(*)::int as n from nft_transfer where network = 'cronos' and contract = $1`,
      [contract],
    );
    return row!.n;
  };

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: CHAIN_ID });
    writer = anvilWriter(anvil.url, CHAIN_ID, DEPLOYER);
    chain = writer.chain;
    // Blocks before the collection exists: its history starts at its deployment, not at genesis.
    await mine(500n);
    const deployed = await deploy('NexusPlain721', ['Apes', 'APE', 'ipfs://apes/', DEPLOYER]);
    apes = deployed.address;
    apesDeployedAt = deployed.block;
    others = (await deploy('NexusPlain721', ['Others', 'OTH', 'ipfs://others/', DEPLOYER])).address;
    await send(DEPLOYER, apes, erc721, 'mintIds', [
      [ALICE, ALICE, ALICE, BOB],
      [1n, 2n, 3n, 4n],
    ]);
    await send(DEPLOYER, others, erc721, 'mintIds', [[CAROL], [1n]]);
    await mine(300n);
    await send(ALICE, apes, erc721, 'transferFrom', [ALICE, BOB, 2n]);
    await mine(5n);
    // The network's index is off (no INDEX_FROM_BLOCK_CRONOS on a node that is not the dev chain).
    isolated = await startIsolatedApi('history', {
      env: {
        CRONOS_RPC_URL: anvil.url,
        CRONOS_RPC_REQUESTS_PER_SECOND: '1000',
        INDEX_CONFIRMATIONS_CRONOS: '2',
      },
    });
    app = isolated.app;
  }, 120_000);

  afterAll(async () => {
    await isolated?.close();
    await anvil?.stop();
  });

  it('says nothing of a history no scan asked for, and queues one a scan asks for', async () => {
    expect(await feed(apes)).toEqual({
      network: 'cronos',
      indexed: false,
      fromBlock: null,
      toBlock: null,
      items: [],
      next: null,
      names: {},
    });
    // What a collection scan does on a network whose index is off.
    await app.get(TransferHistoryWatch).look('cronos', apes);
    const queued = await feed(apes);
    expect(queued).toMatchObject({ indexed: false, items: [], history: { state: 'queued', percent: 0 } });
  });

  it('reads the collection from its deployment block to the confirmed head: its transfers only', async () => {
    const result = await pass();
    expect(result).not.toBeNull();
    expect(result!.cursor.fromBlock).toBe(apesDeployedAt);
    const page = await feed(apes);
    const head = await chain.getBlockNumber({ cacheTime: 0 });
    expect(page).toMatchObject({
      indexed: true,
      fromBlock: Number(apesDeployedAt),
      toBlock: Number(head - 2n),
      history: { state: 'complete', percent: 100, fromBlock: Number(apesDeployedAt) },
    });
    expect(shown(page)).toEqual(await chainTransfers(apes));
    // Another collection of the network was never asked for: none of its transfers were read.
    expect(await rowsOf(others)).toBe(0);
    expect(await feed(others)).toMatchObject({ indexed: false, items: [] });

    const holders = (await get(API_ROUTES.collectionHolders, { network: 'cronos', address: apes }))
      .body as CollectionHoldersPage;
    expect(holders).toMatchObject({ indexed: true, holders: 2, held: '4' });
    expect(holders.items.map((item) => `${item.owner}:${item.tokens}`).sort()).toEqual(
      [`${ALICE}:2`, `${BOB}:2`].sort(),
    );
  });

  it('follows the head while a visitor looks, and a reorganisation undoes only what it replaced', async () => {
    expect(await app.get(TransferHistoryService).followUp('cronos', apes)).toBe('follow');
    const snapshot = await chain.request({ method: 'evm_snapshot' as never });
    const hash = (await send(BOB, apes, erc721, 'transferFrom', [BOB, CAROL, 4n])).transactionHash;
    await mine(3n);
    await pass();
    expect((await feed(apes)).items[0]).toMatchObject({ txHash: hash, tokenId: '4', from: BOB, to: CAROL });
    const owner = async () =>
      (
        (await get(API_ROUTES.tokenOwners, { network: 'cronos', address: apes, tokenId: '4' }))
          .body as TokenOwnersPage
      ).items[0]?.owner;
    expect(await owner()).toBe(CAROL);

    await chain.request({ method: 'evm_revert' as never, params: [snapshot] as never });
    await mine(6n);
    await pass();
    const after = await feed(apes);
    expect(after.items.map((event) => event.txHash)).not.toContain(hash);
    expect(shown(after)).toEqual(await chainTransfers(apes));
    expect(await owner()).toBe(BOB);
  });
});
