/**
 * Transfer-index benchmark on the dev world's public node (cronos behind a front that allows 2,000
 * blocks per log query and 25 requests/s, over a history past a million blocks):
 *   - backfill from genesis to the head, in blocks/s and logs/s, learning the node's log span;
 *   - a wallet scan of the demo collector with the index caught up, then the same scan with the
 *     index off (every block asked of the node);
 *   - the enumeration of each cronos collection without ERC721Enumerable with the index on, off,
 *     and off on a node that cannot answer historical state (no deployment-block search: every
 *     block from genesis asked of the node's logs);
 *   - the names of every contract the index has seen read once, and found by discovery.
 *   npm run bench:index            (NEXUS_DEVWORLD_SCALE=small for the miniature world)
 * Starts its own dev chains (cronos 19747, its public node 19748, gateway 19780; ethereum and
 * polygon are left out) in a child process, as `npm start` does; uses the database nexus_bench_index.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { startDevWorld, type DevWorld } from './dev-world.js';
import type { CollectionInfo, TokenRef, WalletHolding } from '../src/chain/nft-source.js';
import { RpcNftSource } from '../src/chain/rpc/rpc-nft.source.js';
import { ormConfig } from '../src/platform/database/mikro-orm.config.js';
import { migrate } from '../src/platform/database/migrate.js';
import { DiscoveryRepository } from '../src/discovery/discovery.repository.js';
import {
  ContractNamer,
  IndexedContractsRepository,
  TransferIndexer,
  TransferIndexReader,
  TransferIndexRepository,
} from '../src/transfer-index/index.js';
import { ENTITIES } from '../src/entities.js';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/nexus_bench_index';
const WORLD = process.env.NEXUS_DEVWORLD_SCALE ?? 'full';
const NO_NODE = 'http://127.0.0.1:9/';

function seconds(start: number): number {
  return Math.round(performance.now() - start) / 1000;
}

function startChains(): Promise<DevWorld> {
  return startDevWorld('bench-index', {
    DEVCHAIN_CRONOS_PORT: '19747',
    DEVCHAIN_PUBLIC_NODE_PORT: '19748',
    DEVCHAIN_GATEWAY_PORT: '19780',
    NEXUS_DEVWORLD_SCALE: WORLD,
    // Only cronos is measured: the other networks are "external" nodes that nobody seeds.
    ETHEREUM_RPC_URL: NO_NODE,
    POLYGON_RPC_URL: NO_NODE,
  });
}

function held(holdings: WalletHolding[]): string[] {
  return holdings
    .flatMap((h) => h.tokens.map((t) => `${h.collection.address}:${t.tokenId}:${t.balance ?? 1}`))
    .sort();
}

async function main(): Promise<void> {
  const chainStart = performance.now();
  const devchain = await startChains();
  const cronos = devchain.manifest.networks.cronos;
  if (!cronos.publicNode) throw new Error('the dev world has no public node: NEXUS_DEVWORLD_SCALE is off');
  console.log(`dev chains ready in ${seconds(chainStart)} s; cronos public node ${cronos.rpcUrl}`);

  await migrate(databaseUrl, ENTITIES);
  const orm = await MikroORM.init({ ...ormConfig(databaseUrl, ENTITIES), logger: () => undefined });
  const connection = orm.em.getConnection();
  await connection.execute(
    'truncate nft_transfer, nft_owner, nft_balance, transfer_index_block, transfer_index_cursor, indexed_contract',
  );
  const repository = new TransferIndexRepository(orm.em);
  const reader = new TransferIndexReader(orm.em);
  const limits = {
    chainId: cronos.chainId,
    rpcUrl: cronos.rpcUrl,
    requestsPerSecond: cronos.publicNode.requestsPerSecond,
  };
  const settings = { fromBlock: 0n, confirmations: 2 };

  // Backfill from genesis, learning the node's log span from its refusals.
  const indexing = new RpcNftSource({ cronos: limits }, {});
  const indexer = new TransferIndexer(repository, { budgetMs: 60 * 60_000 });
  const backfillStart = performance.now();
  let pass = await indexer.pass('cronos', indexing.transferFeed('cronos'), settings);
  let logs = pass.logs;
  while (pass.cursor.indexedTo + BigInt(settings.confirmations) < pass.cursor.head) {
    pass = await indexer.pass('cronos', indexing.transferFeed('cronos'), settings);
    logs += pass.logs;
  }
  const backfillSeconds = seconds(backfillStart);
  const backfillStats = indexing.getStats();
  const blocks = Number(pass.cursor.indexedTo + 1n);
  const collector = devchain.manifest.wallets.find(
    (w) => w.network === 'cronos' && w.label === 'Demo collector',
  )!;

  // Wallet scans: index caught up (best of three, each on a fresh source), then index off.
  const withIndexRuns: number[] = [];
  let withIndex: WalletHolding[] = [];
  let withIndexCalls = 0;
  for (let run = 0; run < 3; run++) {
    const source = new RpcNftSource(
      { cronos: { ...limits, maxLogRange: cronos.publicNode.maxLogRange } },
      { index: reader },
    );
    const start = performance.now();
    withIndex = await source.getWalletHoldings('cronos', collector.address, { includeAllTokenTypes: true });
    withIndexRuns.push(seconds(start));
    withIndexCalls = source.getStats().rpcCalls;
  }
  const without = new RpcNftSource({ cronos: { ...limits, maxLogRange: cronos.publicNode.maxLogRange } }, {});
  const withoutStart = performance.now();
  const fromNode = await without.getWalletHoldings('cronos', collector.address, {
    includeAllTokenTypes: true,
  });
  const withoutSeconds = seconds(withoutStart);
  if (JSON.stringify(held(withIndex)) !== JSON.stringify(held(fromNode))) {
    throw new Error(
      `the index and the node disagree:\n${held(withIndex).join('\n')}\n---\n${held(fromNode).join('\n')}`,
    );
  }

  // Collections without ERC721Enumerable: through the index, then the node alone (with its
  // deployment-block search, then as on a node without historical state: from genesis).
  const enumerations = [];
  for (const collection of devchain.manifest.collections.filter(
    (c) => c.network === 'cronos' && !c.enumerable,
  )) {
    const run = async (options: { index?: TransferIndexReader; deploymentSearchThreshold?: number }) => {
      const source = new RpcNftSource(
        { cronos: { ...limits, maxLogRange: cronos.publicNode!.maxLogRange } },
        options,
      );
      const info = (await source.getCollection('cronos', collection.address)) as CollectionInfo;
      source.resetStats();
      const start = performance.now();
      const tokens = await source.enumerateCollection(info);
      const stats = source.getStats();
      return {
        tokens,
        seconds: seconds(start),
        rpcCalls: stats.rpcCalls,
        getLogsCalls: stats.byMethod.eth_getLogs ?? 0,
        getCodeCalls: stats.byMethod.eth_getCode ?? 0,
      };
    };
    const indexOn = await run({ index: reader });
    const indexOff = await run({});
    const indexOffNoHistory = await run({ deploymentSearchThreshold: Number.MAX_SAFE_INTEGER });
    const ids = (refs: TokenRef[]) => refs.map((ref) => `${ref.tokenId}:${ref.tokenUri}`).join('\n');
    if (
      ids(indexOn.tokens) !== ids(indexOff.tokens) ||
      ids(indexOn.tokens) !== ids(indexOffNoHistory.tokens)
    ) {
      throw new Error(`${collection.name}: the index and the node enumerate different tokens`);
    }
    if (indexOn.tokens.length !== collection.totalSupply) {
      throw new Error(
        `${collection.name}: ${indexOn.tokens.length} tokens, the manifest says ${collection.totalSupply}`,
      );
    }
    const figures = ({ tokens: _, ...rest }: typeof indexOn) => rest;
    enumerations.push({
      collection: collection.name,
      tokens: indexOn.tokens.length,
      indexOn: figures(indexOn),
      indexOff: figures(indexOff),
      indexOffNoHistoricalState: figures(indexOffNoHistory),
    });
  }

  // Names of every contract the index has seen, read once; then found by discovery.
  const naming = new RpcNftSource({ cronos: limits }, {});
  const namingStart = performance.now();
  const named = await new ContractNamer(new IndexedContractsRepository(orm.em), naming).name('cronos', {
    limit: 1_000_000,
    budgetMs: 60 * 60_000,
  });
  const namingSeconds = seconds(namingStart);
  const discovery = new DiscoveryRepository(orm.em);
  const unscanned = devchain.manifest.collections.filter((c) => c.network === 'cronos');
  const discovered = [];
  for (const collection of unscanned) {
    const found = await discovery.search(collection.name, 8);
    if (!found.some((c) => c.contractAddress === collection.address)) {
      throw new Error(`discovery does not find ${collection.name}`);
    }
    discovered.push(collection.name);
  }

  const result = {
    world: WORLD,
    history: { headBlock: Number(pass.cursor.head), genesisBlock: cronos.genesisBlock ?? 0 },
    publicNode: cronos.publicNode,
    backfill: {
      seconds: backfillSeconds,
      blocks,
      blocksPerSecond: Math.round(blocks / backfillSeconds),
      logs,
      logsPerSecond: Math.round((logs / backfillSeconds) * 10) / 10,
      transfers: pass.cursor.transfers,
      rpcCalls: backfillStats.rpcCalls,
      getLogsCalls: backfillStats.byMethod.eth_getLogs ?? 0,
      rangeSplits: backfillStats.rangeSplits,
      retries: backfillStats.retries,
      learnedSpan: Number(indexing.transferFeed('cronos').learnedSpan ?? 0),
    },
    walletScan: {
      wallet: collector.address,
      tokens: held(withIndex).length,
      indexCaughtUpSeconds: Math.min(...withIndexRuns),
      indexCaughtUpRuns: withIndexRuns,
      indexCaughtUpRpcCalls: withIndexCalls,
      indexOffSeconds: withoutSeconds,
      indexOffRpcCalls: without.getStats().rpcCalls,
      indexOffGetLogsCalls: without.getStats().byMethod.eth_getLogs ?? 0,
    },
    enumerations,
    naming: {
      contracts: named,
      seconds: namingSeconds,
      rpcCalls: naming.getStats().rpcCalls,
      discovered,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  await orm.close(true);
  await devchain.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
