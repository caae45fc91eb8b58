import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  activityKey,
  SocketEvent,
  type ActivityReorg,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TransfersIndexed,
} from '@nexus/contract';
import { io, type Socket } from 'socket.io-client';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { startAnvil, type AnvilNode } from '../../../deploy/devchain/src/anvil.process.js';
import { ANVIL_ACCOUNTS } from '../../../deploy/devchain/src/networks.config.js';
import { compileContracts } from '../../../deploy/devchain/src/solidity.compiler.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { rpcChain, RpcNftSource } from '../chain/index.js';
import { ActivityEventsRepository } from '../platform/realtime/index.js';
import { TransferIndexer, TransferIndexRepository, type IndexSettings } from '../transfer-index/index.js';
import { ActivityEventsGateway } from './activity-events.gateway.js';
import { minedReceipt } from '../../../deploy/devchain/src/mined-receipt.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// A chain of this file's own: the reorganisation rewinds it.
const PORT = 29597 + Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const CHAIN_ID = 25;
const ARTIFACTS_DIR = join(tmpdir(), 'nexus-devchain-artifacts');
const [DEPLOYER, ALICE, BOB] = [ANVIL_ACCOUNTS[9]!, ANVIL_ACCOUNTS[5]!, ANVIL_ACCOUNTS[6]!].map(
  (account) => account.toLowerCase() as Address,
) as [Address, Address, Address];
const SETTINGS: IndexSettings = { fromBlock: 0n, confirmations: 2 };
const erc721 = parseAbi([
  'function transferFrom(address from, address to, uint256 id)',
  'function mintIds(address[] recipients, uint256[] ids)',
]);

/**
 * The transfer index's live events as a browser receives them: a worker-side pass emits through
 * the Redis emitter, the API's Socket.IO server (Redis adapter) delivers to the rooms followed.
 */
