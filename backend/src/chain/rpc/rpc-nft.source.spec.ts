// Over 400 lines for that reason: every method reads the contracts its set-up deploys once on the slot's
// chain.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  type Address,
  type PublicClient,
} from 'viem';
import type { Network } from '@nexus/contract';
import { startDevchain, type Devchain } from '../../../../deploy/devchain/src/index.js';
import type { DevchainCollection, DevchainWallet } from '../../../../deploy/devchain/src/manifest.js';
import { ANVIL_ACCOUNTS } from '../../../../deploy/devchain/src/networks.config.js';
import { compileContracts } from '../../../../deploy/devchain/src/solidity.compiler.js';
import type { EnumerateProgress, WalletHolding } from '../nft-source.js';
import { rpcChain } from './rpc-chains.config.js';
import { CONSECUTIVE_TRANSFER_TOPIC, TRANSFER_TOPIC } from './erc.abis.js';
import { RpcNftSource } from './rpc-nft.source.js';
import { FaultyRpcProxy } from './testing/faulty-rpc.fixture.js';
import { minedReceipt } from '../../../../deploy/devchain/src/mined-receipt.js';

// Own chains per test slot, so that suites run side by side never share (or mutate) one.
const SLOT_OFFSET = Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const PORTS = {
  ethereum: 29545 + SLOT_OFFSET,
  polygon: 29546 + SLOT_OFFSET,
  cronos: 29547 + SLOT_OFFSET,
  gateway: 29580 + SLOT_OFFSET,
};
const ARTIFACTS_DIR = join(tmpdir(), 'nexus-devchain-artifacts');
/** An anvil account the dev chains never use: it deploys the contracts of the tests below. */
const TEST_DEPLOYER = ANVIL_ACCOUNTS[9]!;
const NETWORKS: Network[] = ['ethereum', 'polygon', 'cronos'];

const truthAbi = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function balanceOf(address, uint256) view returns (uint256)',
]);

interface Held {
  contract: string;
  tokenId: string;
  balance: number;
}

function flatten(holdings: WalletHolding[]): Held[] {
  return holdings
    .flatMap((holding) =>
      holding.tokens.map((token) => ({
        contract: holding.collection.address,
        tokenId: token.tokenId,
        balance: token.balance ?? 0,
      })),
    )
    .sort(byHolding);
}

function byHolding(a: Held, b: Held): number {
  return a.contract.localeCompare(b.contract) || Number(BigInt(a.tokenId) - BigInt(b.tokenId));
}

