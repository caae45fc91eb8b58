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
