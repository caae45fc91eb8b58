import { readFile } from 'node:fs/promises';
import type { Network } from './networks.config.js';

export type { Network } from './networks.config.js';

export type TokenStandard = 'ERC-721' | 'ERC-1155';

/** Tokens seeded on purpose to exercise the awkward paths of an explorer. Token ids are decimal. */
export interface DevchainEdgeCases {
  /** tokenURI(id) reverts. */
  tokenUriReverts?: string[];
  /** tokenURI(id) points at a CID the gateway does not have (404). */
  brokenCid?: Array<{ tokenId: string; uri: string }>;
  /** tokenURI(id) is a `data:application/json;base64,` URI with an inline SVG image. */
  dataUri?: string[];
  /** Minted, then burned by its holder: gone from the collection and every wallet. */
  burned?: Array<{ tokenId: string; from: string; amount?: number }>;
  /** Moved between demo wallets after the mint (ERC-1155: `amount` units). */
  transferred?: Array<{ tokenId: string; from: string; to: string; amount?: number }>;
  /** The whole collection is an unsolicited airdrop with a bait name. */
  spam?: boolean;
  /** Minted at construction in EIP-2309 batches: one ConsecutiveTransfer per batch, no Transfer per token. */
  consecutiveBatches?: Array<{ fromTokenId: string; toTokenId: string; to: string }>;
}

export interface DevchainCollection {
  /** Stable short key, e.g. "apes". */
  key: string;
  network: Network;
  /** Lower-case 0x address. */
  address: string;
  name: string;
  symbol: string;
  description: string;
  standard: TokenStandard;
  /** ERC-721: tokens in existence (minted minus burned). ERC-1155: token ids with a non-zero supply. */
  totalSupply: number;
  enumerable: boolean;
  traitSource: 'dataset' | 'generated';
  /** tokenURI(id) = prefix + decimal id (ERC-721), or the raw ERC-1155 uri template with `{id}`. */
  tokenUri: string;
  metadataCid: string;
  imageCid: string;
  /** Lowest and highest token id minted (decimal). */
  firstTokenId: string;
  lastTokenId: string;
  edgeCases?: DevchainEdgeCases;
}

export interface DevchainHolding {
  /** Lower-case contract address. */
  contract: string;
  /** Collection key, for reading convenience. */
  collection: string;
  tokenId: string;
  /** 1 for ERC-721. */
  balance: number;
}

export interface DevchainWallet {
  network: Network;
  /** Lower-case 0x address. */
  address: string;
  label: string;
  holdings: DevchainHolding[];
}

export interface DevchainNetwork {
  chainId: number;
  rpcUrl: string;
  /** False when the node came from *_RPC_URL: nothing was deployed there by the dev chain. */
  seeded: boolean;
  /** How this run got the node: started now, reused (already running and seeded), or external. */
  origin: 'started' | 'reused' | 'external';
  /** Lower-case deployer of the seeded contracts (seeded networks only). */
  deployer?: string;
  /**
   * Present when `rpcUrl` is a public node's front (dev world): the limits it enforces. `nodeUrl`
   * is the node behind it, without limits (seeding, benchmarks' ground truth).
   */
  publicNode?: {
    /** Null: the provider states no span cap. */
    maxLogRange: number | null;
    requestsPerSecond: number;
    /** The provider profile the front plays (NEXUS_DEVWORLD_PROVIDER); absent: Nexus' own. */
    provider?: string;
  };
  nodeUrl?: string;
  /** First block of the chain when its history before is empty (dev world). */
  genesisBlock?: number;
}

export interface DevchainEnsName {
  /** Normalised name, e.g. `demo.eth`. */
  name: string;
  /** Lower-case address `name` resolves to on ethereum. */
  address: string;
}

/** ENS on the ethereum dev chain; all addresses lower-case. */
export interface DevchainEns {
  /** What viem's `getEnsAddress({ universalResolverAddress })` calls, as on mainnet. */
  universalResolver: string;
  /** EIP-137 registry (root and `eth` owned by the ENS deployer). */
  registry: string;
  /** Resolver of every demo name: `addr(node)`, `addr(node, 60)`, `name(node)`, `text(node, key)`. */
  publicResolver: string;
  /** ERC-3668 resolver of `offchain.eth` and its subnames (ENSIP-10), answered by `gateway`. */
  offchainResolver: string;
  /** ENSIP-10 resolver of `wild.eth`'s subnames, which have no record in the registry. */
  wildcardResolver: string;
  /** CCIP-Read gateway URL template of the offchain resolver (`{sender}`, `{data}`). */
  gateway: string;
  names: DevchainEnsName[];
  /** Names resolved through the gateway (CCIP-Read). */
  offchainNames: DevchainEnsName[];
  /** Names resolved by the wildcard resolver. */
  wildcardNames: DevchainEnsName[];
  /** Reverse records; `verified` false: the name resolves elsewhere (no primary name). */
  primaryNames: Array<{ address: string; name: string; verified: boolean }>;
  /** ENSIP-12 `avatar` records and the image each shows. */
  avatars: Array<{ name: string; record: string; image: string }>;
}

export interface DevchainManifest {
  version: 1;
  networks: Record<Network, DevchainNetwork>;
  /** Base URL of the local gateway, ending in `/ipfs/`. */
  ipfsGateway: string;
  /** Multicall3-compatible aggregator on every seeded network. */
  multicall3: string;
  collections: DevchainCollection[];
  wallets: DevchainWallet[];
  /** Present when the dev chain seeded ethereum (absent with ETHEREUM_RPC_URL). */
  ens?: DevchainEns;
  /**
   * The dev world's messy metadata hosts and Nexus Wilds, the collection whose token URIs point at
   * them (world scales small and up, on a seeded ethereum).
   */
  messyMetadata?: DevchainMessyMetadata;
}

export interface DevchainMessyMetadata {
  /** `host:port` of each host (METADATA_ALLOWED_HOSTS: they are local). */
  allowedHosts: string[];
  /** Its two IPFS gateways, ending in `/ipfs/`. */
  ipfsGateways: string[];
  wilds: { network: Network; address: string; tokens: number };
}

export async function readManifest(path: string): Promise<DevchainManifest> {
  const manifest = JSON.parse(await readFile(path, 'utf8')) as DevchainManifest;
  if (
    manifest.version !== 1 ||
    typeof manifest.networks !== 'object' ||
    !Array.isArray(manifest.collections)
  ) {
    throw new Error(`${path} is not a Nexus dev-chain manifest`);
  }
  return manifest;
}