describe(RpcNftSource.name, () => {
  let dir: string;
  let devchain: Devchain;
  let sut: RpcNftSource;
  let truthClients: Record<Network, PublicClient>;

  const collection = (key: string): DevchainCollection => {
    const found = devchain.manifest.collections.find((candidate) => candidate.key === key);
    if (!found) throw new Error(`no collection ${key}`);
    return found;
  };
  const wallet = (network: Network, label: string): DevchainWallet =>
    devchain.manifest.wallets.find(
      (candidate) => candidate.network === network && candidate.label === label,
    )!;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nexus-rpc-source-'));
    // A shared compile cache: this suite is about the adapter, not about a cold start.
    devchain = await startDevchain({
      dir,
      ports: PORTS,
      artifactsDir: ARTIFACTS_DIR,
    });
    const networks = devchain.manifest.networks;
    sut = new RpcNftSource({
      ethereum: networks.ethereum,
      polygon: networks.polygon,
      cronos: networks.cronos,
    });
    truthClients = Object.fromEntries(
      NETWORKS.map((network) => {
        const { chainId, rpcUrl } = networks[network];
        return [
          network,
          createPublicClient({
            chain: rpcChain(network, chainId, rpcUrl),
            transport: http(rpcUrl),
            batch: { multicall: { batchSize: 20_000 } },
          }),
        ];
      }),
    ) as Record<Network, PublicClient>;
  }, 180_000);

  afterAll(async () => {
    await devchain?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('getCollection', () => {
    it('detects the standard, enumerability, name, symbol and supply of every dev collection', async () => {
      for (const entry of devchain.manifest.collections) {
        const info = await sut.getCollection(entry.network, entry.address);
        expect(info).toEqual({
          network: entry.network,
          address: entry.address,
          name: entry.name,
          symbol: entry.symbol,
          standard: entry.standard,
          enumerable: entry.enumerable,
          totalSupply: entry.enumerable ? entry.totalSupply : null,
        });
      }
    });

    it('answers null for an account without code and for a contract that is no NFT', async () => {
      expect(await sut.getCollection('ethereum', wallet('ethereum', 'Demo collector').address)).toBeNull();
      expect(await sut.getCollection('polygon', devchain.manifest.multicall3)).toBeNull();
    });
  });

  describe('a contract deployed a moment ago', () => {
    it('is found, enumerated and seen in a wallet at once, not one cached block later', async () => {
      const { chainId, rpcUrl } = devchain.manifest.networks.polygon;
      // Not a demo wallet: the suites below compare those with the manifest.
      const holder: Address = '0x1111111111111111111111111111111111111111';
      // A first question: whatever the source caches about the chain head is warm now.
      expect(await sut.getCollection('polygon', collection('mfers').address)).not.toBeNull();

      const { contracts } = await compileContracts({ artifactsDir: ARTIFACTS_DIR });
      const { abi, bytecode } = contracts.NexusPlain721!;
      const deployer = createWalletClient({
        chain: rpcChain('polygon', chainId, rpcUrl),
        transport: http(rpcUrl),
        account: TEST_DEPLOYER,
      });
      const started = Date.now();
      const deployed = await minedReceipt(
        truthClients.polygon,
        await deployer.deployContract({
          abi,
          bytecode,
          args: ['Fresh Off The Press', 'FRESH', 'ipfs://fresh/', TEST_DEPLOYER],
        }),
      );
      const address = deployed.contractAddress!.toLowerCase();
      const info = await sut.getCollection('polygon', address);
      console.log(`asked ${Date.now() - started} ms after sending the deployment`);
      expect(info).toEqual({
        network: 'polygon',
        address,
        name: 'Fresh Off The Press',
        symbol: 'FRESH',
        standard: 'ERC-721',
        totalSupply: null,
        enumerable: false,
      });

      await minedReceipt(
        truthClients.polygon,
        await deployer.writeContract({
          address: address as Address,
          abi: parseAbi(['function mintBatch(address[] recipients, uint256 firstId)']),
          functionName: 'mintBatch',
          args: [[holder, holder], 1n],
        }),
      );
      expect(await sut.enumerateCollection(info!)).toEqual([
        { tokenId: '1', tokenUri: 'ipfs://fresh/1' },
        { tokenId: '2', tokenUri: 'ipfs://fresh/2' },
      ]);
      const holdings = await sut.getWalletHoldings('polygon', holder, { includeAllTokenTypes: true });
      expect(holdings.map((holding) => [holding.collection.address, holding.tokens.length])).toEqual([
        [address, 2],
      ]);
    });
  });

  describe('enumerateCollection', () => {
    it('enumerates the 10,000-token enumerable collection by index, with URIs, in a few dozen batched calls', async () => {
      const apes = collection('apes');
      const info = (await sut.getCollection('ethereum', apes.address))!;
      const progress: EnumerateProgress[] = [];
      sut.resetStats();
      const started = Date.now();
      const tokens = await sut.enumerateCollection(info, (event) => progress.push(event));
      const elapsed = Date.now() - started;
      const stats = sut.getStats();
      console.log(
        `enumerated ${tokens.length} tokens (ids + URIs) in ${elapsed} ms with ${stats.rpcCalls} RPC calls ` +
          `in ${stats.httpRequests} HTTP requests ${JSON.stringify(stats.byMethod)}`,
      );
      expect(tokens).toHaveLength(10_000);
      expect(tokens.map((token) => token.tokenId)).toEqual(
        Array.from({ length: 10_000 }, (_, id) => String(id)),
      );
      expect(tokens[7495]).toEqual({ tokenId: '7495', tokenUri: `ipfs://${apes.metadataCid}/7495` });
      expect(progress.at(-1)).toEqual({ tokensFound: 10_000, tokensTotal: 10_000 });
      expect(progress.map((event) => event.tokensFound)).toEqual(
        [...progress.map((event) => event.tokensFound)].sort((a, b) => a - b),
      );
      // Batched: a few dozen calls, not one per token (time is measured by bench:scan, not asserted).
      expect(stats.rpcCalls).toBeLessThan(60);
    });

    it('enumerates a non-enumerable collection from Transfer logs, mints minus burns', async () => {
      const critters = collection('critters');
      const info = (await sut.getCollection('cronos', critters.address))!;
      expect(info.enumerable).toBe(false);
      const tokens = await sut.enumerateCollection(info);
      expect(tokens).toHaveLength(critters.totalSupply);
      const ids = tokens.map((token) => token.tokenId);
      expect(ids).not.toContain(critters.edgeCases!.burned![0]!.tokenId);
      expect(ids).toContain(critters.edgeCases!.transferred![0]!.tokenId);
      expect(tokens[0]).toEqual({ tokenId: '1', tokenUri: `ipfs://${critters.metadataCid}/1` });
    });

    it('enumerates a collection minted in EIP-2309 batches from its ConsecutiveTransfer logs', async () => {
      const genesis = collection('genesis');
      const batches = genesis.edgeCases!.consecutiveBatches!;
      const client = truthClients.cronos;
      const logsOf = (topic: `0x${string}`) =>
        client.request({
          method: 'eth_getLogs',
          params: [
            { address: genesis.address as Address, topics: [topic], fromBlock: '0x0', toBlock: 'latest' },
          ],
        });
      // The chain itself: one ConsecutiveTransfer per batch, a Transfer only for the later moves.
      expect(await logsOf(CONSECUTIVE_TRANSFER_TOPIC)).toHaveLength(batches.length);
      expect(await logsOf(TRANSFER_TOPIC)).toHaveLength(2);

      const info = (await sut.getCollection('cronos', genesis.address))!;
      expect(info).toMatchObject({ standard: 'ERC-721', enumerable: false });
      const tokens = await sut.enumerateCollection(info);
      expect(tokens).toHaveLength(genesis.totalSupply);
      const ids = tokens.map((token) => token.tokenId);
      expect(ids[0]).toBe('0');
      expect(ids.at(-1)).toBe(batches.at(-1)!.toTokenId);
      expect(ids).not.toContain(genesis.edgeCases!.burned![0]!.tokenId);
      expect(ids).toContain(genesis.edgeCases!.transferred![0]!.tokenId);
      expect(tokens[0]).toEqual({ tokenId: '0', tokenUri: `ipfs://${genesis.metadataCid}/0` });
    });

    it('keeps the edge cases of an enumerable collection: reverting, broken and data: URIs, burned token gone', async () => {
      const oddities = collection('oddities');
      const tokens = await sut.enumerateCollection((await sut.getCollection('ethereum', oddities.address))!);
      const byId = new Map(tokens.map((token) => [token.tokenId, token.tokenUri]));
      const edge = oddities.edgeCases!;
      expect(tokens).toHaveLength(oddities.totalSupply);
      expect(byId.get(edge.tokenUriReverts![0]!)).toBeNull();
      expect(byId.get(edge.brokenCid![0]!.tokenId)).toBe(edge.brokenCid![0]!.uri);
      expect(byId.get(edge.dataUri![0]!)).toMatch(/^data:application\/json;base64,/);
      expect(byId.has(edge.burned![0]!.tokenId)).toBe(false);
    });

    it('enumerates ERC-1155 ids from TransferSingle/TransferBatch logs with {id} substituted', async () => {
      const editions = collection('editions');
      const info = (await sut.getCollection('ethereum', editions.address))!;
      expect(info).toMatchObject({ standard: 'ERC-1155', totalSupply: null });
      const tokens = await sut.enumerateCollection(info);
      expect(tokens.map((token) => token.tokenId)).toEqual(
        Array.from({ length: 12 }, (_, index) => String(index + 1)),
      );
      expect(tokens[2]!.tokenUri).toBe(`ipfs://${editions.metadataCid}/${'3'.padStart(64, '0')}.json`);
    });
  });

  describe('getWalletHoldings', () => {
    /** What the chain says, asked independently: ownerOf / balanceOf for every minted id of every collection. */
    async function chainTruth(network: Network, owner: string): Promise<Held[]> {
      const client = truthClients[network];
      const held: Held[] = [];
      for (const entry of devchain.manifest.collections.filter(
        (candidate) => candidate.network === network,
      )) {
        const ids: bigint[] = [];
        for (let id = BigInt(entry.firstTokenId); id <= BigInt(entry.lastTokenId); id++) ids.push(id);
        const results = await client.multicall({
          contracts: ids.map((id) =>
            entry.standard === 'ERC-721'
              ? ({
                  address: entry.address as Address,
                  abi: truthAbi,
                  functionName: 'ownerOf',
                  args: [id],
                } as const)
              : ({
                  address: entry.address as Address,
                  abi: truthAbi,
                  functionName: 'balanceOf',
                  args: [owner as Address, id],
                } as const),
          ),
        });
        results.forEach((result, index) => {
          if (result.status !== 'success') return;
          if (typeof result.result === 'string' && result.result.toLowerCase() === owner) {
            held.push({ contract: entry.address, tokenId: ids[index]!.toString(), balance: 1 });
          }
          if (typeof result.result === 'bigint' && result.result > 0n) {
            held.push({
              contract: entry.address,
              tokenId: ids[index]!.toString(),
              balance: Number(result.result),
            });
          }
        });
      }
      return held.sort(byHolding);
    }

    it('answers, for every demo wallet and network, exactly what the chain says', async () => {
      for (const entry of devchain.manifest.wallets) {
        const holdings = await sut.getWalletHoldings(entry.network, entry.address, {
          includeAllTokenTypes: true,
        });
        const truth = await chainTruth(entry.network, entry.address);
        expect({ wallet: entry.label, network: entry.network, held: flatten(holdings) }).toEqual({
          wallet: entry.label,
          network: entry.network,
          held: truth,
        });
        // The manifest's expectations agree with the chain too.
        expect(
          entry.holdings
            .map((holding) => ({
              contract: holding.contract,
              tokenId: holding.tokenId,
              balance: holding.balance,
            }))
            .sort(byHolding),
        ).toEqual(truth);
      }
    });

    it('groups by collection with info and URIs, and leaves burned and sent-away tokens out', async () => {
      const collector = wallet('ethereum', 'Demo collector');
      const holdings = await sut.getWalletHoldings('ethereum', collector.address, {
        includeAllTokenTypes: true,
      });
      const oddities = collection('oddities');
      const group = holdings.find((holding) => holding.collection.address === oddities.address)!;
      expect(group.collection).toMatchObject({
        name: 'Nexus Oddities',
        standard: 'ERC-721',
        enumerable: true,
      });
      const ids = group.tokens.map((token) => token.tokenId);
      expect(ids).toEqual(['1', '2', '3']);
      expect(group.tokens[0]).toEqual({ tokenId: '1', tokenUri: null, balance: 1 });
      const editions = holdings.find((holding) => holding.collection.standard === 'ERC-1155')!;
      expect(editions.tokens.find((token) => token.tokenId === '3')).toEqual({
        tokenId: '3',
        tokenUri: `ipfs://${collection('editions').metadataCid}/${'3'.padStart(64, '0')}.json`,
        balance: 7,
      });
      const apes = holdings.find((holding) => holding.collection.address === collection('apes').address)!;
      expect(apes.tokens.map((token) => token.tokenId)).not.toContain('2');
      expect(holdings.some((holding) => holding.collection.name === 'Claim Free Reward Voucher')).toBe(true);
    });

    it('finds tokens a wallet received in an EIP-2309 batch mint, with or without ERC-1155', async () => {
      const genesis = collection('genesis');
      for (const [label, expected] of [
        ['Demo collector', ['200', '202', '203', '204']],
        ['Demo trader', ['201', '505', '507']],
      ] as const) {
        for (const includeAllTokenTypes of [true, false]) {
          const holdings = await sut.getWalletHoldings('cronos', wallet('cronos', label).address, {
            includeAllTokenTypes,
          });
          const group = holdings.find((holding) => holding.collection.address === genesis.address);
          expect([label, includeAllTokenTypes, group?.tokens.map((token) => token.tokenId)]).toEqual([
            label,
            includeAllTokenTypes,
            expected,
          ]);
        }
      }
    });

    it('leaves ERC-1155 out when includeAllTokenTypes is false', async () => {
      const trader = wallet('polygon', 'Demo trader');
      const holdings = await sut.getWalletHoldings('polygon', trader.address, {
        includeAllTokenTypes: false,
      });
      expect(holdings.map((holding) => holding.collection.standard)).toEqual(['ERC-721']);
    });

    it('answers an empty list for a wallet that holds nothing', async () => {
      expect(
        await sut.getWalletHoldings('polygon', wallet('polygon', 'Demo newcomer').address, {
          includeAllTokenTypes: true,
        }),
      ).toEqual([]);
    });
  });

  describe('against a misbehaving node', () => {
    let proxy: FaultyRpcProxy;

    afterEach(async () => {
      await proxy?.close();
    });

    it('splits refused log ranges and retries 429, 503 and timeouts, with the same answers', async () => {
      const cronos = devchain.manifest.networks.cronos;
      proxy = await FaultyRpcProxy.start(cronos.rpcUrl, {
        throttleFirst: 2,
        unavailableEvery: 5,
        maxLogRange: 3,
        hangRequest: 4,
      });
      const flaky = new RpcNftSource(
        { cronos: { chainId: cronos.chainId, rpcUrl: proxy.url } },
        { timeoutMs: 500, retryBaseDelayMs: 5, retries: 6, concurrency: 2 },
      );
      const critters = collection('critters');
      const info = await flaky.getCollection('cronos', critters.address);
      expect(info).toEqual(await sut.getCollection('cronos', critters.address));
      expect(await flaky.enumerateCollection(info!)).toEqual(await sut.enumerateCollection(info!));
      for (const label of ['Demo collector', 'Demo trader', 'Demo newcomer']) {
        const address = wallet('cronos', label).address;
        expect(await flaky.getWalletHoldings('cronos', address, { includeAllTokenTypes: true })).toEqual(
          await sut.getWalletHoldings('cronos', address, { includeAllTokenTypes: true }),
        );
      }
      const stats = flaky.getStats();
      expect(stats.retries).toBeGreaterThanOrEqual(3);
      expect(stats.rangeSplits).toBeGreaterThan(0);
      expect(proxy.refusedLogRanges).toBeGreaterThan(0);
    }, 60_000);

    it('gives up after the configured retries', async () => {
      const cronos = devchain.manifest.networks.cronos;
      proxy = await FaultyRpcProxy.start(cronos.rpcUrl, { throttleFirst: 1_000 });
      const throttled = new RpcNftSource(
        { cronos: { chainId: cronos.chainId, rpcUrl: proxy.url } },
        { retryBaseDelayMs: 1, retries: 2 },
      );
      await expect(throttled.getCollection('cronos', collection('critters').address)).rejects.toThrow();
      expect(throttled.getStats()).toMatchObject({ retries: 2, httpRequests: 3 });
    });
  });
});
