import type { Network } from './networks.js';
import type { TokenType } from './nfts.js';

/** GET /api/discover-collections answer entry (SPEC §3 discovered collection). */
export interface DiscoveredCollection {
  name: string;
  contractAddress: string;
  network: string;
  imageUrl: string;
  description: string;
  /** True for whitelisted collections. */
  verified: boolean;
}

/** POST /api/validate-address answer. */
export interface ValidateAddressResponse {
  valid: boolean;
  kind: 'evm' | 'ens' | 'solana' | null;
  /** Lower-case 0x address (an ENS name resolved), or null. */
  address: string | null;
}

/** A network where an address is an NFT collection: an ERC-721 or ERC-1155 contract there. */
export interface CollectionLocation {
  network: Network;
  /** The contract's name ('' when it has none). */
  name: string;
  standard: TokenType;
}

/** POST /api/locate-collection answer: every network where the address is a collection. */
export interface LocateCollectionResponse {
  /** Lower-case 0x address. */
  address: string;
  /** In the order of ENABLED_NETWORKS; empty when it is a collection nowhere. */
  collections: CollectionLocation[];
}

/** POST /api/detect-network answer (SPEC §7: the client reads network). */
export interface DetectNetworkResponse {
  network: Network;
}
