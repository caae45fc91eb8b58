import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoAsset } from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';

export const ACTIVE_PROMO_ASSETS_PATH = '/api/promo-assets/active';

export const activePromoAssetsQuery = queryOptions({
  queryKey: [ACTIVE_PROMO_ASSETS_PATH],
  queryFn: ({ signal }) => apiRequest<PromoAsset[]>(ACTIVE_PROMO_ASSETS_PATH, { signal }),
});

/** SPEC §7: the first active asset is the one shown; none on error. */
export function useActivePromoAsset(): PromoAsset | null {
  const { data, isError } = useQuery(activePromoAssetsQuery);
  if (isError || !Array.isArray(data)) return null;
  return data.find((asset) => asset.isActive !== false) ?? null;
}
