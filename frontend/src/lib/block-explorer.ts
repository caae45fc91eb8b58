import { isEvmAddress, type Network } from '@nexus/contract';

/**
 * The public block explorer of each network, as the donations page links them. A network served by
 * a local dev chain (`GET /api/networks`, `devchain`) links none: its addresses and token ids mean
 * nothing there, so the app shows them with a copy button only.
 */
export const BLOCK_EXPLORERS: Readonly<Record<Network, { name: string; url: string }>> = {
  ethereum: { name: 'Etherscan', url: 'https://etherscan.io' },
  polygon: { name: 'PolygonScan', url: 'https://polygonscan.com' },
  cronos: { name: 'Cronos Explorer', url: 'https://explorer.cronos.org' },
};

const TOKEN_ID = /^\d{1,78}$/;

/** An account or contract page; null for anything that is not an address. */
export function explorerAddressUrl(network: Network, address: string): string | null {
  if (!isEvmAddress(address)) return null;
  return `${BLOCK_EXPLORERS[network].url}/address/${address.toLowerCase()}`;
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** A transaction's page (the same `/tx/{hash}` on all three explorers); null for anything else. */
export function explorerTxUrl(network: Network, txHash: string): string | null {
  if (!TX_HASH.test(txHash)) return null;
  return `${BLOCK_EXPLORERS[network].url}/tx/${txHash.toLowerCase()}`;
}

/**
 * One token's page: Etherscan and PolygonScan have `/nft/{contract}/{id}`; the Cronos explorer
 * shows a token instance at `/token/{contract}?a={id}`.
 */
export function explorerTokenUrl(network: Network, contract: string, tokenId: string): string | null {
  if (!isEvmAddress(contract) || !TOKEN_ID.test(tokenId)) return null;
  const { url } = BLOCK_EXPLORERS[network];
  const lower = contract.toLowerCase();
  return network === 'cronos' ? `${url}/token/${lower}?a=${tokenId}` : `${url}/nft/${lower}/${tokenId}`;
}

/**
 * The address that opens an NFT's detail dialog in its collection's gallery (the explorer's view
 * state, `/?view=collection&network=…&address=…&nft=…`), absolute from `origin`.
 */
export function nftShareUrl(origin: string, network: Network, contract: string, tokenId: string): string {
  const params = new URLSearchParams({
    view: 'collection',
    network,
    address: contract.toLowerCase(),
    nft: tokenId,
  });
  return `${origin}/?${params.toString()}`;
}

/** A link the gallery header may show: http(s) only, never `javascript:` or `data:`. */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  const text = raw?.trim() ?? '';
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export interface SocialLink {
  kind: 'website' | 'twitter' | 'discord' | 'telegram';
  label: string;
  href: string;
}

const HANDLE = {
  twitter: /^@?([A-Za-z0-9_]{1,15})$/,
  telegram: /^@?([A-Za-z0-9_]{5,32})$/,
} as const;

/**
 * A whitelisted collection's links, as entered by its admin: URLs (http(s) only), or for X/Twitter
 * and Telegram a bare handle (`@nexus`), which becomes the profile's address. Anything else is left out.
 */
export function socialLinks(entry: {
  website?: string;
  twitter?: string;
  discord?: string;
  telegram?: string;
}): SocialLink[] {
  const links: SocialLink[] = [];
  const website = safeHttpUrl(entry.website);
  if (website) links.push({ kind: 'website', label: 'Website', href: website });
  const handle = (value: string | undefined, pattern: RegExp, base: string) => {
    const match = pattern.exec(value?.trim() ?? '');
    return match ? `${base}${match[1]}` : safeHttpUrl(value);
  };
  const twitter = handle(entry.twitter, HANDLE.twitter, 'https://x.com/');
  if (twitter) links.push({ kind: 'twitter', label: 'X (Twitter)', href: twitter });
  const discord = safeHttpUrl(entry.discord);
  if (discord) links.push({ kind: 'discord', label: 'Discord', href: discord });
  const telegram = handle(entry.telegram, HANDLE.telegram, 'https://t.me/');
  if (telegram) links.push({ kind: 'telegram', label: 'Telegram', href: telegram });
  return links;
}
