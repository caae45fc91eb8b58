import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  type Address,
  type PublicClient,
} from 'viem';
import type { DevchainCollection, DevchainManifest } from './manifest.js';
import { DEMO_WALLETS, type Network } from './networks.config.js';
import { minedReceipt } from './mined-receipt.js';

const ERC721 = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function transferFrom(address from, address to, uint256 id)',
]);
/** Gas of one transfer: explicit, so anvil never estimates. */
const TRANSFER_GAS = 200_000n;

export interface TrickleOptions {
  /** Seconds between two transfers, drawn anew each time (default 10–20). */
  minSeconds?: number;
  maxSeconds?: number;
  /** Empty blocks mined on top of each transfer: the network's index confirmations (default 2). */
  confirmations?: (network: Network) => number;
  log?: (line: string) => void;
}

export interface Trickle {
  collection: DevchainCollection;
  tokenId: bigint;
  stop(): void;
}

/**
 * The ERC-721 collection the trickle moves a token of: the first one a demo wallet holds on a
 * chain this run started or reused (an external node is left alone), and that token.
 */
export function trickleToken(
  manifest: Pick<DevchainManifest, 'networks' | 'collections' | 'wallets'>,
): { collection: DevchainCollection; tokenId: bigint; rpcUrl: string } | null {
  for (const wallet of manifest.wallets) {
    const node = manifest.networks[wallet.network];
    if (!node || node.origin === 'external') continue;
    for (const holding of wallet.holdings) {
      const collection = manifest.collections.find((c) => c.address === holding.contract);
      if (collection?.standard !== 'ERC-721' || collection.edgeCases?.spam) continue;
      return { collection, tokenId: BigInt(holding.tokenId), rpcUrl: node.nodeUrl ?? node.rpcUrl };
    }
  }
  return null;
}

/**
 * A slow trickle of transfers on one demo collection, so that an open collection, wallet or NFT
 * shows the chain moving after `npm start`: one token passes from demo wallet to demo wallet every
 * 10–20 s. A dev chain mines a block only for a transaction: each transfer is followed by the
 * index's confirmations, so it is indexed at once rather than when the next one comes.
 */
export function startTransferTrickle(
  manifest: Pick<DevchainManifest, 'networks' | 'collections' | 'wallets'>,
  options: TrickleOptions = {},
): Trickle | null {
  const target = trickleToken(manifest);
  if (!target) return null;
  const { collection, tokenId, rpcUrl } = target;
  const min = options.minSeconds ?? 10;
  const max = Math.max(min, options.maxSeconds ?? 20);
  const confirmations = options.confirmations?.(collection.network) ?? 2;
  const transport = http(rpcUrl, { timeout: 10_000 });
  const chain: PublicClient = createPublicClient({ transport });
  const wallet = createWalletClient({ transport });
  const demo = DEMO_WALLETS.map((entry) => entry.address.toLowerCase() as Address);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const step = async (): Promise<void> => {
    const contract = collection.address as Address;
    const owner = (await chain.readContract({
      address: contract,
      abi: ERC721,
      functionName: 'ownerOf',
      args: [tokenId],
    })) as Address;
    const from = owner.toLowerCase() as Address;
    const at = demo.indexOf(from);
    // Moved away by hand meanwhile: not ours to take back.
    if (at < 0) return;
    const to = demo[(at + 1) % demo.length]!;
    const hash = await wallet.writeContract({
      account: from,
      chain: null,
      address: contract,
      abi: ERC721,
      functionName: 'transferFrom',
      args: [from, to, tokenId],
      gas: TRANSFER_GAS,
    });
    await minedReceipt(chain, hash);
    if (confirmations > 0) {
      await chain.request({
        method: 'anvil_mine' as never,
        params: [`0x${confirmations.toString(16)}`] as never,
      });
    }
    options.log?.(`trickle: ${collection.name} #${tokenId} ${from} → ${to}`);
  };
  const schedule = (): void => {
    if (stopped) return;
    const seconds = min + Math.random() * (max - min);
    timer = setTimeout(() => {
      step().then(schedule, (error: unknown) => {
        options.log?.(`trickle: transfer failed (${error instanceof Error ? error.message : String(error)})`);
        schedule();
      });
    }, seconds * 1000);
  };
  schedule();
  return {
    collection,
    tokenId,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
