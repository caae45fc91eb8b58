import { useQuery } from '@tanstack/react-query';
import { trendingSearchesQuery } from '../../../api/trending-searches';

/** The home page reads the trending searches (and so 'Total Searches') again this often while open. */
export const HOME_TRENDING_REFETCH_MS = 30_000;

/**
 * Trending searches as the home page shows them: unlike the app's other lists, polled every 30 s
 * (like the promo bar and the votes) and read again when the visitor comes back to the tab, so the
 * total of searches follows the server's count instead of staying at its first value.
 */
export function useLiveTrendingSearches() {
  return useQuery({
    ...trendingSearchesQuery,
    staleTime: HOME_TRENDING_REFETCH_MS,
    refetchInterval: HOME_TRENDING_REFETCH_MS,
    refetchOnWindowFocus: 'always',
  });
}
