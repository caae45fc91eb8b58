import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  VOTE_MESSAGES,
  VOTING,
  isVotingOpen,
  type VoteCheckResponse,
  type VoteRequest,
  type VoteResponse,
} from '@nexus/contract';
import { TooManyRequestsException } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import { VoterAddressHasher } from './voter-address.hasher.js';
import { VotesRepository, type VoteWindow } from './votes.repository.js';

export type VoteRefusal =
  { kind: 'closed' } | { kind: 'already-voted' } | { kind: 'address-cap'; retryAfterS: number };

/**
 * The rules of a vote, in order: voting open (status voting, end not reached, SPEC §4); one vote
 * per fingerprint per submission per 24 h (SPEC §6); at most `perAddress` votes per client address
 * per submission per 24 h, because the fingerprint is whatever the browser says it is.
 */
export function judgeVote(w: VoteWindow, perAddress: number): VoteRefusal | null {
  const nowMs = Date.parse(w.now);
  if (!isVotingOpen(w, nowMs)) return { kind: 'closed' };
  if (w.byVoter > 0) return { kind: 'already-voted' };
  if (w.byAddress >= perAddress) {
    // A place frees up when the oldest counted vote from this address leaves the window.
    const freesAt = Date.parse(w.oldestByAddress ?? w.now) + VOTING.voteWindowMs;
    return { kind: 'address-cap', retryAfterS: Math.max(1, Math.ceil((freesAt - nowMs) / 1000)) };
  }
  return null;
}

/**
 * A refused vote: 409 when voting is closed or this browser already voted (the state of the
 * submission refuses it); 429 with Retry-After for the address cap, a rate limit that lifts with
 * time like any other.
 */
function refusalError(refusal: VoteRefusal): Error {
  switch (refusal.kind) {
    case 'closed':
      return new ConflictException(VOTE_MESSAGES.closed);
    case 'already-voted':
      return new ConflictException(VOTE_MESSAGES.alreadyVoted);
    case 'address-cap':
      return new TooManyRequestsException(refusal.retryAfterS, VOTE_MESSAGES.tooManyFromAddress);
  }
}

/** POST /api/collection-votes and the 24 h check. */
@Injectable()
export class VotesService {
  constructor(
    private readonly config: AppConfig,
    private readonly votes: VotesRepository,
    private readonly addresses: VoterAddressHasher,
  ) {}

  async cast(body: VoteRequest, ip: string): Promise<VoteResponse> {
    const outcome = await this.votes.cast(
      {
        submissionId: body.submissionId,
        voteType: body.voteType,
        voterFingerprint: body.voterFingerprint,
        ipHash: await this.addresses.hash(ip),
      },
      VOTING.voteWindowMs,
      (window) => judgeVote(window, this.config.votesPerIpPerSubmission),
    );
    if (outcome === null) throw new NotFoundException(VOTE_MESSAGES.notFound);
    if ('refused' in outcome) throw refusalError(outcome.refused);
    return { success: true, submissionId: body.submissionId, voteType: body.voteType, ...outcome.counted };
  }

  async check(submissionId: string, fingerprint: string): Promise<VoteCheckResponse> {
    return { hasVoted: await this.votes.hasVoted(submissionId, fingerprint, VOTING.voteWindowMs) };
  }
}
