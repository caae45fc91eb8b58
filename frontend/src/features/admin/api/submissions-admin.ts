import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, REVIEWER, VOTING, type SubmissionStatus, type SubmissionUpdate } from '@nexus/contract';
import { adminKeys, adminRequest, publicKeys, useAdminMutation } from './admin-request';

/** 'all' lists every status (no filter sent). */
export type SubmissionFilter = SubmissionStatus | 'all';

const polling = { refetchInterval: VOTING.refreshMs, staleTime: VOTING.refreshMs } as const;

export function useAdminSubmissions(filter: SubmissionFilter) {
  return useQuery({
    queryKey: adminKeys.submissionList(filter),
    queryFn: ({ signal }) =>
      adminRequest(API_ROUTES.adminSubmissions, {
        query: { status: filter === 'all' ? undefined : filter },
        signal,
      }),
    ...polling,
  });
}

export function useSubmissionStats() {
  return useQuery({
    queryKey: adminKeys.submissionStats,
    queryFn: ({ signal }) => adminRequest(API_ROUTES.adminSubmissionStats, { signal }),
    ...polling,
  });
}

/** SPEC §4: the update stamps reviewedAt with the current time and reviewedBy with 'Admin'. */
export function reviewBody(status: SubmissionStatus, adminNotes: string, now = new Date()): SubmissionUpdate {
  return { status, adminNotes, reviewedAt: now.toISOString(), reviewedBy: REVIEWER };
}

/**
 * SPEC §4: after any update or delete the lists and stats are refetched. An approval can add the
 * collection to the whitelist.
 */
const REVIEW_QUERIES = [adminKeys.submissions, publicKeys.votingSubmissions, publicKeys.whitelist];

export function useUpdateSubmission() {
  return useAdminMutation(
    ({ id, body }: { id: string; body: SubmissionUpdate }) =>
      adminRequest(API_ROUTES.updateSubmission, { params: { id }, body }),
    REVIEW_QUERIES,
  );
}

export function useDeleteSubmission() {
  return useAdminMutation(
    (id: string) => adminRequest(API_ROUTES.deleteSubmission, { params: { id } }),
    REVIEW_QUERIES,
  );
}
