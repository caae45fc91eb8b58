import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

/** SPEC §9: the promo bar polls its settings every 30 s. */
export const PROMO_BAR_REFETCH_MS = 30_000;

export const promoBarSettingsQuery = queryOptions({
  queryKey: [API_ROUTES.promoBarSettings.path],
  queryFn: ({ signal }) => apiCall(API_ROUTES.promoBarSettings, { signal }),
  refetchInterval: PROMO_BAR_REFETCH_MS,
});

export function usePromoBarSettings() {
  return useQuery(promoBarSettingsQuery);
}
