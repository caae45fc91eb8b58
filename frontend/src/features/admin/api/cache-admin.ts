import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES } from '@nexus/contract';
import { adminKeys, adminRequest } from './admin-request';

export function useCacheStats() {
  return useQuery({
    queryKey: adminKeys.cacheStats,
    queryFn: ({ signal }) => adminRequest(API_ROUTES.cacheStats, { signal }),
    refetchOnMount: 'always',
  });
}

export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest(API_ROUTES.clearCache),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.cacheStats }),
  });
}
