import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VOTING, type VoteType } from '@nexus/contract';
import { VOTING_SUBMISSIONS_PATH } from '../../../api/voting-submissions';
import { toast } from '../../../components/toast/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { castVote, hasVoted } from '../api/collection-votes';

const CHECK_KEY = 'collection-vote-check';

/** SPEC §7: has this browser voted on the submission (keyed by fingerprint), refetched every 30 s. */
export function useHasVoted(submissionId: string, fingerprint: string) {
  return useQuery({
    queryKey: [CHECK_KEY, fingerprint, submissionId],
    queryFn: ({ signal }) => hasVoted(submissionId, fingerprint, signal),
    refetchInterval: VOTING.refreshMs,
  });
}

/** SPEC §8 fallbacks of 'Vote Failed' when the server sent no message of its own. */
export const VOTE_FAILED_FALLBACK = {
  page: 'Failed to record vote',
  widget: 'Failed to record vote. You may have already voted within the last 24 hours.',
} as const;

export interface CastVoteVariables {
  submissionId: string;
  voteType: VoteType;
}

export function useCastVote(fingerprint: string, failureFallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, voteType }: CastVoteVariables) =>
      castVote({ submissionId, voteType, voterFingerprint: fingerprint }),
    onSuccess: async () => {
      toast({ title: 'Vote Recorded!', description: 'Thank you for voting.', variant: 'success' });
      // SPEC §7: a vote refreshes the voting list and the checks.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [VOTING_SUBMISSIONS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [CHECK_KEY] }),
      ]);
    },
    onError: async (error, { submissionId }) => {
      const serverMessage = error instanceof ApiRequestError ? error.serverMessage : null;
      toast({ title: 'Vote Failed', description: serverMessage ?? failureFallback, variant: 'destructive' });
      // A refusal is often 'already voted' from another tab: the check then shows the voted state.
      await queryClient.invalidateQueries({ queryKey: [CHECK_KEY, fingerprint, submissionId] });
    },
  });
}
