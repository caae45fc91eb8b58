import { isNetwork, networkShortCode } from './networks.js';
import { parseScanKey, scanKey } from './scans.js';

describe(networkShortCode.name, () => {
  it.each([
    ['ethereum', 'ETH'],
    ['polygon', 'POL'],
    ['cronos', 'CRO'],
    ['arbitrum', 'ARB'],
    ['optimism', 'OPT'],
    ['Ethereum', 'ETH'],
    ['solana', 'SOL'],
    ['base', 'BAS'],
    ['avalanche', 'AVA'],
  ])('%s → %s (SPEC §1: other networks show their first 3 letters upper-cased)', (network, code) => {
    expect(networkShortCode(network)).toBe(code);
  });
});

describe(isNetwork.name, () => {
  it('accepts the three enabled networks only', () => {
    expect(['ethereum', 'polygon', 'cronos'].every(isNetwork)).toBe(true);
    expect(isNetwork('solana')).toBe(false);
    expect(isNetwork('ETHEREUM')).toBe(false);
    expect(isNetwork(undefined)).toBe(false);
  });
});

describe(scanKey.name, () => {
  it('is one key per kind, network and lower-cased address', () => {
    expect(scanKey('collection', 'polygon', '0xABCDEF0000000000000000000000000000000001')).toBe(
      'collection:polygon:0xabcdef0000000000000000000000000000000001',
    );
  });
});

describe(parseScanKey.name, () => {
  it('reads back what scanKey makes', () => {
    const address = '0x' + 'ab'.repeat(20);
    expect(parseScanKey(scanKey('rarity', 'cronos', address.toUpperCase().replace('0X', '0x')))).toEqual({
      kind: 'rarity',
      network: 'cronos',
      address,
    });
  });

  it.each([
    'collection:polygon:0x' + 'AB'.repeat(20),
    'collection:solana:0x' + 'ab'.repeat(20),
    'token:polygon:0x' + 'ab'.repeat(20),
    'collection:polygon:0x' + 'ab'.repeat(19),
    'collection:polygon:0x' + 'ab'.repeat(20) + ':extra',
    'collection:polygon',
    '',
  ])('refuses %j', (key) => {
    expect(parseScanKey(key)).toBeNull();
  });
});
