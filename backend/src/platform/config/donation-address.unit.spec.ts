import { base58, bech32, bech32m } from '@scure/base';
import {
  isBitcoinAddress,
  isEvmAddress,
  isSolanaAddress,
  NEXUS_DONATION_ADDRESSES,
} from './donation-address.js';

describe('donation address formats', () => {
  it("accepts Nexus's own addresses", () => {
    expect(isEvmAddress(NEXUS_DONATION_ADDRESSES.evm)).toBe(true);
    expect(isSolanaAddress(NEXUS_DONATION_ADDRESSES.solana)).toBe(true);
    expect(isBitcoinAddress(NEXUS_DONATION_ADDRESSES.bitcoin)).toBe(true);
  });

  it('EVM: 0x and 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum', () => {
    expect(isEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isEvmAddress('0x52908400098527886e0f7030069857d2e4169ee7')).toBe(true);
    expect(isEvmAddress('0x52908400098527886E0F7030069857D2E4169Ee7')).toBe(false);
    expect(isEvmAddress('0x52908400098527886E0F7030069857D2E4169E')).toBe(false);
    expect(isEvmAddress('52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });

  it('Solana: base58 of 32 bytes', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true);
    expect(isSolanaAddress(base58.encode(new Uint8Array(31).fill(7)))).toBe(false);
    expect(isSolanaAddress('So1111111111111111111111111111111111111111O')).toBe(false);
    expect(isSolanaAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });

  it('Bitcoin: legacy base58check and SegWit with the checksum of its version', () => {
    expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isBitcoinAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);

    const program = new Uint8Array(20).fill(0x75);
    const v0 = bech32.encode('bc', [0, ...bech32.toWords(program)]);
    const taproot = bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(32).fill(1))]);
    expect(isBitcoinAddress(v0)).toBe(true);
    expect(isBitcoinAddress(v0.toUpperCase())).toBe(true);
    expect(isBitcoinAddress(taproot)).toBe(true);
    // Version 0 in bech32m, version 1 in bech32, a testnet prefix, a typo, mixed case: refused.
    expect(isBitcoinAddress(bech32m.encode('bc', [0, ...bech32m.toWords(program)]))).toBe(false);
    expect(isBitcoinAddress(bech32.encode('bc', [1, ...bech32.toWords(program)]))).toBe(false);
    expect(isBitcoinAddress(bech32.encode('tb', [0, ...bech32.toWords(program)]))).toBe(false);
    expect(isBitcoinAddress(v0.slice(0, -1) + (v0.endsWith('q') ? 'p' : 'q'))).toBe(false);
    expect(isBitcoinAddress(v0.slice(0, 6) + v0.slice(6).toUpperCase())).toBe(false);
  });
});
