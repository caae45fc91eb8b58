import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NftsResponse } from '@nexus/contract';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { startAnvil, type AnvilNode } from '../../../deploy/devchain/src/anvil.process.js';
import { artifactOf, devChain } from '../../../deploy/devchain/src/chain.seeder.js';
import { ANVIL_ACCOUNTS, MULTICALL3_ADDRESS } from '../../../deploy/devchain/src/networks.config.js';
import { compileContracts, type ArtifactSet } from '../../../deploy/devchain/src/solidity.compiler.js';
import { dropDatabase, freshDatabase } from '../../support/fresh-database.js';
import { postNfts, startSystem, type NftsRequest, type RunningSystem } from '../../support/system.js';
import { TEST_PORT_OFFSET, testPrefix } from '../../support/test-env.js';
import { minedReceipt } from '../../../deploy/devchain/src/mined-receipt.js';

/**
 * Ports of the fault suite, apart from the normal suites' (NEXUS_TEST_SLOT shifts them by 100 each):
 * the API from FAULT_PORTS.api, a private Redis, one anvil.
 */
export const FAULT_PORTS = {
  api: 3290 + TEST_PORT_OFFSET,
  redis: 18590 + TEST_PORT_OFFSET,
  anvil: 18591 + TEST_PORT_OFFSET,
};

/**
 * A node URL nothing listens on, for the networks a scenario does not read: the fault chain is
 * ethereum's (chain id 1), which the API refuses at start for another network, while a node that
 * does not answer is only logged.
 */
export const CLOSED_PORT = 'http://127.0.0.1:9/';

/** Shared with the RPC adapter's tests: compiling is not what is under test. */
const ARTIFACTS_DIR = join(tmpdir(), 'nexus-devchain-artifacts');

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/** A Redis of the suite's own (no persistence), so faults never touch the machine's Redis. */
export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server not ready:\n${output}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return { url: `redis://127.0.0.1:${port}/0`, stop: () => stopChild(child) };
}

/** One anvil standing in for every network (chain id 1), with Multicall3 where viem looks for it. */
export interface FaultChain {
  url: string;
  artifacts: ArtifactSet;
  anvil: AnvilNode;
}

export async function startFaultChain(port: number): Promise<FaultChain> {
  const anvil = await startAnvil({ port, chainId: 1 });
  const artifacts = await compileContracts({ artifactsDir: ARTIFACTS_DIR, log: () => undefined });
  const chain = devChain('ethereum', 1, anvil.url);
  const client = createPublicClient({ chain, transport: http(anvil.url) });
  await client.request({
    method: 'anvil_setCode' as never,
    params: [MULTICALL3_ADDRESS, artifactOf(artifacts, 'NexusMulticall3').deployedBytecode] as never,
  });
  return { url: anvil.url, artifacts, anvil };
}

/** The wallet every deployed collection mints to (anvil account 5). */
export const HOLDER = ANVIL_ACCOUNTS[5]!;

/**
 * Deploys an ERC-721 (enumerable by default; `plain`: found through its logs only) whose token URIs
 * are `<baseUri><id>`, and mints ids 1..count to HOLDER, in batches. Answers the lower-case address.
 */
export async function deployCollection(
  chain: FaultChain,
  options: { name: string; symbol: string; baseUri: string; count: number; plain?: boolean },
): Promise<string> {
  const artifact = artifactOf(chain.artifacts, options.plain ? 'NexusPlain721' : 'NexusEnumerable721');
  const viemChain = devChain('ethereum', 1, chain.url);
  const transport = http(chain.url, { timeout: 60_000 });
  const wallet = createWalletClient({ chain: viemChain, transport });
  const client = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const deployer = ANVIL_ACCOUNTS[4]!;
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    account: deployer,
    args: [options.name, options.symbol, options.baseUri, deployer],
    gas: 10_000_000n,
  });
  const receipt = await minedReceipt(client, hash);
  const address = receipt.contractAddress!.toLowerCase() as Address;
  const holder = HOLDER;
  for (let first = 1; first <= options.count; first += 250) {
    const size = Math.min(250, options.count - first + 1);
    const mint = await wallet.writeContract({
      address,
      abi: artifact.abi,
      functionName: 'mintBatch',
      args: [Array<Address>(size).fill(holder), BigInt(first)],
      account: deployer,
      chain: viemChain,
      gas: 200_000_000n,
    });
    const minted = await minedReceipt(client, mint);
    if (minted.status !== 'success') throw new Error(`minting ${first}..${first + size - 1} failed`);
  }
  return address;
}