describe(ActivityEventsGateway.name, () => {
  let anvil: AnvilNode;
  let isolated: IsolatedApi;
  let app: NestExpressApplication;
  let url: string;
  let chain: PublicClient;
  let rpc: RpcNftSource;
  let sut: TransferIndexer;
  let apes: Address;
  const sockets: ClientSocket[] = [];

  const send = async (from: Address, to: Address, abi: Abi, functionName: string, args: unknown[]) => {
    const wallet = createWalletClient({
      chain: rpcChain('cronos', CHAIN_ID, anvil.url),
      transport: http(anvil.url),
      account: from,
    });
    const hash = await wallet.writeContract({ address: to, abi, functionName, args } as never);
    return minedReceipt(chain, hash);
  };
  const mine = (blocks: bigint) =>
    chain.request({ method: 'anvil_mine' as never, params: [`0x${blocks.toString(16)}`] as never });
  const catchUp = async () => {
    for (;;) {
      const result = await sut.pass('cronos', rpc.transferFeed('cronos'), SETTINGS);
      if (result.cursor.indexedTo + BigInt(SETTINGS.confirmations) >= result.cursor.head) return result;
    }
  };
  const open = async (): Promise<ClientSocket> => {
    const socket: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const follow = (socket: ClientSocket, key: string) =>
    new Promise<boolean>((resolve) => socket.emit(SocketEvent.ActivitySubscribe, key, resolve));
  /** Every live event the socket receives from now on. */
  const heard = (socket: ClientSocket) => {
    const events = { transfers: [] as TransfersIndexed[], reorgs: [] as ActivityReorg[] };
    socket.on(SocketEvent.Transfers, (event) => events.transfers.push(event));
    socket.on(SocketEvent.Reorg, (event) => events.reorgs.push(event));
    return events;
  };
  const until = async (check: () => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('no event in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: CHAIN_ID });
    chain = createPublicClient({
      chain: rpcChain('cronos', CHAIN_ID, anvil.url),
      transport: http(anvil.url),
    });
    isolated = await startIsolatedApi('activity-live', { env: { SOCKET_ROOMS: '3' } });
    app = isolated.app;
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    rpc = new RpcNftSource({ cronos: { chainId: CHAIN_ID, rpcUrl: anvil.url, requestsPerSecond: 1000 } });
    const live = app.get(ActivityEventsRepository, { strict: false });
    sut = new TransferIndexer(new TransferIndexRepository(app.get(EntityManager)), {
      onTransfers: (events) => live.transfers(events),
      onRollback: (reorg) => live.reorg(reorg),
    });

    const { contracts } = await compileContracts({ artifactsDir: ARTIFACTS_DIR });
    const { abi, bytecode } = contracts.NexusPlain721!;
    const deployer = createWalletClient({
      chain: rpcChain('cronos', CHAIN_ID, anvil.url),
      transport: http(anvil.url),
      account: DEPLOYER,
    });
    const receipt = await minedReceipt(
      chain,
      await deployer.deployContract({
        abi,
        bytecode: bytecode as Hex,
        args: ['Apes', 'APE', 'ipfs://apes/', DEPLOYER],
      }),
    );
    apes = receipt.contractAddress!.toLowerCase() as Address;
    await send(DEPLOYER, apes, erc721, 'mintIds', [
      [ALICE, ALICE, ALICE],
      [1n, 2n, 3n],
    ]);
    await mine(3n);
    await catchUp();
  }, 120_000);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await isolated?.close();
    await anvil?.stop();
  });

  it("tells the collection's and both wallets' rooms of a transfer once confirmed, and a reorganisation", async () => {
    const socket = await open();
    const other = await open();
    expect(await follow(socket, activityKey('collection', 'cronos', apes))).toBe(true);
    expect(await follow(socket, activityKey('wallet', 'cronos', BOB))).toBe(true);
    // A wallet of another network: its room hears nothing of cronos, nor its reorganisations.
    expect(await follow(other, activityKey('wallet', 'polygon', BOB))).toBe(true);
    const { transfers, reorgs } = heard(socket);
    const elsewhere = heard(other);

    const snapshot = await chain.request({ method: 'evm_snapshot' as never });
    const receipt = await send(ALICE, apes, erc721, 'transferFrom', [ALICE, BOB, 2n]);
    const block = Number(receipt.blockNumber);
    // Not confirmed yet: nothing is told.
    await catchUp();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(transfers).toEqual([]);

    await mine(BigInt(SETTINGS.confirmations));
    await catchUp();
    await until(() => transfers.length === 2);
    const digest = { network: 'cronos', contracts: [apes], fromBlock: block, toBlock: block, transfers: 1 };
    expect(transfers).toEqual(
      expect.arrayContaining([
        { ...digest, key: activityKey('collection', 'cronos', apes), mints: 0, burns: 0, tokenIds: ['2'] },
        { ...digest, key: activityKey('wallet', 'cronos', BOB), mints: 0, burns: 0, tokenIds: null },
      ]),
    );

    await chain.request({ method: 'evm_revert' as never, params: [snapshot] as never });
    await mine(4n);
    await catchUp();
    await until(() => reorgs.length === 1);
    expect(reorgs[0]).toMatchObject({ network: 'cronos', removed: 1 });
    expect(reorgs[0]!.toBlock).toBeLessThan(block);
    expect(elsewhere).toEqual({ transfers: [], reorgs: [] });
  });

  it('refuses keys that are not activity keys, and rooms past the cap (SOCKET_ROOMS, with scan rooms)', async () => {
    const socket = await open();
    expect(await follow(socket, 'rarity:cronos:0x0000000000000000000000000000000000000001')).toBe(false);
    expect(await follow(socket, 'collection:cronos:not-an-address')).toBe(false);
    await new Promise((resolve) =>
      socket.emit(SocketEvent.Subscribe, activityKey('wallet', 'cronos', ALICE), resolve),
    );
    expect(await follow(socket, activityKey('collection', 'cronos', apes))).toBe(true);
    expect(await follow(socket, activityKey('wallet', 'cronos', ALICE))).toBe(true);
    // The fourth room: over the cap of three.
    expect(await follow(socket, activityKey('wallet', 'cronos', BOB))).toBe(false);
    socket.emit(SocketEvent.ActivityUnsubscribe, activityKey('wallet', 'cronos', ALICE));
    expect(await follow(socket, activityKey('wallet', 'cronos', BOB))).toBe(true);
  });
});
