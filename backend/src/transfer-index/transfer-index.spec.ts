import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { parseAbi, type Address, type PublicClient } from 'viem';
import { compileContracts } from '../../../deploy/devchain/src/solidity.compiler.js';
import { anvilWriter, type AnvilWriter } from '../../../test/support/anvil-writer.js';
import { dropDatabase, freshDatabase } from '../../../test/support/fresh-database.js';
import { startAnvil, type AnvilNode } from '../../../deploy/devchain/src/anvil.process.js';
import { ANVIL_ACCOUNTS, MULTICALL3_ADDRESS } from '../../../deploy/devchain/src/networks.config.js';
import { PublicNodeProxy } from '../../../deploy/devchain/src/public-node.proxy.js';
import { type WalletHolding, RpcNftSource } from '../chain/index.js';
import { ormConfig } from '../platform/database/index.js';
import { IndexedContractsRepository } from './indexed-contracts.repository.js';
import { TransferIndexReader } from './transfer-index.reader.js';
import { TransferIndexRepository } from './transfer-index.repository.js';
import { clearPrefix } from '../../../test/support/redis-prefix.js';
import { testConfig, testPrefix } from '../../../test/support/test-env.js';
import { DiscoveryRepository } from '../discovery/index.js';
import { ActivityEventsRepository } from '../platform/realtime/index.js';
import { RedisConnections } from '../platform/redis/index.js';
import { TransferIndexService } from './transfer-index.service.js';
import { TransferPasses } from './transfer-passes.js';
import { ContractNamer } from './contract-namer.js';
import { TransferIndexer, type IndexSettings } from './transfer-indexer.js';
import { ENTITIES } from '../entities.js';

// A chain of this file's own: the reorganisation below rewinds it, which no shared chain may see.
// Over 400 lines for that reason: every case of the index runs on this one chain, started once.
const PORT = 29591 + Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const CHAIN_ID = 25;
const ARTIFACTS_DIR = join(tmpdir(), 'nexus-devchain-artifacts');
const [DEPLOYER, ALICE, BOB, CAROL, DAVE] = [
  ANVIL_ACCOUNTS[9]!,
  ANVIL_ACCOUNTS[5]!,
  ANVIL_ACCOUNTS[6]!,
  ANVIL_ACCOUNTS[7]!,
  ANVIL_ACCOUNTS[8]!,
];
const SETTINGS: IndexSettings = { fromBlock: 0n, confirmations: 2 };
/** Empty blocks mined after the seed: the history the index has to walk through. */
const HISTORY = 1_500n;

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
  'function burn(address account, uint256 id, uint256 value)',
]);

function held(holdings: WalletHolding[]): string[] {
  return holdings
    .flatMap((holding) =>
      holding.tokens.map((token) => `${holding.collection.address}:${token.tokenId}:${token.balance ?? 1}`),
    )
    .sort();
}

