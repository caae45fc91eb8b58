import type { Network } from './networks.js';

/** One network's line of the cache statistics (SPEC §3). */
export interface NetworkStats {
  network: Network;
  /** Requests naming this network since 00:00 UTC. */
  apiCallsToday: number;
  totalCollections: number;
  totalNfts: number;
  totalSearches: number;
  /** ISO time of the latest request naming this network, or null. */
  lastApiCall: string | null;
}

/** GET /api/admin/cache-stats (SPEC §3). */
export interface CacheStats {
  collectionsCount: number;
  nftsCount: number;
  /** NFTs whose metadata resolved. */
  metadataCount: number;
  /** NFTs with a rarity rank. */
  rankingsCount: number;
  /** Every /api request since the counters began. */
  apiRequestsCount: number;
  networkStats: NetworkStats[];
}

/** POST /api/admin/clear-cache: how many cache entries were removed. */
export interface ClearCacheResponse {
  success: true;
  cleared: number;
}
