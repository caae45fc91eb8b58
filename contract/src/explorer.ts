import type { Network } from './networks.js';
import type { Nft } from './nfts.js';

/**
 * What every block explorer shows of a token and Nexus reads on request: GET /api/networks,
 * GET /api/collections/{network}/{address}/nfts/{tokenId}/metadata and
 * POST /api/collections/{network}/{address}/nfts/{tokenId}/refresh-metadata (docs/API.md).
 */

/** One network as the web app links it: a local dev chain has no public explorer. */
export interface NetworkInfo {
  network: Network;
  chainId: number;
  /** Served by a local dev chain (`npm start`): addresses there mean nothing on a public explorer. */
  devchain: boolean;
}

/** GET /api/networks */
export interface NetworksResponse {
  networks: NetworkInfo[];
}

/** GET /api/collections/{network}/{address}/nfts/{tokenId}/metadata */
export interface NftMetadataResponse {
  network: Network;
  /** Contract address, lower-case. */
  address: string;
  tokenId: string;
  /** tokenURI / uri (with `{id}` filled) as the contract answers it now; null when it reverts. */
  tokenUri: string | null;
  /** The http(s) address of `tokenUri` (ipfs://, ar:// through a gateway); null for data: and none. */
  tokenUriHttp: string | null;
  /** ERC-721 ownerOf now; null for ERC-1155 (many holders) or when the call reverts (burned). */
  owner: string | null;
  /** The metadata document as served, untouched (JSON pretty-printed), at most `maxChars`; or null. */
  metadata: string | null;
  /** `metadata` was cut at `maxChars`. */
  metadataTruncated: boolean;
  /** Why there is no metadata to show, in words a visitor can read; null when there is. */
  metadataError: string | null;
}

/** POST /api/collections/{network}/{address}/nfts/{tokenId}/refresh-metadata */
export interface NftRefreshResponse {
  /** The stored NFT after the refresh. */
  nft: Nft;
  tokenUri: string | null;
  /** 'ok' when metadata was read; 'error', 'missing' or 'unavailable' otherwise (the NFT is kept). */
  metadataStatus: 'ok' | 'missing' | 'error' | 'unavailable';
  /** Name, description, image or traits changed. */
  changed: boolean;
  refreshedAt: string;
}

export const NFT_METADATA_LIMITS = {
  /** Characters of raw metadata answered (a bigger document is cut, `metadataTruncated`). */
  maxChars: 100_000,
  /** One refresh per token within this many seconds, whoever asks. */
  refreshPerTokenSeconds: 60,
} as const;
