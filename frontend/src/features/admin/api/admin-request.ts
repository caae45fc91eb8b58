import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { API_ROUTES } from '@nexus/contract';
import { apiCallWith, isApiStatus } from '../../../lib/api-client';
import { useAdminSession } from '../stores/admin-session-store';

/**
 * Every call of the admin screens. The server's session is the truth: a 401 means it is gone
 * (expired, logged out elsewhere), so the local hint is dropped and the screens fall back to
 * the login / 'Admin Access Required'.
 */
export const adminRequest = apiCallWith((error) => {
  if (isApiStatus(error, 401)) useAdminSession.getState().signOut();
});

/** Query keys of admin data: one root, so leaving the session drops all of it at once. */
export const adminKeys = {
  all: ['admin'] as const,
  submissions: ['admin', 'collection-submissions'] as const,
  submissionList: (status: string) => ['admin', 'collection-submissions', 'list', status] as const,
  submissionStats: ['admin', 'collection-submissions', 'stats'] as const,
  promoAssets: ['admin', 'promo-assets'] as const,
  promoBarSettings: ['admin', 'promo-bar-settings'] as const,
  cacheStats: ['admin', 'cache-stats'] as const,
  securityStatus: ['admin', 'security-status'] as const,
};

/**
 * Visitor-side queries an admin change makes stale (keyed by their path, as the app's public
 * queries are), refreshed so this tab's home and vote screens show the change at once.
 */
export const publicKeys = {
  whitelist: [API_ROUTES.whitelistedCollections.path] as const,
  votingSubmissions: [API_ROUTES.votingSubmissions.path] as const,
  activePromoAssets: [API_ROUTES.activePromoAssets.path] as const,
  promoBarSettings: [API_ROUTES.promoBarSettings.path] as const,
};

/**
 * A change of admin data; the queries under the `stale` keys are read again after it, however it
 * ended, or (`after: 'success'`) only once it succeeded, the change pending until they are read.
 */
export function useAdminMutation<TVariables = void, TData = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: readonly QueryKey[],
  after: 'settled' | 'success' = 'settled',
) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    ...(after === 'success' ? { onSuccess: refresh } : { onSettled: refresh }),
  });
}
