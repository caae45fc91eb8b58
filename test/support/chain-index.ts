import { API_ROUTES, apiPath, type ActivityPage } from '@nexus/contract';
import { createPublicClient, encodeFunctionData, http, parseAbi, type Address, type Hex } from 'viem';
import { readTestManifest } from './system.js';
import type { TestChainNetwork } from './test-collections.js';

/**
 * The test chains as a test reads and moves them itself (never through Nexus), and the wait for
 * Nexus's transfer index to have what the chain has.
 */

/** Blocks on top of a block before the index takes it: the dev chains' default (INDEX_CONFIRMATIONS_*). */
export const INDEX_CONFIRMATIONS = 2;

export const ERC721_ABI = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function transferFrom(address from, address to, uint256 id)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  // EIP-2309: tokens fromTokenId..toTokenId minted (or moved) in one event, no Transfer each.
  'event ConsecutiveTransfer(uint256 indexed fromTokenId, uint256 toTokenId, address indexed fromAddress, address indexed toAddress)',
]);

/** A JSON-RPC call to a test chain's node, as is (anvil's own methods included). */
export type ChainRpc = <T>(method: string, params?: unknown[]) => Promise<T>;

export function chainRpc(network: TestChainNetwork): ChainRpc {
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(readTestManifest().networks[network]!.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
}

/** A viem client of a test chain's node; calls made together go as one JSON-RPC batch. */
export function chainClient(network: TestChainNetwork) {
  return createPublicClient({
    transport: http(readTestManifest().networks[network]!.rpcUrl, { batch: { batchSize: 200 } }),
  });
}

/** The chain's latest block number. */
export async function chainHead(network: TestChainNetwork): Promise<number> {
  return Number(BigInt(await chainRpc(network)<string>('eth_blockNumber')));
}

/** The ERC-721 token's owner, lower case, as the contract answers it now. */
export async function ownerOnChain(
  network: TestChainNetwork,
  contract: string,
  tokenId: bigint,
): Promise<string> {
  const data = encodeFunctionData({ abi: ERC721_ABI, functionName: 'ownerOf', args: [tokenId] });
  const word = await chainRpc(network)<string>('eth_call', [{ to: contract, data }, 'latest']);
  return `0x${word.slice(-40)}`;
}

/**
 * Sends `transferFrom(from, to, tokenId)` as `from` (anvil lends any address: impersonated and
 * funded, it sends without a key) and answers the transaction's hash once the node took it (anvil
 * mines it in the same call). Nothing confirms it: the index waits for INDEX_CONFIRMATIONS blocks.
 */
export async function transferOnChain(
  network: TestChainNetwork,
  contract: string,
  tokenId: bigint,
  from: string,
  to: string,
): Promise<Hex> {
  const rpc = chainRpc(network);
  await rpc('anvil_impersonateAccount', [from]);
  await rpc('anvil_setBalance', [from, '0x56bc75e2d63100000']);
  const data = encodeFunctionData({
    abi: ERC721_ABI,
    functionName: 'transferFrom',
    args: [from as Address, to as Address, tokenId],
  });
  return rpc<Hex>('eth_sendTransaction', [{ from, to: contract, data, gas: '0x30d40' }]);
}

/**
 * Until Nexus's transfer index (read through the API at `apiUrl`) has every block of the chain that
 * has its confirmations: a test database's index may still be catching up with the seeding.
 */
export async function waitForIndex(
  apiUrl: string,
  network: TestChainNetwork,
  contract: string,
  timeoutMs: number,
): Promise<void> {
  const path = apiPath(API_ROUTES.collectionActivity, { network, address: contract.toLowerCase() });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const target = (await chainHead(network)) - INDEX_CONFIRMATIONS;
    const response = await fetch(`${apiUrl}${path}?limit=1`);
    const page = response.ok ? ((await response.json()) as ActivityPage) : null;
    if ((page?.toBlock ?? -1) >= target) return;
    if (Date.now() > deadline) {
      throw new Error(`the transfer index of ${network} did not reach block ${target} in ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
