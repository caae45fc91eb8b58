import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, VOTING } from '@nexus/contract';
import { apiCall } from '../lib/api-client';

/** The query key of the list (its path), invalidated after a vote or a new submission. */
export const VOTING_SUBMISSIONS_PATH = API_ROUTES.votingSubmissions.path;

/** SPEC §7: active submissions, refetched every 30 s and invalidated after a vote. */
export const votingSubmissionsQuery = queryOptions({
  queryKey: [VOTING_SUBMISSIONS_PATH],
  queryFn: ({ signal }) => apiCall(API_ROUTES.votingSubmissions, { signal }),
  // SPEC §4: the public screens show only submissions in voting, whatever else the answer holds.
  select: (submissions) => submissions.filter((submission) => submission.status === 'voting'),
  refetchInterval: VOTING.refreshMs,
});

export function useVotingSubmissions() {
  return useQuery(votingSubmissionsQuery);
}
