import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

export const donationsQuery = queryOptions({
  queryKey: [API_ROUTES.donations.path],
  queryFn: ({ signal }) => apiCall(API_ROUTES.donations, { signal }),
});

export function useDonations() {
  return useQuery(donationsQuery);
}
