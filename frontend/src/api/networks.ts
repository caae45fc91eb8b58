import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, type Network } from '@nexus/contract';
import { apiCall } from '../lib/api-client';

export const networksQuery = queryOptions({
  queryKey: [API_ROUTES.networks.path],
  queryFn: ({ signal }) => apiCall(API_ROUTES.networks, { signal }),
  // Fixed for the life of the server.
  staleTime: Infinity,
});

/**
 * Whether the network runs on a local dev chain: `true` / `false`, or `null` while unknown (then
 * nothing links out: a dev chain's addresses must never point at a public explorer).
 */
export function useIsDevchain(network: Network): boolean | null {
  const { data } = useQuery(networksQuery);
  const info = data?.networks.find((n) => n.network === network);
  return info ? info.devchain : null;
}
