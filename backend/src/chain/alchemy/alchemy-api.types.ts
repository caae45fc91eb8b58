/**
 * The JSON the Alchemy NFT API v3 answers, as its reference documents it, as far as we read it
 * (getContractMetadata and searchContractMetadata answer `AlchemyContract`s). Fields are optional or
 * nullable where the API leaves them out or nulls them (unknown contracts, metadata it could not
 * fetch); the mapper reads every field defensively.
 */

/** OpenSea's view of a collection, attached to a contract. */
export interface AlchemyOpenSeaMetadata {
  floorPrice?: number | null;
  collectionName?: string | null;
  collectionSlug?: string | null;
  safelistRequestStatus?: string | null;
  imageUrl?: string | null;
  bannerImageUrl?: string | null;
  description?: string | null;
  externalUrl?: string | null;
  twitterUsername?: string | null;
  discordUrl?: string | null;
  lastIngestedAt?: string | null;
}

/** `ERC721`, `ERC1155`, or a reason it is neither (`NO_SUPPORTED_NFT_STANDARD`, `NOT_A_CONTRACT`, `UNKNOWN`). */
export type AlchemyTokenType = string;

/** getContractMetadata answer; also the `contract` of every NFT and the items of searchContractMetadata. */
export interface AlchemyContract {
  address: string;
  name?: string | null;
  symbol?: string | null;
  /** Decimal integer string; ERC-721 only. */
  totalSupply?: string | null;
  tokenType?: AlchemyTokenType | null;
  contractDeployer?: string | null;
  deployedBlockNumber?: number | null;
  openSeaMetadata?: AlchemyOpenSeaMetadata | null;
  /** Only on NFTs' `contract`, and only filled on paid tiers. */
  isSpam?: boolean | string | null;
  spamClassifications?: string[];
}

export interface AlchemyImage {
  cachedUrl?: string | null;
  thumbnailUrl?: string | null;
  pngUrl?: string | null;
  contentType?: string | null;
  size?: number | null;
  originalUrl?: string | null;
}

export interface AlchemyAnimation {
  cachedUrl?: string | null;
  contentType?: string | null;
  size?: number | null;
  originalUrl?: string | null;
}

/** What the contract itself said: the token URI and the metadata document found there. */
export interface AlchemyRawNftData {
  tokenUri?: string | null;
  /** The token's metadata JSON as published (`{}` when Alchemy could not fetch it). */
  metadata?: Record<string, unknown> | string | null;
  error?: string | null;
}

export interface AlchemyCollection {
  name?: string | null;
  slug?: string | null;
  externalUrl?: string | null;
  bannerImageUrl?: string | null;
}

export interface AlchemyNft {
  contract: AlchemyContract;
  /** Decimal string in v3. */
  tokenId: string;
  tokenType?: AlchemyTokenType | null;
  name?: string | null;
  description?: string | null;
  image?: AlchemyImage | null;
  animation?: AlchemyAnimation | null;
  raw?: AlchemyRawNftData | null;
  collection?: AlchemyCollection | null;
  tokenUri?: string | null;
  timeLastUpdated?: string | null;
}

export interface AlchemyOwnedNft extends AlchemyNft {
  /** Decimal integer string: how many of this token the owner holds. */
  balance?: string | null;
}

/** GET /nft/v3/{apiKey}/getNFTsForOwner */
export interface AlchemyNftsForOwnerResponse {
  ownedNfts: AlchemyOwnedNft[];
  totalCount?: number;
  /** Present while more pages follow; pass back as `pageKey`. */
  pageKey?: string | null;
}

/** GET /nft/v3/{apiKey}/getNFTsForContract */
export interface AlchemyNftsForContractResponse {
  nfts: AlchemyNft[];
  /** Present while more pages follow; pass back as `startToken`. */
  pageKey?: string | null;
}

/** The body of an error answer, when it is JSON. */
export interface AlchemyErrorBody {
  error?: { code?: number; message?: string } | string;
  message?: string;
}
