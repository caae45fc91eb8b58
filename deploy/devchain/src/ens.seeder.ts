import { encodeDeployData, encodeFunctionData, type Address, type Hex } from 'viem';
import { artifactOf, clients, waitForReceipts, type NetworkState } from './chain.seeder.js';
import type { EnsPlan, EnsTx } from './ens.plan.js';
import type { NetworkPlan } from './seed.plan.js';
import type { ArtifactSet } from './solidity.compiler.js';

function encodeEnsTx(tx: EnsTx, artifacts: ArtifactSet): { to: Address | null; data: Hex } {
  const { abi, bytecode } = artifactOf(artifacts, tx.contract);
  if (tx.kind === 'deploy') return { to: null, data: encodeDeployData({ abi, bytecode, args: tx.args }) };
  return { to: tx.to, data: encodeFunctionData({ abi, functionName: tx.functionName, args: tx.args }) };
}

/**
 * What a running ethereum node holds of the ENS plan: nothing yet, all of it (same runtime code at
 * the same addresses, every transaction of the ENS deployer sent, each name resolving to its
 * wallet), or something else.
 */
export async function inspectEns(
  plan: Pick<NetworkPlan, 'network' | 'chainId'>,
  ens: EnsPlan,
  rpcUrl: string,
  artifacts: ArtifactSet,
): Promise<NetworkState> {
  const seed = clients(plan, rpcUrl);
  const expected = ens.txs.flatMap((tx): Array<[Address, Hex]> =>
    tx.kind === 'deploy' ? [[tx.address, artifactOf(artifacts, tx.contract).deployedBytecode]] : [],
  );
  const [codes, nonce] = await Promise.all([
    Promise.all(expected.map(([address]) => seed.public.getCode({ address }))),
    seed.public.getTransactionCount({ address: ens.deployer }),
  ]);
  const deployed = codes.filter((code) => code !== undefined && code !== '0x').length;
  if (deployed === 0 && nonce === 0) return { state: 'empty' };
  for (const [index, [address, code]] of expected.entries()) {
    if (codes[index]?.toLowerCase() !== code.toLowerCase()) {
      return { state: 'mismatch', reason: `no or different ENS code at ${address}` };
    }
  }
  if (nonce !== ens.txs.length) {
    return {
      state: 'mismatch',
      reason: `ENS deployer sent ${nonce} transactions, the seed sends ${ens.txs.length}`,
    };
  }
  const { abi } = artifactOf(artifacts, 'NexusEnsPublicResolver');
  const answers = await Promise.all(
    ens.names.map((entry) =>
      seed.public.readContract({
        address: ens.publicResolver,
        abi,
        functionName: 'addr',
        args: [entry.node],
      }),
    ),
  );
  for (const [index, entry] of ens.names.entries()) {
    const answer = answers[index];
    if (typeof answer !== 'string' || answer.toLowerCase() !== entry.address) {
      return {
        state: 'mismatch',
        reason: `${entry.name} resolves to ${String(answer)}, not ${entry.address}`,
      };
    }
  }
  // The gateway URL names the gateway's port: a node seeded for another port sends clients elsewhere.
  const url = await seed.public.readContract({
    address: ens.offchainResolver,
    abi: artifactOf(artifacts, 'NexusEnsOffchainResolver').abi,
    functionName: 'url',
  });
  if (url !== ens.gatewayUrl) {
    return {
      state: 'mismatch',
      reason: `the offchain resolver's gateway is ${String(url)}, not ${ens.gatewayUrl}`,
    };
  }
  return { state: 'complete' };
}

/**
 * Sends the ENS plan from its own deployer with explicit nonces: it never touches the nonces of the
 * collections' deployer, so it may run alongside their seeding.
 */
export async function seedEns(
  plan: Pick<NetworkPlan, 'network' | 'chainId'>,
  ens: EnsPlan,
  rpcUrl: string,
  artifacts: ArtifactSet,
  log?: (line: string) => void,
): Promise<void> {
  const started = Date.now();
  const seed = clients(plan, rpcUrl);
  const hashes: Hex[] = [];
  for (const [nonce, tx] of ens.txs.entries()) {
    const { to, data } = encodeEnsTx(tx, artifacts);
    hashes.push(
      await seed.wallet.sendTransaction({
        account: ens.deployer,
        chain: null,
        to,
        data,
        gas: tx.kind === 'deploy' ? 5_000_000n : 300_000n,
        nonce,
      }),
    );
  }
  await waitForReceipts(seed, hashes, `ENS on ${plan.network}`);
  log?.(
    `${plan.network}: ENS registry, resolvers and ${ens.names.length} names ` +
      `(${ens.names.map((entry) => entry.name).join(', ')}), ${ens.offchainNames.length} offchain and ` +
      `${ens.wildcardNames.length} wildcard names, ${ens.reverse.length} reverse records ` +
      `in ${ens.txs.length} transactions ` +
      `(${Date.now() - started} ms)`,
  );
}

/** Brings ENS on a node to the plan: seeds it on a fresh node, checks a running one first. */
export async function ensureEns(
  plan: Pick<NetworkPlan, 'network' | 'chainId'>,
  ens: EnsPlan,
  rpcUrl: string,
  artifacts: ArtifactSet,
  options: { fresh: boolean; log?: (line: string) => void },
): Promise<void> {
  if (!options.fresh) {
    const state = await inspectEns(plan, ens, rpcUrl, artifacts);
    if (state.state === 'complete') return;
    if (state.state === 'mismatch') {
      throw new Error(
        `${plan.network}: the node at ${rpcUrl} holds something else (${state.reason}); ` +
          'stop it or choose other ports',
      );
    }
    options.log?.(`${plan.network}: no ENS on the node at ${rpcUrl} yet: adding it`);
  }
  await seedEns(plan, ens, rpcUrl, artifacts, options.log);
}
