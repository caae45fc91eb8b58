import { createPublicClient, createWalletClient, getContractAddress, http, type Address } from 'viem';
import { artifactOf, devChain } from './chain.seeder.js';
import type { MessyMetadataServer } from './messy-metadata.server.js';
import { ANVIL_ACCOUNTS, type Network } from './networks.config.js';
import type { ArtifactSet } from './solidity.compiler.js';
import { minedReceipt } from './mined-receipt.js';

/** The network of Nexus Wilds, the dev world's collection with mainnet's metadata mess. */
export const WILDS_NETWORK: Network = 'ethereum';

/**
 * Deployer of Nexus Wilds: an account of its own (its first nonce gives the address on every
 * start), so the collections and ENS keep their deployers' nonces.
 */
export const WILDS_DEPLOYER: Address = ANVIL_ACCOUNTS[8]!;

/** Holder of every Wilds token: not a demo wallet, whose views stay as they are. */
export const WILDS_HOLDER: Address = ANVIL_ACCOUNTS[9]!;

/** ERC721Consecutive mints at most this many tokens per batch. */
const MAX_BATCH = 5_000;

export function wildsAddress(): Address {
  return getContractAddress({ from: WILDS_DEPLOYER, nonce: 0n }).toLowerCase() as Address;
}

/**
 * Deploys Nexus Wilds (NexusHostSpread721: `count` tokens from id 0 in EIP-2309 batches at
 * construction, token URIs spread over `messy`'s hosts) unless the node already has it. One
 * transaction: a second the dev world's start hardly notices.
 */
export async function ensureWilds(options: {
  rpcUrl: string;
  chainId: number;
  artifacts: ArtifactSet;
  messy: MessyMetadataServer;
  count: number;
  log: (line: string) => void;
}): Promise<Address> {
  const chain = devChain(WILDS_NETWORK, options.chainId, options.rpcUrl);
  const transport = http(options.rpcUrl, { timeout: 60_000 });
  const client = createPublicClient({ chain, transport, pollingInterval: 50 });
  const address = wildsAddress();
  const code = await client.getCode({ address });
  if (code && code !== '0x') {
    options.log(`${WILDS_NETWORK}: Nexus Wilds already at ${address}`);
    return address;
  }
  const artifact = artifactOf(options.artifacts, 'NexusHostSpread721');
  const sizes: bigint[] = [];
  for (let left = options.count; left > 0; left -= MAX_BATCH) sizes.push(BigInt(Math.min(MAX_BATCH, left)));
  const wallet = createWalletClient({ chain, transport });
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    account: WILDS_DEPLOYER,
    args: [
      'Nexus Wilds',
      'WILDS',
      options.messy.baseUris(),
      WILDS_DEPLOYER,
      sizes.map(() => WILDS_HOLDER),
      sizes,
    ],
    gas: 30_000_000n,
  });
  const receipt = await minedReceipt(client, hash);
  if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== address) {
    throw new Error(`${WILDS_NETWORK}: deploying Nexus Wilds failed`);
  }
  options.log(`${WILDS_NETWORK}: Nexus Wilds, ${options.count} tokens with messy metadata, at ${address}`);
  return address;
}
