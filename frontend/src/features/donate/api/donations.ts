import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DonationEntry } from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';

const DONATIONS_PATH = '/api/donations';

export const donationsQuery = queryOptions({
  queryKey: [DONATIONS_PATH],
  queryFn: ({ signal }) => apiRequest<DonationEntry[]>(DONATIONS_PATH, { signal }),
});

export function useDonations() {
  return useQuery(donationsQuery);
}
