import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from 'viem';
import { readTestManifest } from './system.js';
import { testArtifactsDir } from '../slots.mjs';
import { TEST_ROOT } from './test-env.js';
import { minedReceipt } from '../../deploy/devchain/src/mined-receipt.js';

export type TestChainNetwork = 'ethereum' | 'polygon' | 'cronos';

interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

let plain721: Artifact | null = null;

/** NexusPlain721 as the global setup compiled it for the test chains. */
function plain721Artifact(): Artifact {
  if (plain721) return plain721;
  const dir = testArtifactsDir(TEST_ROOT);
  // The newest set: an older one may stay from sources since changed.
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => statSync(resolve(dir, b)).mtimeMs - statSync(resolve(dir, a)).mtimeMs)[0];
  if (!file) throw new Error(`no compiled contracts in ${dir}: the global setup starts the test chains`);
  const set = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as { contracts: Record<string, Artifact> };
  plain721 = set.contracts.NexusPlain721!;
  return plain721;
}

/** The RPC URLs of the test chains, for an API started by a test (an isolated API has none). */
export function testChainEnv(): Record<string, string> {
  const { networks } = readTestManifest();
  return {
    ETHEREUM_RPC_URL: networks.ethereum!.rpcUrl,
    POLYGON_RPC_URL: networks.polygon!.rpcUrl,
    CRONOS_RPC_URL: networks.cronos!.rpcUrl,
  };
}

/** A test chain's transport and client. */
function testChain(network: TestChainNetwork) {
  const transport = http(readTestManifest().networks[network]!.rpcUrl);
  return { transport, chain: createPublicClient({ transport, pollingInterval: 50 }) };
}

/** An address of its own, nobody else's (a fresh sender, a fresh holder). */
function freshAddress(): Address {
  return `0x${randomBytes(20).toString('hex')}`;
}

/** Anvil lends any address: impersonated and funded, it sends without a key. */
async function lend(chain: ReturnType<typeof testChain>['chain'], address: Address): Promise<void> {
  await chain.request({ method: 'anvil_impersonateAccount' as never, params: [address] as never });
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [address, '0x56bc75e2d63100000'] as never,
  });
}

/** Calls `functionName` of a NexusPlain721 as `sender` and waits until it is mined. */
async function sendAs(
  network: TestChainNetwork,
  sender: Address,
  address: Address,
  functionName: string,
  args: unknown[],
): Promise<void> {
  const { transport, chain } = testChain(network);
  await lend(chain, sender);
  const hash = await createWalletClient({ account: sender, transport }).writeContract({
    address,
    abi: plain721Artifact().abi,
    functionName,
    args,
    account: sender,
    chain: null,
  });
  await minedReceipt(chain, hash);
}

async function deployFrom(
  from: Address,
  network: TestChainNetwork,
  name: string,
  holders: readonly string[],
): Promise<string> {
  const { abi, bytecode } = plain721Artifact();
  const { transport, chain } = testChain(network);
  await lend(chain, from);
  const hash = await createWalletClient({ account: from, transport }).deployContract({
    abi,
    bytecode,
    args: [name, 'TEST', 'ipfs://test/', from],
    account: from,
    chain: null,
  });
  const receipt = await minedReceipt(chain, hash);
  if (!receipt.contractAddress) throw new Error(`deployment of ${name} on ${network} made no contract`);
  if (holders.length > 0) await sendAs(network, from, receipt.contractAddress, 'mintBatch', [holders, 1n]);
  return receipt.contractAddress.toLowerCase();
}

/**
 * A new ERC-721 collection (OpenZeppelin, no tokens) on the test chains, at one address on each
 * network given (a fresh sender's first deployment): a real collection nobody else submitted
 * (a submission is one per contract and network).
 */
export async function deployTestCollection(
  networks: TestChainNetwork | TestChainNetwork[] = 'polygon',
  name = 'Test Collection',
  /** One token (ids from 1) minted to each, so that the chain's transfer logs show the contract. */
  holders: readonly string[] = [],
): Promise<string> {
  const from = freshAddress();
  const addresses = await Promise.all(
    (Array.isArray(networks) ? networks : [networks]).map((network) =>
      deployFrom(from, network, name, holders),
    ),
  );
  return addresses[0]!;
}

/**
 * A new ERC-721 on a test chain whose tokens 1..n carry the given traits (each token's metadata a
 * `data:` URI, held by an address of its own), and a way to burn one of them.
 */
export async function deployTraitCollection(
  network: TestChainNetwork,
  name: string,
  traits: ReadonlyArray<ReadonlyArray<{ trait_type: string; value: string | number }>>,
): Promise<{ address: string; burn: (tokenId: number) => Promise<void> }> {
  const from = freshAddress();
  const holders = traits.map(() => freshAddress());
  const address = (await deployFrom(from, network, name, holders)) as Address;
  for (const [i, attributes] of traits.entries()) {
    const json = JSON.stringify({ name: `${name} #${i + 1}`, attributes });
    const uri = `data:application/json;base64,${Buffer.from(json).toString('base64')}`;
    await sendAs(network, from, address, 'setTokenUriOverride', [BigInt(i + 1), uri]);
  }
  return {
    address,
    burn: (tokenId) => sendAs(network, holders[tokenId - 1]!, address, 'burn', [BigInt(tokenId)]),
  };
}

/** Mines `count` empty blocks on a test chain (what a transfer needs to be confirmed for the index). */
export async function mineTestBlocks(network: TestChainNetwork, count: number): Promise<void> {
  const chain = createPublicClient({ transport: http(readTestManifest().networks[network]!.rpcUrl) });
  await chain.request({ method: 'anvil_mine' as never, params: [`0x${count.toString(16)}`] as never });
}
