import { useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@nexus/contract';
import { adminRequest } from './admin-request';
import { SECURITY_REFRESH_MS } from './security-admin';

/** Each network's JSON-RPC nodes, refreshed with the rest of the security view. */
export function useRpcProviders() {
  return useQuery({
    queryKey: ['admin', 'rpc-providers'] as const,
    queryFn: ({ signal }) => adminRequest(API_ROUTES.rpcProviders, { signal }),
    refetchInterval: SECURITY_REFRESH_MS,
    staleTime: SECURITY_REFRESH_MS,
    refetchOnMount: 'always',
  });
}
