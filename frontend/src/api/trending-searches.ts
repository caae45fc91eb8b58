import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, TRENDING_LIMIT } from '@nexus/contract';
import { apiCall } from '../lib/api-client';

/**
 * The most searches the API lists: the home page keeps those naming a whitelisted collection, and
 * enough of them must come back for its top 10 (SPEC §2) when wallets outnumber collections.
 */
export const TRENDING_FETCH_LIMIT = TRENDING_LIMIT.max;

export const trendingSearchesQuery = queryOptions({
  queryKey: [API_ROUTES.trendingSearches.path, { limit: TRENDING_FETCH_LIMIT }],
  queryFn: ({ signal }) =>
    apiCall(API_ROUTES.trendingSearches, { query: { limit: TRENDING_FETCH_LIMIT }, signal }),
});

export function useTrendingSearches() {
  return useQuery(trendingSearchesQuery);
}
