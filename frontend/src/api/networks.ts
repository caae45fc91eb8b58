import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Network, NetworksResponse } from '@nexus/contract';
import { apiRequest } from '../lib/api-client';

export const NETWORKS_PATH = '/api/networks';

export const networksQuery = queryOptions({
  queryKey: [NETWORKS_PATH],
  queryFn: ({ signal }) => apiRequest<NetworksResponse>(NETWORKS_PATH, { signal }),
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
