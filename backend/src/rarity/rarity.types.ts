import type {
  CollectionTraitsResponse,
  NftAttribute,
  RarityMethodName,
  RarityResult,
  RarityTraitContribution,
} from '@nexus/contract';

/** Name of the trait OpenRarity adds to every token: how many real traits it has. */
export const TRAIT_COUNT_TRAIT = 'meta_trait:trait_count';

/** One token as the engine reads it (the `Nft` fields that matter). */
export interface RarityToken {
  readonly tokenId: string;
  readonly attributes: readonly NftAttribute[];
}

/** One entry of the API answer `RarityResult`. */
export type RarityRanking = RarityResult['nfts'][number];

export interface RankedToken extends RarityRanking {
  /** String traits (trait count included) no other token shares: the first ranking key. */
  uniqueAttributeCount: number;
}

/** How one trait type weighs in one token's score (the wire contribution, with its normalised name). */
export interface TraitContribution extends RarityTraitContribution {
  /** Normalised name (trimmed, lower-cased). */
  key: string;
}

export interface RarityExplanation extends RankedToken {
  method: RarityMethodName;
  /** Number of tokens scored. */
  tokenCount: number;
  /** Divisor applied to every contribution: the collection entropy (openrarity), else 1. */
  normalizer: number;
  /** Every trait type of the collection, the trait count included, highest contribution first. */
  traits: TraitContribution[];
  /** Numeric and date traits: shown, not scored. */
  unscored: NftAttribute[];
}

/** What a filter bar needs for one collection: the traits answer without its network and address. */
export type TraitSummary = Omit<CollectionTraitsResponse, 'network' | 'address'>;
