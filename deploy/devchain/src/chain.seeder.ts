import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeFunctionResult,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  http,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
} from 'viem';
import { BLOCK_GAS_LIMIT, MULTICALL3_ADDRESS, type Network } from './networks.config.js';
import {
  consecutiveBatches,
  type CollectionPlan,
  type DeployerTx,
  type HolderOp,
  type NetworkPlan,
} from './seed.plan.js';
import type { ArtifactSet, ContractArtifact } from './solidity.compiler.js';
import { minedReceipt } from './mined-receipt.js';

export function devChain(network: Network, chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `Nexus dev ${network}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
}

export interface SeedClients {
  public: PublicClient;
  wallet: ReturnType<typeof createWalletClient>;
  test: ReturnType<typeof createTestClient>;
}

export function clients(plan: Pick<NetworkPlan, 'network' | 'chainId'>, rpcUrl: string): SeedClients {
  const chain = devChain(plan.network, plan.chainId, rpcUrl);
  // JSON-RPC batching turns the receipt checks and code reads into a handful of HTTP requests.
  const transport = http(rpcUrl, { batch: { batchSize: 200 }, retryCount: 2, timeout: 60_000 });
  return {
    public: createPublicClient({ chain, transport, pollingInterval: 50 }),
    wallet: createWalletClient({ chain, transport, pollingInterval: 50 }),
    test: createTestClient({ chain, transport, mode: 'anvil', pollingInterval: 50 }),
  };
}

export function artifactOf(artifacts: ArtifactSet, name: string): ContractArtifact {
  const artifact = artifacts.contracts[name];
  if (!artifact) throw new Error(`no compiled contract ${name}`);
  return artifact;
}

/** Gas per transaction: explicit, so anvil never estimates (an estimate re-runs the whole batch). */
function gasOf(tx: DeployerTx): bigint {
  switch (tx.kind) {
    case 'deploy':
      // EIP-2309 batches minted at construction: about 50,000 gas each (a million tokens: 200).
      return tx.collection.generated
        ? 6_000_000n + BigInt(tx.collection.generated.batches.length) * 100_000n
        : 6_000_000n;
    case 'mint721':
      return 400_000n + BigInt(tx.recipients.length) * 200_000n;
    case 'mint1155':
      return 400_000n + BigInt(tx.mints.length) * 120_000n;
    case 'owner':
      return 2_000_000n;
  }
}

function encodeDeployerTx(
  tx: DeployerTx,
  artifacts: ArtifactSet,
  deployer: Address,
): { to: Address | null; data: Hex } {
  const { abi, bytecode } = artifactOf(artifacts, tx.collection.contract);
  switch (tx.kind) {
    case 'deploy': {
      const args: unknown[] = [tx.collection.name, tx.collection.symbol, tx.collection.tokenUri, deployer];
      if (tx.collection.contract === 'NexusConsecutive721') {
        const batches = consecutiveBatches(tx.collection);
        args.push(
          batches.map((batch) => batch.to),
          batches.map((batch) => BigInt(batch.size)),
        );
      }
      return { to: null, data: encodeDeployData({ abi, bytecode, args }) };
    }
    case 'mint721':
      return {
        to: tx.collection.address,
        data: encodeFunctionData({
          abi,
          functionName: 'mintBatch',
          args: [tx.recipients, BigInt(tx.firstId)],
        }),
      };
    case 'mint1155':
      return {
        to: tx.collection.address,
        data: encodeFunctionData({
          abi,
          functionName: 'mintMany',
          args: [
            tx.mints.map((mint) => mint.to),
            tx.mints.map((mint) => BigInt(mint.tokenId)),
            tx.mints.map((mint) => BigInt(mint.amount)),
          ],
        }),
      };
    case 'owner':
      return {
        to: tx.collection.address,
        data:
          tx.op.kind === 'uriReverts'
            ? encodeFunctionData({
                abi,
                functionName: 'setTokenUriReverts',
                args: [BigInt(tx.op.tokenId), true],
              })
            : encodeFunctionData({
                abi,
                functionName: 'setTokenUriOverride',
                args: [BigInt(tx.op.tokenId), tx.op.uri],
              }),
      };
  }
}

function encodeHolderOp(collection: CollectionPlan, op: HolderOp, artifacts: ArtifactSet): Hex {
  const { abi } = artifactOf(artifacts, collection.contract);
  const id = BigInt(op.tokenId);
  if (collection.standard === 'ERC-1155') {
    return op.kind === 'burn'
      ? encodeFunctionData({ abi, functionName: 'burn', args: [op.from, id, BigInt(op.amount)] })
      : encodeFunctionData({
          abi,
          functionName: 'safeTransferFrom',
          args: [op.from, op.to, id, BigInt(op.amount), '0x'],
        });
  }
  return op.kind === 'burn'
    ? encodeFunctionData({ abi, functionName: 'burn', args: [id] })
    : encodeFunctionData({ abi, functionName: 'transferFrom', args: [op.from, op.to, id] });
}

export async function waitForReceipts(seed: SeedClients, hashes: Hex[], what: string): Promise<void> {
  if (hashes.length === 0) return;
  // Automine includes each transaction as it arrives: once the last one is in, all are.
  await minedReceipt(seed.public, hashes[hashes.length - 1]!);
  const receipts = await Promise.all(hashes.map((hash) => seed.public.getTransactionReceipt({ hash })));
  const failed = receipts.findIndex((receipt) => receipt.status !== 'success');
  if (failed >= 0) throw new Error(`${what}: transaction ${hashes[failed]} reverted`);
}

export type NetworkState = { state: 'empty' } | { state: 'complete' } | { state: 'mismatch'; reason: string };

/** A token whose tokenURI is the plain prefix + id: the reuse check reads it back. */
function plainToken(collection: CollectionPlan): number {
  if (collection.generated) return collection.generated.firstId;
  const special = new Set([
    ...collection.ownerOps.map((op) => op.tokenId),
    ...collection.holderOps.filter((op) => op.kind === 'burn').map((op) => op.tokenId),
  ]);
  return collection.tokens.find((token) => !special.has(token.tokenId))!.tokenId;
}

/**
 * What a running node holds compared with the plan: nothing yet, the complete seed (same runtime
 * code at the same addresses, every planned transaction sent, same token URIs), or something else.
 */
export async function inspectNetwork(
  plan: NetworkPlan,
  rpcUrl: string,
  artifacts: ArtifactSet,
): Promise<NetworkState> {
  const seed = clients(plan, rpcUrl);
  const expected: Array<[Address, Hex]> = [
    [MULTICALL3_ADDRESS, artifactOf(artifacts, 'NexusMulticall3').deployedBytecode],
    ...plan.collections.map((collection): [Address, Hex] => [
      collection.address,
      artifactOf(artifacts, collection.contract).deployedBytecode,
    ]),
  ];
  const [codes, nonce] = await Promise.all([
    Promise.all(expected.map(([address]) => seed.public.getCode({ address }))),
    seed.public.getTransactionCount({ address: plan.deployer }),
  ]);
  const deployed = codes.filter((code) => code !== undefined && code !== '0x').length;
  if (deployed === 0 && nonce === 0) return { state: 'empty' };
  for (let index = 0; index < expected.length; index++) {
    if (codes[index]?.toLowerCase() !== expected[index]![1].toLowerCase()) {
      return { state: 'mismatch', reason: `no or different code at ${expected[index]![0]}` };
    }
  }
  if (nonce !== plan.deployerTxs.length) {
    return {
      state: 'mismatch',
      reason: `deployer sent ${nonce} transactions, the seed sends ${plan.deployerTxs.length}`,
    };
  }
  const holderCounts = new Map<Address, number>();
  for (const { op } of plan.holderTxs) holderCounts.set(op.from, (holderCounts.get(op.from) ?? 0) + 1);
  for (const [holder, count] of holderCounts) {
    if ((await seed.public.getTransactionCount({ address: holder })) < count) {
      return { state: 'mismatch', reason: `demo wallet ${holder} has not sent its ${count} transactions` };
    }
  }
  for (const collection of plan.collections) {
    const { abi } = artifactOf(artifacts, collection.contract);
    const tokenId = plainToken(collection);
    const erc1155 = collection.standard === 'ERC-1155';
    const functionName = erc1155 ? 'uri' : 'tokenURI';
    const { data } = await seed.public.call({
      to: collection.address,
      data: encodeFunctionData({ abi, functionName, args: [BigInt(tokenId)] }),
    });
    const uri = data ? decodeFunctionResult({ abi, functionName, data }) : null;
    const wanted = erc1155 ? collection.tokenUri : `${collection.tokenUri}${tokenId}`;
    if (uri !== wanted)
      return { state: 'mismatch', reason: `${collection.name} token ${tokenId} has URI ${String(uri)}` };
  }
  return { state: 'complete' };
}

/**
 * Runs the plan on an empty node: installs the aggregator, deploys, mints in big batches with
 * explicit nonces (no per-transaction round trip for nonce or gas), then the demo wallets'
 * transfers and burns. Anvil accounts are unlocked, so eth_sendTransaction needs no signing here.
 */
export async function seedNetwork(
  plan: NetworkPlan,
  rpcUrl: string,
  artifacts: ArtifactSet,
  log?: (line: string) => void,
  /** Empty blocks mined before each demo wallet transaction: the transfers spread over the history. */
  spreadBlocks = 0,
): Promise<void> {
  const started = Date.now();
  const seed = clients(plan, rpcUrl);
  // Our anvils start with this limit already; an anvil someone else started may have 30 M.
  await seed.test.setBlockGasLimit({ gasLimit: BLOCK_GAS_LIMIT });
  await seed.test.setCode({
    address: MULTICALL3_ADDRESS,
    bytecode: artifactOf(artifacts, 'NexusMulticall3').deployedBytecode,
  });

  const deployerHashes: Hex[] = [];
  for (const [nonce, tx] of plan.deployerTxs.entries()) {
    const { to, data } = encodeDeployerTx(tx, artifacts, plan.deployer);
    deployerHashes.push(
      await seed.wallet.sendTransaction({
        account: plan.deployer,
        chain: null,
        to,
        data,
        gas: gasOf(tx),
        nonce,
      }),
    );
  }
  await waitForReceipts(seed, deployerHashes, `seeding ${plan.network}`);

  const nonces = new Map<Address, number>();
  const holderHashes: Hex[] = [];
  for (const { collection, op } of plan.holderTxs) {
    if (spreadBlocks > 0) {
      // One at a time, each after its gap: the gap must come between the transactions.
      await waitForReceipts(seed, holderHashes.slice(-1), `demo wallet transactions on ${plan.network}`);
      await seed.test.mine({ blocks: spreadBlocks });
    }
    const nonce =
      nonces.get(op.from) ??
      (await seed.public.getTransactionCount({ address: op.from, blockTag: 'pending' }));
    nonces.set(op.from, nonce + 1);
    holderHashes.push(
      await seed.wallet.sendTransaction({
        account: op.from,
        chain: null,
        to: collection.address,
        data: encodeHolderOp(collection, op, artifacts),
        gas: 500_000n,
        nonce,
      }),
    );
  }
  await waitForReceipts(seed, holderHashes, `demo wallet transactions on ${plan.network}`);
  const tokens = plan.collections.reduce(
    (sum, collection) => sum + (collection.generated?.count ?? collection.mints.length),
    0,
  );
  log?.(
    `${plan.network}: deployed ${plan.collections.length} collections, minted ${tokens} lots in ` +
      `${plan.deployerTxs.length + plan.holderTxs.length} transactions (${Date.now() - started} ms)`,
  );
}
