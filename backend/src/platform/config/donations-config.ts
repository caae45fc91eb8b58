import {
  isBitcoinAddress,
  isEvmAddress,
  isSolanaAddress,
  NEXUS_DONATION_ADDRESSES,
} from './donation-address.js';
import type { EnvReader } from './env-reader.js';

/** Receiving addresses of the donations page (SPEC §2). */
/** Null: not configured (production never shows the development placeholders). */
export interface DonationAddresses {
  /** One address for ethereum, polygon and cronos. */
  evm: string | null;
  solana: string | null;
  bitcoin: string | null;
}

/**
 * The built-in addresses only fill a development donations page; nobody holds their keys, so a
 * production deployment shows only the addresses it configures.
 */
export function parseDonationAddresses(reader: EnvReader, production: boolean): DonationAddresses {
  const address = (
    name: string,
    fallback: string,
    valid: (text: string) => boolean,
    what: string,
  ): string | null => {
    const raw = reader.env[name]?.trim();
    if (raw === undefined || raw === '') return production ? null : fallback;
    if (!valid(raw)) reader.problem(`${name} is not ${what} (got "${raw}")`);
    return raw;
  };
  return {
    evm: address(
      'DONATION_EVM_ADDRESS',
      NEXUS_DONATION_ADDRESSES.evm,
      isEvmAddress,
      'an EVM address (0x and 40 hex digits, EIP-55 checksum if mixed case)',
    ),
    solana: address(
      'DONATION_SOLANA_ADDRESS',
      NEXUS_DONATION_ADDRESSES.solana,
      isSolanaAddress,
      'a Solana address (base58 of 32 bytes)',
    ),
    bitcoin: address(
      'DONATION_BITCOIN_ADDRESS',
      NEXUS_DONATION_ADDRESSES.bitcoin,
      isBitcoinAddress,
      'a Bitcoin mainnet address with a valid checksum (bc1…, 1… or 3…)',
    ),
  };
}
