import { describe, expect, it } from '@jest/globals';
import { parseExplorerParams } from '../app/explorer-url';
import {
  explorerAddressUrl,
  explorerTokenUrl,
  explorerTxUrl,
  nftShareUrl,
  safeHttpUrl,
  socialLinks,
} from './block-explorer';

const CONTRACT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

describe('block explorer links', () => {
  it('links a transaction on each network, and nothing that is not a hash', () => {
    const hash = `0x${'Ab'.repeat(32)}`;
    expect(explorerTxUrl('ethereum', hash)).toBe(`https://etherscan.io/tx/0x${'ab'.repeat(32)}`);
    expect(explorerTxUrl('polygon', hash)).toBe(`https://polygonscan.com/tx/0x${'ab'.repeat(32)}`);
    expect(explorerTxUrl('cronos', hash)).toBe(`https://explorer.cronos.org/tx/0x${'ab'.repeat(32)}`);
    expect(explorerTxUrl('ethereum', '0x1234')).toBeNull();
    expect(explorerTxUrl('ethereum', `javascript:${'a'.repeat(64)}`)).toBeNull();
  });

  it('links addresses and tokens on each network, lower-cased', () => {
    expect(explorerAddressUrl('ethereum', CONTRACT)).toBe(
      `https://etherscan.io/address/${CONTRACT.toLowerCase()}`,
    );
    expect(explorerAddressUrl('polygon', CONTRACT)).toBe(
      `https://polygonscan.com/address/${CONTRACT.toLowerCase()}`,
    );
    expect(explorerAddressUrl('cronos', CONTRACT)).toBe(
      `https://explorer.cronos.org/address/${CONTRACT.toLowerCase()}`,
    );
    expect(explorerTokenUrl('ethereum', CONTRACT, '7')).toBe(
      `https://etherscan.io/nft/${CONTRACT.toLowerCase()}/7`,
    );
    expect(explorerTokenUrl('polygon', CONTRACT, '7')).toBe(
      `https://polygonscan.com/nft/${CONTRACT.toLowerCase()}/7`,
    );
    expect(explorerTokenUrl('cronos', CONTRACT, '7')).toBe(
      `https://explorer.cronos.org/token/${CONTRACT.toLowerCase()}?a=7`,
    );
  });

  it('links nothing that is not an address or a decimal token id', () => {
    expect(explorerAddressUrl('ethereum', 'javascript:alert(1)')).toBeNull();
    expect(explorerTokenUrl('ethereum', CONTRACT, '1/../../x')).toBeNull();
  });

  it("shares an address that opens the NFT's dialog in its collection view", () => {
    const url = new URL(nftShareUrl('https://nexus.example', 'polygon', CONTRACT, '42'));
    expect(url.origin).toBe('https://nexus.example');
    expect(parseExplorerParams(url.searchParams)).toMatchObject({
      view: 'collection',
      network: 'polygon',
      address: CONTRACT.toLowerCase(),
      gallery: { nft: '42' },
    });
  });

  it('keeps http(s) links only and makes profile links of bare handles', () => {
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
    expect(safeHttpUrl(' https://nexus.example/a ')).toBe('https://nexus.example/a');
    expect(
      socialLinks({
        website: 'javascript:alert(1)',
        twitter: '@nexus_apes',
        discord: 'https://discord.gg/nexus',
        telegram: 'nexusapes',
      }),
    ).toEqual([
      { kind: 'twitter', label: 'X (Twitter)', href: 'https://x.com/nexus_apes' },
      { kind: 'discord', label: 'Discord', href: 'https://discord.gg/nexus' },
      { kind: 'telegram', label: 'Telegram', href: 'https://t.me/nexusapes' },
    ]);
  });
});
