import type { CollectionPaging } from './collection-page.js';
import { keyGuard } from './key-guard.js';
import type { Network } from './networks.js';

export type SearchType = 'wallet' | 'collection';
export type TokenType = 'ERC-721' | 'ERC-1155';

export interface NftAttribute {
  trait_type: string;
  value: string | number | boolean;
  display_type?: string;
}

/**
 * The trait type of an attribute published with a value and no trait_type, which OpenSea's
 * metadata standard shows as a generic property. Rarity scores it as one more trait type.
 */
export const GENERIC_TRAIT_TYPE = 'Property';

/** NFT as the API answers it (SPEC §3). */
export interface Nft {
  tokenId: string;
  name: string;
  description: string;
  image: string;
  /**
   * The same image from another source, for when `image` does not load: the original where `image`
   * is the data source's cached copy (Alchemy). Absent when there is no second source.
   */
  imageFallback?: string;
  tokenType: TokenType;
  network: Network;
  contract: {
    address: string;
    /** The contract's own name() ('' when it has none). */
    name: string;
    /** OpenSea's collection name where the data source knows it, else the contract's name. */
    openSeaMetadata: { collectionName: string };
    /** The data source's spam verdict on the contract (Alchemy's isSpam); absent where it gives none. */
    isSpam?: boolean;
    /** Why it is flagged (Alchemy's spamClassifications, e.g. 'HighAirdropPercent'). */
    spamClassifications?: string[];
  };
  /** The collection's name as marketplaces show it: `openSeaMetadata.collectionName`. */
  collection: { name: string };
  metadata: { attributes: NftAttribute[] };
  attributes: NftAttribute[];
  /** ERC-1155 balance held (wallet scans); 1 for ERC-721. */
  balance?: number;
  rarityScore: number | null;
  rarityRank: number | null;
  /**
   * True when the token's metadata host could not be reached at scan time (it does not resolve, or
   * keeps failing): the NFT is listed without metadata and its metadata is fetched again later in
   * the background. Absent otherwise.
   */
  metadataUnavailable?: true;
  /**
   * Why the token has no metadata, in words a visitor can read (one of METADATA_REASONS' texts);
   * absent when it has metadata. With `metadataUnavailable` the metadata is fetched again later.
   */
  metadataReason?: string;
}

/**
 * Why a token's metadata is missing, by cause: the code is stored with the NFT, the text is what
 * the API answers (`Nft.metadataReason`). The causes that end in "retrying" are asked again by the
 * metadata-retry job.
 */
export const METADATA_REASONS = {
  'no-uri': 'The contract gives no token URI.',
  'bad-uri': 'The token URI is not an address metadata can be read from.',
  timeout: 'The metadata host did not answer in time (retrying).',
  'rate-limited': 'The metadata host is rate-limiting requests (retrying).',
  unreachable: 'The metadata host cannot be reached (retrying).',
  'ipfs-missing': 'No IPFS gateway has this content yet (retrying).',
  'not-found': 'The metadata host answers that the document does not exist.',
  'not-json': 'The metadata host answers a web page, not metadata.',
  invalid: 'The metadata document cannot be read as token metadata.',
  'too-large': 'The metadata document is too large.',
  'too-many-redirects': 'The metadata address redirects too many times.',
  'private-address': 'The metadata address leads to a private network address, which Nexus never contacts.',
  'source-failed': 'The data source could not read this token’s metadata.',
} as const;

export const isMetadataReason = keyGuard(METADATA_REASONS);

export type MetadataReason = keyof typeof METADATA_REASONS;

/** POST /api/nfts body (SPEC §7). */
export interface NftsRequest {
  address: string;
  network: Network;
  searchType: SearchType;
  includeAllTokenTypes?: boolean;
  includeMetadata?: boolean;
  forceRefresh?: boolean;
  preload?: boolean;
  /**
   * A collection is answered by pages whatever its size: `nfts` holds its first page (default sort)
   * and `paging` names the page route for the rest. What the web app asks; without it, a collection
   * up to `FULL_ANSWER_MAX_NFTS` is answered whole (SPEC §7).
   */
  paged?: boolean;
}

export type CacheSource = 'redis' | 'database' | 'fresh';

/** POST /api/nfts answer (SPEC §7). `pending` with `scanKey` when the scan outlived the wait. */
export interface NftsResponse {
  nfts: Nft[];
  scanDuration: number;
  fromCache: boolean;
  loadTime: number;
  cacheSource: CacheSource;
  cacheType: SearchType;
  totalCollections: number;
  error: string | null;
  isComplete: boolean;
  /** With `isComplete: false`: why the answer is partial, in words a visitor can read (INCOMPLETE_REASONS). */
  incompleteReason?: string;
  scanKey: string;
  pending?: boolean;
  /**
   * Set when the collection is larger than the server answers whole (`FULL_ANSWER_MAX_NFTS`), or the
   * request asked for pages (`paged`): `nfts` then holds its first page, and the rest is read from
   * the page route.
   */
  paging?: CollectionPaging;
}

export interface CollectionSummary {
  name: string;
  /** NFTs (token ids) held. */
  count: number;
  /** Copies held, all NFTs together (ERC-1155 balances added up; `count` where absent). */
  quantity?: number;
  contractAddress: string;
  sampleNFTs: Nft[];
}

/**
 * The order of token ids: shorter ids first, then by text, which is numeric order for decimal ids
 * (ids reach 2^256, beyond a JS number). A collection is stored, ranked and listed in this order.
 */
export function compareTokenIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
