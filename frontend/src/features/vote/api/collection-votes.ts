import { API_ROUTES, type VoteCheckResponse, type VoteRequest, type VoteResponse } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

export function castVote(payload: VoteRequest): Promise<VoteResponse> {
  return apiCall(API_ROUTES.castVote, { body: payload });
}

/** A failed check counts as not voted (SPEC §7). */
export async function hasVoted(
  submissionId: string,
  fingerprint: string,
  signal?: AbortSignal,
): Promise<boolean> {
  try {
    const answer: Partial<VoteCheckResponse> | undefined = await apiCall(API_ROUTES.voteCheck, {
      params: { id: submissionId },
      query: { fingerprint },
      signal,
    });
    return answer?.hasVoted === true;
  } catch {
    return false;
  }
}
