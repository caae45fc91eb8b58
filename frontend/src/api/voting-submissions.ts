import { queryOptions, useQuery } from '@tanstack/react-query';
import { VOTING, type CollectionSubmission } from '@nexus/contract';
import { apiRequest } from '../lib/api-client';

export const VOTING_SUBMISSIONS_PATH = '/api/collection-submissions/voting';

/** SPEC §7: active submissions, refetched every 30 s and invalidated after a vote. */
export const votingSubmissionsQuery = queryOptions({
  queryKey: [VOTING_SUBMISSIONS_PATH],
  queryFn: ({ signal }) => apiRequest<CollectionSubmission[]>(VOTING_SUBMISSIONS_PATH, { signal }),
  // SPEC §4: the public screens show only submissions in voting, whatever else the answer holds.
  select: (submissions) => submissions.filter((submission) => submission.status === 'voting'),
  refetchInterval: VOTING.refreshMs,
});

export function useVotingSubmissions() {
  return useQuery(votingSubmissionsQuery);
}
