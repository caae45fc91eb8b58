import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, type PromoAsset } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

export const activePromoAssetsQuery = queryOptions({
  queryKey: [API_ROUTES.activePromoAssets.path],
  queryFn: ({ signal }) => apiCall(API_ROUTES.activePromoAssets, { signal }),
});

/** SPEC §7: the first active asset is the one shown; none on error. */
export function useActivePromoAsset(): PromoAsset | null {
  const { data, isError } = useQuery(activePromoAssetsQuery);
  if (isError || !Array.isArray(data)) return null;
  return data.find((asset) => asset.isActive !== false) ?? null;
}
