import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, type WhitelistedCollection } from '@nexus/contract';
import { apiCall } from '../lib/api-client';

export const whitelistedCollectionsQuery = queryOptions({
  queryKey: [API_ROUTES.whitelistedCollections.path],
  queryFn: ({ signal }) => apiCall(API_ROUTES.whitelistedCollections, { signal }),
});

export function useWhitelistedCollections() {
  return useQuery(whitelistedCollectionsQuery);
}

/** SPEC §9: the featured collection first, then by name. */
export function sortWhitelist(collections: readonly WhitelistedCollection[]): WhitelistedCollection[] {
  return [...collections].sort(
    (a, b) =>
      Number(b.isFeatured) - Number(a.isFeatured) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
}

export function featuredContractSet(collections: readonly WhitelistedCollection[] | undefined): Set<string> {
  return new Set((collections ?? []).filter((c) => c.isFeatured).map((c) => c.contractAddress.toLowerCase()));
}
