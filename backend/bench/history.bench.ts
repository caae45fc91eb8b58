/**
 * On-demand collection history benchmark (issue 24 §5): where a network's transfer index is off, a
 * scanned collection's transfers are read from its node. Measured through the dev world's public
 * node (cronos behind a front that allows 2,000 blocks per log query and 25 requests/s, a chain
 * whose history starts at block 1,000,000):
 *   - a 10,000-token collection deployed at the head, minted in batches and traded, its blocks
 *     spread by mining between transactions;
 *   - its history read from its deployment block (an archive node: the block found by bisecting
 *     eth_getCode), then read again from genesis (a pruned node that cannot say when it was
 *     deployed: every block of the chain asked, past 1,000,000);
 *   - each read checked against the node's own Transfer logs and owners (read without the front).
 *   npm run bench:history
 * Starts its own dev chains (cronos 19847, its public node 19848, gateway 19880) and uses the
 * database nexus_bench_history.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  parseAbiItem,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { ANVIL_ACCOUNTS } from '../../deploy/devchain/src/networks.config.js';
import { compileContracts } from '../../deploy/devchain/src/solidity.compiler.js';
import { rpcChain } from '../src/chain/rpc/rpc-chains.config.js';
import { RpcNftSource } from '../src/chain/rpc/rpc-nft.source.js';
import { executeBound } from '../src/platform/database/index.js';
import { migrate } from '../src/platform/database/migrate.js';
import { ormConfig } from '../src/platform/database/mikro-orm.config.js';
import { TransferIndexer, TransferIndexRepository } from '../src/transfer-index/index.js';
import { ENTITIES } from '../src/entities.js';
import { startDevWorld } from './dev-world.js';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/nexus_bench_history';
const TOKENS = Number(process.env.NEXUS_BENCH_HISTORY_TOKENS ?? 10_000);
const TRADES = Number(process.env.NEXUS_BENCH_HISTORY_TRADES ?? 500);
const MINT_BATCH = 500;
const CONFIRMATIONS = 2;
const NO_NODE = 'http://127.0.0.1:9/';

const erc721 = parseAbi([
  'function transferFrom(address from, address to, uint256 id)',
  'function mintIds(address[] recipients, uint256[] ids)',
]);
const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
);

function seconds(start: number): number {
  return Math.round(performance.now() - start) / 1000;
}

/** Deploys the collection on the node itself (no front), mints TOKENS and makes TRADES transfers. */
async function makeCollection(
  node: PublicClient,
  url: string,
  chainId: number,
): Promise<{ address: Address; deployedAt: bigint }> {
  const holders = ANVIL_ACCOUNTS.slice(0, 10) as Address[];
  const deployer = holders[9]!;
  const wallet = (account: Address) =>
    createWalletClient({ chain: rpcChain('cronos', chainId, url), transport: http(url), account });
  const mine = (blocks: number) =>
    node.request({ method: 'anvil_mine' as never, params: [`0x${blocks.toString(16)}`] as never });
  const { contracts } = await compileContracts({ artifactsDir: join(tmpdir(), 'nexus-devchain-artifacts') });
  const { abi, bytecode } = contracts['NexusPlain721']!;
  const deployed = await node.waitForTransactionReceipt({
    hash: await wallet(deployer).deployContract({
      abi,
      bytecode: bytecode as Hex,
      args: ['Bench History', 'HIST', 'ipfs://history/', deployer],
    }),
    pollingInterval: 10,
  });
  const address = deployed.contractAddress!.toLowerCase() as Address;
  const owner = (id: number) => holders[id % holders.length]!;
  for (let first = 1; first <= TOKENS; first += MINT_BATCH) {
    const ids = Array.from({ length: Math.min(MINT_BATCH, TOKENS - first + 1) }, (_, i) => first + i);
    const hash = await wallet(deployer).writeContract({
      address,
      abi: erc721,
      functionName: 'mintIds',
      args: [ids.map(owner), ids.map(BigInt)],
      gas: 30_000_000n,
    });
    await node.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    await mine(50);
  }
  const held = new Map<number, Address>();
  for (let id = 1; id <= TOKENS; id++) held.set(id, owner(id));
  for (let trade = 0; trade < TRADES; trade++) {
    const id = 1 + ((trade * 7_919) % TOKENS);
    const from = held.get(id)!;
    const to = holders[(holders.indexOf(from) + 1 + (trade % 9)) % holders.length]!;
    const hash = await wallet(from).writeContract({
      address,
      abi: erc721,
      functionName: 'transferFrom',
      args: [from, to, BigInt(id)],
    });
    await node.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    held.set(id, to);
    if (trade % 50 === 49) await mine(20);
  }
  await mine(CONFIRMATIONS + 1);
  return { address, deployedAt: deployed.blockNumber };
}

