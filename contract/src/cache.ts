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
  /**
   * Entries in the Redis caches (scan answers, whitelist, trending, rankings): what
   * POST /api/admin/clear-cache empties; null when Redis did not answer. The counts below are
   * stored rows (PostgreSQL), which clearing keeps.
   */
  cachedEntries: number | null;
  collectionsCount: number;
  nftsCount: number;
  /** NFTs whose metadata resolved. */
  metadataCount: number;
  /** NFTs with a rarity rank. */
  rankingsCount: number;
  /** Every /api request since the counters began. */
  apiRequestsCount: number;
  networkStats: NetworkStats[];
  /** Progress of the transfer index, one line per indexed network (empty when none is indexed). */
  transferIndex: TransferIndexStats[];
}

/** Where one network's transfer index stands (admin cache statistics). */
export interface TransferIndexStats {
  network: Network;
  /** First block indexed. */
  fromBlock: number;
  /** Every block up to this one is indexed (confirmed blocks only). */
  indexedTo: number;
  /** The node's head at the latest pass. */
  head: number;
  /** Blocks between the head and the index. */
  lag: number;
  /** Confirmations a block needs before it is indexed. */
  confirmations: number;
  /** Rate of the latest pass that indexed anything; null before the first. */
  blocksPerSecond: number | null;
  logsPerSecond: number | null;
  /** Transfers stored (a batch mint counts one per token). */
  transfers: number;
  /** Reorganisations detected and rolled back so far. */
  reorgs: number;
  /** ISO time of the latest pass. */
  updatedAt: string;
}

/** POST /api/admin/clear-cache: how many cache entries were removed. */
export interface ClearCacheResponse {
  success: true;
  cleared: number;
}
