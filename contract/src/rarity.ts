import type { Nft } from './nfts.js';
import type { Network } from './networks.js';

export interface RarityRequest {
  nfts: Array<Pick<Nft, 'tokenId' | 'attributes'>>;
  contractAddress: string;
  network: Network;
}

export interface RarityResult {
  nfts: Array<{ tokenId: string; rarityScore: number; rarityRank: number }>;
}

/** Rarity methods: OpenRarity information content (default) or the classic sum of N / count. */
export const RARITY_METHOD_NAMES = ['openrarity', 'statistical'] as const;
export type RarityMethodName = (typeof RARITY_METHOD_NAMES)[number];
export const DEFAULT_RARITY_METHOD: RarityMethodName = 'openrarity';

/** Bounds of POST /api/calculate-rarity (the attribute bounds are those applied to stored metadata). */
export const RARITY_LIMITS = {
  maxTokens: 50_000,
  maxAttributes: 300,
  maxTokenIdLength: 80,
  maxTraitTypeLength: 256,
  maxValueLength: 1024,
} as const;

/** SPEC §8: what a failed rarity calculation answers (the web app shows 'Rarity calculation error: {message}'). */
export const RARITY_FAILED = 'Failed to calculate rarity';

/**
 * POST /api/calculate-rarity body: SPEC §7 plus an optional method and forceRefresh. Token objects
 * may carry other NFT fields (the gallery's NFTs as they are); only tokenId and attributes are read.
 * Without `nfts`, the collection Nexus stored for `contractAddress` on `network` is ranked (404 when
 * none is stored): what the web app asks, with no NFT list to send.
 */
export interface CalculateRarityRequest extends Omit<RarityRequest, 'nfts'> {
  nfts?: RarityRequest['nfts'];
  method?: RarityMethodName;
  forceRefresh?: boolean;
}

/** Each RARITY_BYTES_PER_POINT of a POST /api/calculate-rarity body counts as one more request against the `rarity` rate limit. */
export const RARITY_BYTES_PER_POINT = 512 * 1024;

/** `memory`: this API node's cache; `redis`: the shared cache; `fresh`: calculated for this request. */
export type RarityCacheSource = 'memory' | 'redis' | 'fresh';

/** POST /api/calculate-rarity answer: SPEC §7's `nfts` in rank order, and where it came from. */
export interface CalculateRarityResponse extends RarityResult {
  method: RarityMethodName;
  fromCache: boolean;
  cacheSource: RarityCacheSource;
  /** Milliseconds the request took on the server. */
  loadTime: number;
}

/** `trait`: a value the token carries; `missing`: the token lacks the trait type; `trait-count`: OpenRarity's count of traits. */
export type RarityTraitKind = 'trait' | 'missing' | 'trait-count';

/** How one trait type weighs in one NFT's score. */
export interface RarityTraitContribution {
  traitType: string;
  /** Null when the NFT lacks the trait type. */
  value: string | null;
  /** NFTs in the same bucket. */
  count: number;
  /** count / NFTs scored. */
  share: number;
  /** Part of the score; an NFT's contributions sum to its score. */
  contribution: number;
  kind: RarityTraitKind;
  /** No other NFT has this value. */
  unique: boolean;
}

/** Why an NFT ranks where it does. */
export interface NftRarityExplanation {
  rank: number;
  score: number;
  method: RarityMethodName;
  /** Values no other NFT shares (the first ranking key). */
  uniqueAttributeCount: number;
  /** NFTs scored in the collection. */
  tokenCount: number;
  /** Every trait type of the collection, highest contribution first. */
  traits: RarityTraitContribution[];
}

/**
 * GET /api/collections/:network/:address/nfts/:tokenId (optional ?method=): the NFT, with rank and
 * score of the chosen method; `rarity` is null for an NFT whose metadata did not resolve.
 */
export interface NftDetailResponse extends Nft {
  rarity: NftRarityExplanation | null;
}

export interface TraitValueCount {
  /** As first seen in the collection. */
  value: string;
  /** Normalised (trimmed, lower-cased): what filters compare. */
  key: string;
  count: number;
}

export interface TraitTypeCounts {
  traitType: string;
  key: string;
  /** Most common first. */
  values: TraitValueCount[];
  /** NFTs without this trait type. */
  missing: number;
}

/** A numeric or date trait: shown and filtered by range, not scored. */
export interface NumericTraitRange {
  traitType: string;
  key: string;
  displayType: string;
  count: number;
  min: number;
  max: number;
}

/** GET /api/collections/:network/:address/traits: what the gallery's filter bar offers. */
export interface CollectionTraitsResponse {
  network: Network;
  address: string;
  /** NFTs with metadata. */
  tokenCount: number;
  traitTypes: TraitTypeCounts[];
  /** NFTs per number of traits, ascending. */
  traitCounts: Array<{ traitCount: number; count: number }>;
  numericTraits: NumericTraitRange[];
}
