import type { VoteCheckResponse, VoteRequest, VoteResponse } from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';

export function castVote(payload: VoteRequest): Promise<VoteResponse> {
  return apiRequest<VoteResponse>('/api/collection-votes', { method: 'POST', body: payload });
}

/** A failed check counts as not voted (SPEC §7). */
export async function hasVoted(
  submissionId: string,
  fingerprint: string,
  signal?: AbortSignal,
): Promise<boolean> {
  try {
    const answer = await apiRequest<Partial<VoteCheckResponse> | undefined>(
      `/api/collection-votes/${encodeURIComponent(submissionId)}/check`,
      { query: { fingerprint }, signal },
    );
    return answer?.hasVoted === true;
  } catch {
    return false;
  }
}
