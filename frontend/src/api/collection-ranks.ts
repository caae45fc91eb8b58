import {
  API_ROUTES,
  COLLECTION_RANKS_MAX_TOKEN_IDS,
  type CollectionTokenRank,
  type Network,
} from '@nexus/contract';
import { apiCall } from '../lib/api-client';

/** What Nexus knows of the whole collection's ranks for some of its NFTs (a wallet's). */
export interface CollectionRanks {
  ranked: boolean;
  rankedTotal: number;
  byTokenId: ReadonlyMap<string, CollectionTokenRank>;
}

/**
 * GET /api/collections/{network}/{address}/ranks for every token id, in requests of at most
 * COLLECTION_RANKS_MAX_TOKEN_IDS ids.
 */
export async function fetchCollectionRanks(
  network: Network,
  address: string,
  tokenIds: readonly string[],
  signal?: AbortSignal,
): Promise<CollectionRanks> {
  const params = { network, address: address.toLowerCase() };
  const chunks: string[][] = [];
  for (let i = 0; i < tokenIds.length; i += COLLECTION_RANKS_MAX_TOKEN_IDS)
    chunks.push(tokenIds.slice(i, i + COLLECTION_RANKS_MAX_TOKEN_IDS));
  const answers = await Promise.all(
    chunks.map((ids) => apiCall(API_ROUTES.collectionRanks, { params, query: { tokenIds: ids }, signal })),
  );
  const byTokenId = new Map<string, CollectionTokenRank>();
  for (const answer of answers) for (const rank of answer.ranks) byTokenId.set(rank.tokenId, rank);
  return {
    ranked: answers.some((answer) => answer.ranked),
    rankedTotal: Math.max(0, ...answers.map((answer) => answer.rankedTotal)),
    byTokenId,
  };
}
