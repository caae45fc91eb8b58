import { createHash } from 'node:crypto';
import { base58, createBase58check, bech32, bech32m } from '@scure/base';
import { isAddress } from 'viem';
import { EVM_ADDRESS_PATTERN, SOLANA_ADDRESS_PATTERN } from '@nexus/contract';

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
const base58check = createBase58check(sha256);

/** Mainnet version bytes of legacy Bitcoin addresses: P2PKH (1…) and P2SH (3…). */
const BITCOIN_BASE58_VERSIONS = new Set([0x00, 0x05]);

/** An EVM address: 0x and 40 hex digits; in mixed case the EIP-55 checksum must hold. */
export function isEvmAddress(text: string): boolean {
  return EVM_ADDRESS_PATTERN.test(text) && isAddress(text, { strict: true });
}

/** A Solana account address: base58 of a 32-byte public key. */
export function isSolanaAddress(text: string): boolean {
  if (!SOLANA_ADDRESS_PATTERN.test(text)) return false;
  try {
    return base58.decode(text).length === 32;
  } catch {
    return false;
  }
}

/**
 * A Bitcoin mainnet address with a valid checksum: SegWit (bc1…, BIP 173 bech32 for version 0,
 * BIP 350 bech32m for versions 1–16) or legacy base58check (1…, 3…).
 */
export function isBitcoinAddress(text: string): boolean {
  return /^bc1/i.test(text) ? isSegwitAddress(text) : isLegacyBitcoinAddress(text);
}

function isSegwitAddress(text: string): boolean {
  // Mixed case is refused by BIP 173; either case alone is fine.
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  for (const coder of [bech32, bech32m]) {
    const decoded = coder.decodeUnsafe(lower, 90);
    if (!decoded || decoded.prefix !== 'bc' || decoded.words.length === 0) continue;
    const [version, ...words] = decoded.words as [number, ...number[]];
    if (version > 16 || (version === 0) !== (coder === bech32)) continue;
    let program: Uint8Array;
    try {
      program = coder.fromWords(words);
    } catch {
      continue;
    }
    if (program.length < 2 || program.length > 40) continue;
    if (version === 0 && program.length !== 20 && program.length !== 32) continue;
    return true;
  }
  return false;
}

function isLegacyBitcoinAddress(text: string): boolean {
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(text)) return false;
  try {
    const payload = base58check.decode(text);
    return payload.length === 21 && BITCOIN_BASE58_VERSIONS.has(payload[0]!);
  } catch {
    return false;
  }
}

/**
 * Nexus's own receiving addresses, shown when DONATION_*_ADDRESS is unset, so a fresh start has a
 * donations page. A deployment that takes donations for itself sets its own.
 */
export const NEXUS_DONATION_ADDRESSES = {
  evm: '0x60639bdD12cb7dC465b9100D8AEC9f0FBA09D734',
  solana: '2h47Pnauz86HfzCqjmT15Wfz9xX7fg8Epg5f2tW2gf2d',
  bitcoin: 'bc1qzyz42nrw723k676trkpfls96k8rwgt3a54y9zz',
} as const;