describe('transfer index', () => {
  let anvil: AnvilNode;
  let front: PublicNodeProxy;
  let orm: MikroORM;
  let databaseUrl: string;
  let repository: TransferIndexRepository;
  let reader: TransferIndexReader;
  let indexedContracts: IndexedContractsRepository;
  let chain: PublicClient;
  let batch: Address;
  let minted: Address;
  let editions: Address;

  let writer: AnvilWriter;
  const send = async (...args: Parameters<AnvilWriter['send']>) => {
    await writer.send(...args);
  };
  const mine = (blocks: bigint) => writer.mine(blocks);
  const deploy = (name: string, args: unknown[]) => writer.deploy(name, args);

  /** A source on the limited front, reading the index or not. */
  const source = (withIndex: boolean) =>
    new RpcNftSource(
      { cronos: { chainId: CHAIN_ID, rpcUrl: front.url, requestsPerSecond: front.limits.requestsPerSecond } },
      withIndex ? { index: reader } : {},
    );
  const indexer = () => new TransferIndexer(repository, { firstWindow: 1_000n, requestsPerWindow: 4 });
  /** Passes until the index has every confirmed block. */
  const catchUp = async (rpc: RpcNftSource) => {
    for (;;) {
      const result = await indexer().pass('cronos', rpc.transferFeed('cronos'), SETTINGS);
      if (result.cursor.indexedTo + BigInt(SETTINGS.confirmations) >= result.cursor.head) return result;
    }
  };
  const indexed = async (wallet: Address) => {
    const holdings = await reader.holdings('cronos', wallet);
    return [
      ...(holdings?.erc721 ?? []).map((item) => `${item.contract}:${item.tokenId}:1`),
      ...(holdings?.erc1155 ?? []).map((item) => `${item.contract}:${item.tokenId}:${item.balance}`),
    ].sort();
  };

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: CHAIN_ID });
    // A public node's limits, narrow enough for a short chain to need many windows.
    front = await PublicNodeProxy.start(anvil.url, { maxLogRange: 100, requestsPerSecond: 200 });
    writer = anvilWriter(anvil.url, CHAIN_ID, DEPLOYER);
    chain = writer.chain;
    databaseUrl = await freshDatabase('transfer_index');
    orm = await MikroORM.init({ ...ormConfig(databaseUrl, ENTITIES), logger: () => undefined });
    repository = new TransferIndexRepository(orm.em);
    reader = new TransferIndexReader(orm.em);
    indexedContracts = new IndexedContractsRepository(orm.em);

    const { contracts } = await compileContracts({ artifactsDir: ARTIFACTS_DIR });
    await chain.request({
      method: 'anvil_setCode' as never,
      params: [MULTICALL3_ADDRESS, contracts.NexusMulticall3!.deployedBytecode] as never,
    });
    // EIP-2309 batches at construction: ids 0-2 to Alice, 3-4 to Bob.
    batch = await deploy('NexusConsecutive721', [
      'Batch',
      'BAT',
      'ipfs://batch/',
      DEPLOYER,
      [ALICE, BOB],
      [3, 2],
    ]);
    minted = await deploy('NexusPlain721', ['Minted', 'MNT', 'ipfs://minted/', DEPLOYER]);
    editions = await deploy('NexusEditions1155', ['Editions', 'ED', 'ipfs://editions/{id}', DEPLOYER]);
    await mine(HISTORY / 3n);
    await send(DEPLOYER, minted, erc721, 'mintIds', [
      [ALICE, ALICE, BOB],
      [10n, 11n, 12n],
    ]);
    await send(DEPLOYER, editions, erc1155, 'mintMany', [
      [ALICE, BOB],
      [1n, 2n],
      [5n, 3n],
    ]);
    await mine(HISTORY / 3n);
    await send(ALICE, batch, erc721, 'transferFrom', [ALICE, BOB, 1n]);
    await send(BOB, minted, erc721, 'transferFrom', [BOB, ALICE, 12n]);
    await send(ALICE, editions, erc1155, 'safeTransferFrom', [ALICE, BOB, 1n, 2n, '0x']);
    await mine(HISTORY / 3n);
  }, 120_000);

  afterAll(async () => {
    await front?.close();
    await anvil?.stop();
    await orm?.close(true);
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  it('backfills every NFT transfer from genesis through a node that caps log ranges', async () => {
    const rpc = source(false);
    const result = await catchUp(rpc);

    expect(result.cursor.indexedTo).toBe(
      (await chain.getBlockNumber({ cacheTime: 0 })) - BigInt(SETTINGS.confirmations),
    );
    expect(front.refused.logRange).toBeGreaterThan(0);
    expect(rpc.transferFeed('cronos').learnedSpan).toBeLessThanOrEqual(100n);
    // Alice: ids 0 and 2 of the batch (1 went to Bob), 10, 11 and 12 (back from Bob), 3 of edition 1.
    expect(await indexed(ALICE)).toEqual(
      [
        `${batch}:0:1`,
        `${batch}:2:1`,
        `${minted}:10:1`,
        `${minted}:11:1`,
        `${minted}:12:1`,
        `${editions}:1:3`,
      ].sort(),
    );
    expect(await indexed(BOB)).toEqual(
      [`${batch}:1:1`, `${batch}:3:1`, `${batch}:4:1`, `${editions}:1:2`, `${editions}:2:3`].sort(),
    );
    expect((await reader.tokenHistory('cronos', batch, 1n)).map((t) => [t.from, t.to])).toEqual([
      ['0x0000000000000000000000000000000000000000', ALICE],
      [ALICE, BOB],
    ]);
    // What the index says is what the chain says.
    for (const id of [0n, 1n, 2n, 3n, 4n]) {
      const owner = await chain.readContract({
        address: batch,
        abi: erc721,
        functionName: 'ownerOf',
        args: [id],
      });
      expect((await reader.tokenHistory('cronos', batch, id)).at(-1)?.to).toBe(owner.toLowerCase());
    }
  });

  it('answers wallet scans from the index for the blocks it covers and asks the node only for the rest', async () => {
    await catchUp(source(false));
    const withIndex = source(true);
    const without = source(false);

    const fromIndex = await withIndex.getWalletHoldings('cronos', ALICE, { includeAllTokenTypes: true });
    const fromNode = await without.getWalletHoldings('cronos', ALICE, { includeAllTokenTypes: true });

    expect(held(fromIndex)).toEqual(held(fromNode));
    expect(held(fromIndex)).toHaveLength(6);
    const logCalls = (rpc: RpcNftSource) => rpc.getStats().byMethod.eth_getLogs ?? 0;
    // Three queries over the few blocks past the index, against three over the whole chain in 100-block pieces.
    expect(logCalls(withIndex)).toBeLessThanOrEqual(6);
    expect(logCalls(without)).toBeGreaterThan(3 * Number(HISTORY / 100n));
  });

  it('shows a transfer at the head in wallet answers at once, and in the index once confirmed', async () => {
    await catchUp(source(false));
    await send(ALICE, minted, erc721, 'transferFrom', [ALICE, CAROL, 10n]);
    const rpc = source(true);

    expect(held(await rpc.getWalletHoldings('cronos', CAROL, { includeAllTokenTypes: true }))).toEqual([
      `${minted}:10:1`,
    ]);
    await indexer().pass('cronos', rpc.transferFeed('cronos'), SETTINGS);
    expect(await indexed(CAROL)).toEqual([]);

    await mine(BigInt(SETTINGS.confirmations));
    await indexer().pass('cronos', rpc.transferFeed('cronos'), SETTINGS);
    expect(await indexed(CAROL)).toEqual([`${minted}:10:1`]);
    expect(await indexed(ALICE)).not.toContain(`${minted}:10:1`);
  });

  it('rolls back the transfers a reorganisation undoes, in the index and in wallet answers', async () => {
    const rpc = source(true);
    await catchUp(rpc);
    const snapshot = await chain.request({ method: 'evm_snapshot' as never });
    await send(ALICE, minted, erc721, 'transferFrom', [ALICE, DAVE, 11n]);
    await send(ALICE, editions, erc1155, 'safeTransferFrom', [ALICE, DAVE, 1n, 1n, '0x']);
    await mine(5n);
    await catchUp(rpc);
    expect(await indexed(DAVE)).toEqual([`${editions}:1:1`, `${minted}:11:1`].sort());
    const reorgsBefore = (await repository.cursor('cronos'))!.reorgs;

    // The blocks since the snapshot are replaced by a longer chain without those transfers.
    await chain.request({ method: 'evm_revert' as never, params: [snapshot] as never });
    await mine(8n);
    const result = await indexer().pass('cronos', rpc.transferFeed('cronos'), SETTINGS);

    expect(result.rolledBackTo).not.toBeNull();
    expect(result.cursor.reorgs).toBe(reorgsBefore + 1);
    expect(await indexed(DAVE)).toEqual([]);
    expect(await indexed(ALICE)).toEqual(expect.arrayContaining([`${minted}:11:1`, `${editions}:1:3`]));
    expect(await rpc.getWalletHoldings('cronos', DAVE, { includeAllTokenTypes: true })).toEqual([]);
    expect(held(await rpc.getWalletHoldings('cronos', ALICE, { includeAllTokenTypes: true }))).toEqual(
      expect.arrayContaining([`${minted}:11:1`, `${editions}:1:3`]),
    );
  });
  it('enumerates collections without ERC721Enumerable from the index, asking the node only past it', async () => {
    await send(ALICE, minted, erc721, 'burn', [12n]);
    await send(BOB, editions, erc1155, 'burn', [BOB, 2n, 3n]);
    await mine(5n);
    await catchUp(source(false));
    const withIndex = source(true);
    const without = source(false);
    const tokens = (refs: Array<{ tokenId: string; tokenUri: string | null }>) =>
      refs.map((ref) => `${ref.tokenId}:${ref.tokenUri}`);
    for (const [contract, expected] of [
      [minted, ['10', '11']],
      [batch, ['0', '1', '2', '3', '4']],
      [editions, ['1']],
    ] as const) {
      const info = (await without.getCollection('cronos', contract))!;
      expect(info.enumerable).toBe(false);
      const fromIndex = await withIndex.enumerateCollection(info);
      expect(fromIndex.map((ref) => ref.tokenId)).toEqual(expected);
      expect(tokens(fromIndex)).toEqual(tokens(await without.enumerateCollection(info)));
    }
    const logCalls = (rpc: RpcNftSource) => rpc.getStats().byMethod.eth_getLogs ?? 0;
    // One query per collection over the blocks past the index, against the whole chain in 100-block pieces.
    expect(logCalls(withIndex)).toBeLessThanOrEqual(3);
    expect(logCalls(without)).toBeGreaterThan(3 * Number(HISTORY / 100n));
  });

  it('lets discovery find by name a contract the index has seen and no scan has read, its name cut', async () => {
    const bait = `Claim Free Reward Voucher ${'visit nexus-airdrop.example now '.repeat(12)}`;
    const spam = await deploy('NexusPlain721', [bait, 'VOUCHER', 'ipfs://voucher/', DEPLOYER]);
    await send(DEPLOYER, spam, erc721, 'mintIds', [
      [ALICE, BOB],
      [1n, 2n],
    ]);
    await mine(3n);
    const rpc = source(false);
    await catchUp(rpc);
    const discovery = new DiscoveryRepository(orm.em);
    // Seen, not yet named: nothing to find by name.
    expect(await discovery.search('reward voucher', 8)).toEqual([]);
    expect(await new ContractNamer(indexedContracts, rpc).name('cronos')).toBeGreaterThanOrEqual(1);
    expect(await new ContractNamer(indexedContracts, rpc).name('cronos')).toBe(0); // each contract is read once
    const found = await discovery.search('reward voucher', 8);
    expect(found).toEqual([
      {
        name: bait.slice(0, 200),
        contractAddress: spam,
        network: 'cronos',
        imageUrl: '',
        description: '',
        verified: false,
      },
    ]);
    expect((await discovery.search('Minted', 8)).map((c) => c.contractAddress)).toEqual([minted]);
    expect((await discovery.search(spam, 8)).map((c) => c.name)).toEqual([bait.slice(0, 200)]);
  });

  it('drops a contract whose creation a reorganisation undid: no phantom left to discover', async () => {
    const rpc = source(false);
    await catchUp(rpc);
    const snapshot = await chain.request({ method: 'evm_snapshot' as never });
    const phantom = await deploy('NexusPlain721', ['Phantom Drops', 'PHD', 'ipfs://phantom/', DEPLOYER]);
    await send(DEPLOYER, phantom, erc721, 'mintIds', [[CAROL], [7n]]);
    await mine(4n);
    await catchUp(rpc);
    await new ContractNamer(indexedContracts, rpc).name('cronos');
    const discovery = new DiscoveryRepository(orm.em);
    expect((await discovery.search('phantom', 8)).map((c) => c.contractAddress)).toEqual([phantom]);
    // The new chain has no such contract: its creation and its transfers are undone.
    await chain.request({ method: 'evm_revert' as never, params: [snapshot] as never });
    await mine(10n);
    const result = await indexer().pass('cronos', rpc.transferFeed('cronos'), SETTINGS);
    expect(result.rolledBackTo).not.toBeNull();
    expect(await discovery.search('phantom', 8)).toEqual([]);
    expect(await reader.collectionTokens('cronos', phantom, 'ERC-721')).toMatchObject({ erc721: [] });
    expect(await indexed(CAROL)).not.toContain(`${phantom}:7:1`);
    // Contracts first seen before the reorganisation keep their names.
    expect((await discovery.search('Minted', 8)).map((c) => c.contractAddress)).toEqual([minted]);
  });

  it('enumerates through an index that starts after the collections were created, the node reading the blocks before it', async () => {
    const head = await chain.getBlockNumber({ cacheTime: 0 });
    const settings: IndexSettings = { fromBlock: head / 2n, confirmations: 2 };
    const rpc = source(false);
    for (;;) {
      const result = await indexer().pass('cronos', rpc.transferFeed('cronos'), settings);
      if (result.cursor.indexedTo + BigInt(settings.confirmations) >= result.cursor.head) break;
    }
    const withIndex = source(true);
    const without = source(false);
    for (const contract of [minted, batch, editions]) {
      const info = (await without.getCollection('cronos', contract))!;
      expect(await withIndex.enumerateCollection(info)).toEqual(await without.enumerateCollection(info));
    }
  });
  it("names the contracts a worker's pass first sees, in the same pass, for discovery", async () => {
    const prefix = testPrefix('transfer-index');
    const config = { ...testConfig(prefix), transferIndex: { cronos: SETTINGS } };
    const connections = new RedisConnections(config);
    try {
      const passes = new TransferPasses(
        connections.open('transfer-index-spec'),
        connections,
        repository,
        new ActivityEventsRepository(connections.open('transfer-index-live'), connections),
        source(false),
      );
      const namer = new ContractNamer(indexedContracts, source(false));
      const service = new TransferIndexService(config, passes, namer, repository);
      // The previous test indexed from another block: this pass starts over from genesis.
      let result = await service.pass('cronos');
      while (result && result.cursor.indexedTo + BigInt(SETTINGS.confirmations) < result.cursor.head) {
        result = await service.pass('cronos');
      }
      expect(result?.cursor.fromBlock).toBe(0n);
      const counts = await indexedContracts.contractCounts('cronos');
      expect(counts.contracts).toBeGreaterThanOrEqual(4);
      expect(counts.named).toBe(counts.contracts);
      const discovery = new DiscoveryRepository(orm.em);
      expect((await discovery.search('editions', 8)).map((c) => c.contractAddress)).toEqual([editions]);
      expect(await discovery.search('phantom', 8)).toEqual([]);
    } finally {
      await connections.onApplicationShutdown();
      await clearPrefix(prefix);
    }
  });
});
