import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoBarSettings } from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';

export const PROMO_BAR_SETTINGS_PATH = '/api/promo-bar-settings';
/** SPEC §9: the promo bar polls its settings every 30 s. */
export const PROMO_BAR_REFETCH_MS = 30_000;

export const promoBarSettingsQuery = queryOptions({
  queryKey: [PROMO_BAR_SETTINGS_PATH],
  queryFn: ({ signal }) => apiRequest<PromoBarSettings>(PROMO_BAR_SETTINGS_PATH, { signal }),
  refetchInterval: PROMO_BAR_REFETCH_MS,
});

export function usePromoBarSettings() {
  return useQuery(promoBarSettingsQuery);
}
