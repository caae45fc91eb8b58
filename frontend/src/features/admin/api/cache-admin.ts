import { useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@nexus/contract';
import { adminKeys, adminRequest, useAdminMutation } from './admin-request';

export function useCacheStats() {
  return useQuery({
    queryKey: adminKeys.cacheStats,
    queryFn: ({ signal }) => adminRequest(API_ROUTES.cacheStats, { signal }),
    refetchOnMount: 'always',
  });
}

export function useClearCache() {
  return useAdminMutation(() => adminRequest(API_ROUTES.clearCache), [adminKeys.cacheStats]);
}
