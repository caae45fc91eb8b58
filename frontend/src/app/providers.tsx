import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { trendingSearchesQuery } from '../api/trending-searches';
import { whitelistedCollectionsQuery } from '../api/whitelisted-collections';
import { Toaster } from '../components/toast/toaster';

const PREFETCH_DELAY_MS = 2000;

/** SPEC §1: whitelisted collections and trending searches are prefetched about 2 s after load. */
function usePrefetchHomeData(queryClient: QueryClient): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      void queryClient.prefetchQuery(whitelistedCollectionsQuery);
      void queryClient.prefetchQuery(trendingSearchesQuery);
    }, PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [queryClient]);
}

export function AppProviders({
  children,
  client: queryClient,
}: {
  children: ReactNode;
  client: QueryClient;
}) {
  usePrefetchHomeData(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
