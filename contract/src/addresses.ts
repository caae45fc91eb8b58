/** An EVM address: 0x and 40 hex digits, any case (SPEC §5). */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS_PATTERN.test(value);
}

/** SPEC §5: a 32 to 44 character base58 string is treated as Solana. */
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && !value.startsWith('0x') && SOLANA_ADDRESS_PATTERN.test(value);
}

/** A contract address of a network: base58 on Solana, 0x + 40 hex elsewhere. */
export function isContractAddressFor(network: string | undefined, value: unknown): boolean {
  return network === 'solana' ? isSolanaAddress(value) : isEvmAddress(value);
}

/**
 * GET /api/wallet-profile/:address answer: what the wallet header shows besides the address, from
 * ENS on Ethereum. `ensName` is the primary name (reverse record, checked forward: it resolves
 * back to the address), `ensAvatar` its ENSIP-12 avatar as a path of our image route (never a
 * third-party URL); null when there is none.
 */
export interface WalletProfileResponse {
  /** Lower-case 0x address. */
  address: string;
  ensName: string | null;
  ensAvatar: string | null;
}
