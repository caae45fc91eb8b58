import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CacheStats, ClearCacheResponse } from '@nexus/contract';
import { adminKeys, adminRequest } from './admin-request';

export function useCacheStats() {
  return useQuery({
    queryKey: adminKeys.cacheStats,
    queryFn: ({ signal }) => adminRequest<CacheStats>('/api/admin/cache-stats', { signal }),
    refetchOnMount: 'always',
  });
}

export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<ClearCacheResponse>('/api/admin/clear-cache', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.cacheStats }),
  });
}