async function main(): Promise<void> {
  const started = performance.now();
  const world = await startDevWorld('bench-history', {
    DEVCHAIN_CRONOS_PORT: '19847',
    DEVCHAIN_PUBLIC_NODE_PORT: '19848',
    DEVCHAIN_GATEWAY_PORT: '19880',
    NEXUS_DEVWORLD_SCALE: 'full',
    ETHEREUM_RPC_URL: NO_NODE,
    POLYGON_RPC_URL: NO_NODE,
  });
  try {
    const cronos = world.manifest.networks.cronos;
    if (!cronos.publicNode || !cronos.nodeUrl) throw new Error('the dev world has no public node');
    console.log(`dev chains ready in ${seconds(started)} s; public node ${cronos.rpcUrl}`);
    const node = createPublicClient({
      chain: rpcChain('cronos', cronos.chainId, cronos.nodeUrl),
      transport: http(cronos.nodeUrl),
    });
    const making = performance.now();
    const { address, deployedAt } = await makeCollection(node, cronos.nodeUrl, cronos.chainId);
    const head = await node.getBlockNumber();
    const logs = await node.getLogs({ address, event: TRANSFER, fromBlock: 0n, toBlock: head });
    const owners = new Map<string, string>();
    for (const log of logs) owners.set(log.args.tokenId!.toString(), log.args.to!.toLowerCase());
    console.log(
      `collection ${address}: ${TOKENS.toLocaleString('en')} tokens, ${logs.length.toLocaleString('en')} Transfer logs, ` +
        `deployed at block ${deployedAt.toLocaleString('en')}, head ${head.toLocaleString('en')} (made in ${seconds(making)} s)`,
    );

    await migrate(databaseUrl, ENTITIES);
    const orm = await MikroORM.init({ ...ormConfig(databaseUrl, ENTITIES), logger: () => undefined });
    try {
      const repository = new TransferIndexRepository(orm.em);
      const scope = { network: 'cronos' as const, contract: address };
      const rows: string[] = [];
      for (const [label, archive] of [
        ['from its deployment block (archive node)', true],
        ['from genesis (pruned node: no deployment block)', false],
      ] as const) {
        await repository.drop(scope);
        const source = new RpcNftSource(
          {
            cronos: {
              chainId: cronos.chainId,
              rpcUrl: cronos.rpcUrl,
              requestsPerSecond: cronos.publicNode.requestsPerSecond,
            },
          },
          {},
        );
        const start = performance.now();
        const fromBlock = archive ? await source.deploymentBlock('cronos', address) : 0n;
        const indexer = new TransferIndexer(repository, { budgetMs: 10 * 60_000 });
        let pass = await indexer.pass(scope, source.transferFeed('cronos').ofContract(address), {
          fromBlock,
          confirmations: CONFIRMATIONS,
        });
        while (pass.cursor.caughtUpAt === null) {
          pass = await indexer.pass(scope, source.transferFeed('cronos').ofContract(address), {
            fromBlock,
            confirmations: CONFIRMATIONS,
          });
        }
        const took = seconds(start);
        const stats = source.getStats();
        const em = orm.em.fork();
        const [stored] = await executeBound<{ n: number }>(
          em,
          `select count(*)::int as n from nft_transfer where network = 'cronos' and contract = $1`,
          [address],
        );
        const storedOwners = await executeBound<{ token_id: string; owner: string }>(
          em,
          `select token_id::text, owner from nft_owner where network = 'cronos' and contract = $1`,
          [address],
        );
        const wrong = storedOwners.filter((row) => owners.get(row.token_id) !== row.owner).length;
        if (stored!.n !== logs.length || storedOwners.length !== owners.size || wrong > 0) {
          throw new Error(
            `${label}: ${stored!.n} transfers and ${storedOwners.length} owners stored (${wrong} wrong), ` +
              `the node has ${logs.length} logs and ${owners.size} tokens`,
          );
        }
        const blocks = pass.cursor.indexedTo - fromBlock + 1n;
        rows.push(
          `${label}: from block ${fromBlock.toLocaleString('en')}, ${blocks.toLocaleString('en')} blocks in ${took} s, ${stats.rpcCalls.toLocaleString('en')} RPC calls ` +
            `(${Math.round(stats.rpcCalls / took)}/s), learnt span ${String(source.transferFeed('cronos').learnedSpan ?? 'none')}; ` +
            `${stored!.n.toLocaleString('en')} transfers and ${storedOwners.length.toLocaleString('en')} owners equal to the node's`,
        );
        console.log(rows[rows.length - 1]);
      }
      console.log(`\nhistory of a ${TOKENS.toLocaleString('en')}-token collection on cronos:`);
      for (const row of rows) console.log(`  ${row}`);
    } finally {
      await orm.close();
    }
  } finally {
    await world.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
