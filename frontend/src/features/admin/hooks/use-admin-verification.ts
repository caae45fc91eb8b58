import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminKeys } from '../api/admin-request';
import { verifyAdminSession } from '../api/admin-auth';
import { useAdminSession } from '../stores/admin-session-store';

export type AdminAccess = 'checking' | 'signed-in' | 'signed-out';

/**
 * SPEC §4: a stored admin flag is re-verified with the server on load and removed if that fails.
 * Until the server answered, the screen shows neither the content nor the access notice.
 */
export function useAdminVerification(): AdminAccess {
  const queryClient = useQueryClient();
  const authenticated = useAdminSession((state) => state.authenticated);
  const verified = useAdminSession((state) => state.verified);
  const markVerified = useAdminSession((state) => state.markVerified);

  useEffect(() => {
    if (!authenticated || verified) return;
    let cancelled = false;
    verifyAdminSession().then(
      () => {
        if (!cancelled) markVerified(true);
      },
      () => {
        if (!cancelled) markVerified(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [authenticated, verified, markVerified]);

  // Admin data must not outlive the session in memory.
  useEffect(() => {
    if (!authenticated) queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [authenticated, queryClient]);

  if (!authenticated) return 'signed-out';
  return verified ? 'signed-in' : 'checking';
}
