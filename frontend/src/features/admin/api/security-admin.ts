import { useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@nexus/contract';
import { adminKeys, adminRequest, useAdminMutation } from './admin-request';

/** SPEC §9: the security view refreshes every 30 s. */
export const SECURITY_REFRESH_MS = 30_000;

export function useSecurityStatus() {
  return useQuery({
    queryKey: adminKeys.securityStatus,
    queryFn: ({ signal }) => adminRequest(API_ROUTES.securityStatus, { signal }),
    refetchInterval: SECURITY_REFRESH_MS,
    staleTime: SECURITY_REFRESH_MS,
    refetchOnMount: 'always',
  });
}

export function useClearSuspiciousIp() {
  return useAdminMutation(
    (ip: string) => adminRequest(API_ROUTES.clearSuspiciousIp, { body: { ip } }),
    [adminKeys.securityStatus],
  );
}
