import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SubmissionStatus, VoteCounts, VoteType } from '@nexus/contract';
import { executeBound, isoUtc as iso } from '../platform/database/index.js';

/** What the rules of a vote look at, read under the submission's row lock. */
export interface VoteWindow {
  status: SubmissionStatus;
  votingEndsAt: string | null;
  /** The database's clock (ISO). */
  now: string;
  /** Votes of this fingerprint on this submission within the window. */
  byVoter: number;
  /** Votes from this address on this submission within the window, and the oldest of them (ISO). */
  byAddress: number;
  oldestByAddress: string | null;
}

export interface NewVote {
  submissionId: string;
  voteType: VoteType;
  voterFingerprint: string;
  ipHash: string;
}

export type VoteOutcome<R> = { refused: R } | { counted: VoteCounts };

/** PostgreSQL access for votes and the vote totals of their submission. */
@Injectable()
export class VotesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records a vote unless `decide` refuses it; null when the submission does not exist.
   *
   * Why a row lock: `select … for update` on the submission serializes every vote on that
   * submission, so each one sees all the votes committed before it. One lock holds three rules that
   * no single constraint can: one vote per fingerprint in a rolling 24 h window (a unique index
   * cannot express a window, and `on conflict` on one row per voter would lose the votes after the
   * first day), the cap per address (a count), and voting still open against a concurrent admin
   * review (which takes the same lock). The totals are incremented in the same transaction as the
   * vote row, so they always equal the rows. The cost: votes on one submission wait for each other
   * for a few milliseconds; votes on different submissions do not.
   */
  async cast<R>(
    vote: NewVote,
    windowMs: number,
    decide: (window: VoteWindow) => R | null,
  ): Promise<VoteOutcome<R> | null> {
    return this.em.fork().transactional(async (em) => {
      const [submission] = await executeBound<Pick<VoteWindow, 'status' | 'votingEndsAt' | 'now'>>(
        em,
        `select status, ${iso('voting_ends_at')} as "votingEndsAt", ${iso('now()')} as "now"
           from collection_submission where id = $1 for update`,
        [vote.submissionId],
      );
      if (!submission) return null;
      const [recent] = await executeBound<Pick<VoteWindow, 'byVoter' | 'byAddress' | 'oldestByAddress'>>(
        em,
        `select count(*) filter (where voter_fingerprint = $2)::int as "byVoter",
                count(*) filter (where ip_hash = $3)::int as "byAddress",
                ${iso('min(created_at) filter (where ip_hash = $3)')} as "oldestByAddress"
           from collection_vote
          where submission_id = $1 and created_at > now() - $4::float8 * interval '1 millisecond'
            and (voter_fingerprint = $2 or ip_hash = $3)`,
        [vote.submissionId, vote.voterFingerprint, vote.ipHash, windowMs],
      );
      const refused = decide({ ...submission, ...recent! });
      if (refused !== null) return { refused };
      await executeBound(
        em,
        `insert into collection_vote (created_at, updated_at, submission_id, vote_type, voter_fingerprint, ip_hash)
         values (now(), now(), $1, $2, $3, $4)`,
        [vote.submissionId, vote.voteType, vote.voterFingerprint, vote.ipHash],
      );
      const yes = vote.voteType === 'yes' ? 1 : 0;
      const [counted] = await executeBound<VoteCounts>(
        em,
        `update collection_submission
            set yes_votes = yes_votes + $2, no_votes = no_votes + $3, total_votes = total_votes + 1,
                updated_at = now()
          where id = $1
          returning yes_votes as "yesVotes", no_votes as "noVotes", total_votes as "totalVotes"`,
        [vote.submissionId, yes, 1 - yes],
      );
      return { counted: counted! };
    });
  }

  /** A vote of this fingerprint on this submission within the window. */
  async hasVoted(submissionId: string, voterFingerprint: string, windowMs: number): Promise<boolean> {
    const rows = await executeBound<{ one: number }>(
      this.em.fork(),
      `select 1 as one from collection_vote
        where submission_id = $1 and voter_fingerprint = $2
          and created_at > now() - $3::float8 * interval '1 millisecond'
        limit 1`,
      [submissionId, voterFingerprint, windowMs],
    );
    return rows.length > 0;
  }
}