/**
 * Deploys a NexusHostSpread721 (EIP-2309 batches of at most 5,000 at construction, ids from 0, to
 * HOLDER) whose token URIs are `<baseUris[id % baseUris.length]><id>`. Answers the lower-case address.
 */
export async function deploySpreadCollection(
  chain: FaultChain,
  options: { name: string; symbol: string; baseUris: string[]; count: number },
): Promise<string> {
  const artifact = artifactOf(chain.artifacts, 'NexusHostSpread721');
  const viemChain = devChain('ethereum', 1, chain.url);
  const transport = http(chain.url, { timeout: 60_000 });
  const wallet = createWalletClient({ chain: viemChain, transport });
  const client = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const deployer = ANVIL_ACCOUNTS[4]!;
  const sizes: bigint[] = [];
  for (let left = options.count; left > 0; left -= 5_000) sizes.push(BigInt(Math.min(5_000, left)));
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    account: deployer,
    args: [options.name, options.symbol, options.baseUris, deployer, sizes.map(() => HOLDER), sizes],
    gas: 30_000_000n,
  });
  const receipt = await minedReceipt(client, hash);
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deployment failed');
  return receipt.contractAddress.toLowerCase();
}

export interface FaultSystem {
  system: RunningSystem;
  redis: PrivateRedis;
  /** The Redis key prefix of the system (Bull's keys are under `<prefix>:bull`). */
  prefix: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * The API and workers (startSystem) on a private Redis and a database of their own, reading every
 * network through `rpcUrls` (a faulty proxy, or the anvil itself).
 */
export async function startFaultSystem(options: {
  name: string;
  rpcUrls: { ethereum: string; polygon: string; cronos: string };
  workers?: number;
  env?: Record<string, string>;
}): Promise<FaultSystem> {
  const redis = await startPrivateRedis(FAULT_PORTS.redis);
  const databaseUrl = await freshDatabase(`faults_${options.name}`);
  const prefix = testPrefix(`faults-${options.name}`);
  try {
    const system = await startSystem({
      prefix,
      port: FAULT_PORTS.api,
      workers: options.workers ?? 1,
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        DEVCHAIN_MANIFEST: join(tmpdir(), 'nexus-faults-no-manifest.json'),
        ETHEREUM_RPC_URL: options.rpcUrls.ethereum,
        POLYGON_RPC_URL: options.rpcUrls.polygon,
        CRONOS_RPC_URL: options.rpcUrls.cronos,
        ...options.env,
      },
    });
    return {
      system,
      redis,
      prefix,
      databaseUrl,
      async stop() {
        await system.stop();
        await redis.stop();
        await dropDatabase(databaseUrl);
      },
    };
  } catch (error) {
    await redis.stop();
    await dropDatabase(databaseUrl);
    throw error;
  }
}

/**
 * POST /api/nfts, asked again (without forceRefresh, so it joins the running scan) while the scan
 * outlives the API's wait.
 */
export async function requestScan(
  url: string,
  request: NftsRequest,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: NftsResponse }> {
  let body = request;
  for (;;) {
    const res = await postNfts(url, body, headers);
    const answer = (await res.json()) as NftsResponse;
    if (res.status !== 202 && !answer.pending) return { status: res.status, body: answer };
    body = { ...request, forceRefresh: false };
  }
}

/** POST /api/nfts for a collection, until it answers. */
export function scanCollection(
  url: string,
  network: string,
  address: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: NftsResponse }> {
  return requestScan(url, { address, network, searchType: 'collection' }, headers);
}
