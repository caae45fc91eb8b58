import type { MetadataReason, Network, NftAttribute, TokenType } from '@nexus/contract';

/** What a contract says about itself. */
export interface CollectionInfo {
  network: Network;
  /** Lower-case 0x address. */
  address: string;
  /**
   * The collection's name as marketplaces show it: OpenSea's collection name where the source
   * knows one (Alchemy), else the contract's name().
   */
  name: string;
  /** The contract's own name() ('' for none), where the source knows a marketplace name as well. */
  contractName?: string;
  /** The source's spam verdict on the contract (Alchemy's isSpam); absent where it gives none. */
  isSpam?: boolean;
  /** The source's reasons for that verdict (Alchemy's spamClassifications). */
  spamClassifications?: string[];
  symbol: string;
  standard: TokenType;
  /** totalSupply when the contract answers it, else null. */
  totalSupply: number | null;
  /** True when ERC721Enumerable is supported (enumeration by index, not logs). */
  enumerable: boolean;
}

/** One token of a contract, as the chain knows it (before metadata). */
export interface TokenRef {
  /** Decimal string. */
  tokenId: string;
  /** tokenURI / uri with {id} substituted; null when the call reverted. */
  tokenUri: string | null;
  /** Balance held by the wallet (ERC-1155), 1 for ERC-721 holdings; undefined for collection enumeration. */
  balance?: number;
  /** Metadata the source already holds (Alchemy), so the scan need not fetch tokenUri. */
  metadata?: ResolvedMetadata;
  /**
   * Why the source could not read the token's metadata itself (Alchemy's raw.error, e.g. "Contract
   * returned a broken token uri"): the scan does not fetch tokenUri either.
   */
  metadataUnavailable?: string;
}

export interface WalletHolding {
  collection: CollectionInfo;
  tokens: TokenRef[];
}

/** Takes one page of a collection's tokens; the next page waits for its promise. */
export type TokenPageSink = (refs: TokenRef[]) => Promise<void>;

export interface EnumerateProgress {
  tokensFound: number;
  tokensTotal: number | null;
}

export interface WalletScanOptions {
  /** ERC-1155 as well as ERC-721 (default true). */
  includeAllTokenTypes: boolean;
  /**
   * Told when the source stopped before the wallet's last token (a page cap, a repeated page key,
   * fewer tokens than the source counts): the holdings answered are only part of the wallet.
   */
  onIncomplete?: (reason: string) => void;
}

/**
 * A source of chain truth for one or more networks. Two adapters: JSON-RPC (viem, any EVM node)
 * and the Alchemy NFT API v3.
 */
export interface NftSource {
  /** Null when there is no contract (no code) or it is neither ERC-721 nor ERC-1155. */
  getCollection(network: Network, address: string): Promise<CollectionInfo | null>;
  /**
   * Every token of a collection, with its URI. `onIncomplete` is told (in words a visitor can read)
   * when the source could not read them all (a spent quota, blocks its node no longer keeps): the
   * tokens answered are then only part of the collection.
   */
  enumerateCollection(
    collection: CollectionInfo,
    onProgress?: (progress: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<TokenRef[]>;
  /**
   * The same tokens page by page: each page is handed to `onPage` as soon as it is read, and the
   * source reads at most a few pages ahead of the one `onPage` still holds (its promise), so a
   * caller that stores pages holds a few pages, not the collection. Answers how many were handed.
   */
  streamCollection(
    collection: CollectionInfo,
    onPage: TokenPageSink,
    onProgress?: (progress: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<number>;
  /** Every token a wallet holds now, grouped by collection. */
  getWalletHoldings(network: Network, owner: string, options: WalletScanOptions): Promise<WalletHolding[]>;
}

/** Token metadata after resolution, normalised. */
export interface ResolvedMetadata {
  name: string | null;
  description: string | null;
  /** Image URI as the metadata states it (ipfs://, ar://, data:, https://), or the source's cached copy. */
  image: string | null;
  /** Another URI of the same image, for when `image` does not load (the original of a cached copy). */
  imageFallback?: string;
  animationUrl: string | null;
  attributes: NftAttribute[];
}

/**
 * What a metadata lookup found: the metadata, or null with `unavailable` set when the host could not
 * be reached now (dead, failing, throttling: worth a retry later) rather than answering no metadata.
 */
export type MetadataLookup =
  { metadata: ResolvedMetadata } | { metadata: null; unavailable?: string; reason?: MetadataReason };

/** How long one lookup may take: a scan asks briefly and leaves slow hosts to the metadata-retry job. */
export interface MetadataLookupOptions {
  /** Budget of one attempt (the resolver's own by default). */
  timeoutMs?: number;
  /** Further attempts after a timeout, a 429 or a 5xx (the resolver's own by default). */
  retries?: number;
}

export interface MetadataResolver {
  /** Never throws for bad or unreachable metadata: answers null instead. */
  resolve(uri: string): Promise<ResolvedMetadata | null>;
  /**
   * Like `resolve`, telling an unreachable host from missing metadata, and why it is missing
   * (resolvers that can).
   */
  lookup?(uri: string, options?: MetadataLookupOptions): Promise<MetadataLookup>;
  /** http(s) URL a browser or our media route can fetch for an ipfs://, ar:// or http(s) URI. */
  toHttpUrl(uri: string): string | null;
}
