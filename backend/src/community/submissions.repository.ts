import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SubmissionInput, SubmissionStats, SubmissionStatus } from '@nexus/contract';
import { executeBound, isoUtc as iso } from '../platform/database/index.js';
import { WhitelistRepository, type WhitelistAddition } from '../whitelist/index.js';
import type { SubmissionRecord } from './submission.mapper.js';

/** The same contract was already submitted on the same network. */
export class DuplicateSubmissionError extends Error {}

/** Every column of a submission, named as SubmissionRecord names them. */
export const SUBMISSION_COLUMNS = `id::text as "id", ${iso('created_at')} as "submittedAt",
  contract_address as "contractAddress", network, name, description, website, discord, twitter,
  telegram, banner_url as "bannerUrl", logo_url as "logoUrl", submitter_email as "submitterEmail",
  submitter_contact as "submitterContact", status, yes_votes as "yesVotes", no_votes as "noVotes",
  total_votes as "totalVotes", ${iso('voting_ends_at')} as "votingEndsAt", admin_notes as "adminNotes",
  ${iso('reviewed_at')} as "reviewedAt", reviewed_by as "reviewedBy"`;

/** Every field of the SPEC §3 payload, defaulted. */
export interface NewSubmission extends Required<SubmissionInput> {
  /** Lower-case. */
  contractAddress: string;
  status: SubmissionStatus;
  /** Voting closes this long after the submission is stored (database clock). */
  votingMs: number;
}

/** The state a review writes: every reviewable field, stamped. */
export interface ReviewChange {
  status: SubmissionStatus;
  adminNotes: string | null;
  votingEndsAt: string | null;
  reviewedBy: string;
  /** Add the collection to the whitelist in the same transaction. */
  whitelist: WhitelistAddition | null;
}

export type ReviewDecision = { refused: string } | { change: ReviewChange };

export type ReviewOutcome =
  { refused: string } | { submission: SubmissionRecord; whitelistedCollectionId: string | null };

/** PostgreSQL access for community submissions. */
@Injectable()
export class SubmissionsRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly whitelist: WhitelistRepository,
  ) {}

  /** Stored with votingEndsAt = the database's now + votingMs; a duplicate throws DuplicateSubmissionError. */
  async create(s: NewSubmission): Promise<SubmissionRecord> {
    try {
      const [row] = await executeBound<SubmissionRecord>(
        this.em.fork(),
        `insert into collection_submission
           (created_at, updated_at, contract_address, network, name, description, website, discord,
            twitter, telegram, banner_url, logo_url, submitter_email, submitter_contact, status,
            voting_ends_at)
         values (now(), now(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
                 now() + $14::float8 * interval '1 millisecond')
         returning ${SUBMISSION_COLUMNS}`,
        [
          s.contractAddress,
          s.network,
          s.name,
          s.description,
          s.website,
          s.discord,
          s.twitter,
          s.telegram,
          s.bannerUrl,
          s.logoUrl,
          s.submitterEmail,
          s.submitterContact,
          s.status,
          s.votingMs,
        ],
      );
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateSubmissionError();
      throw error;
    }
  }

  /** One submission, or null. */
  async find(id: string): Promise<SubmissionRecord | null> {
    const [row] = await executeBound<SubmissionRecord>(
      this.em.fork(),
      `select ${SUBMISSION_COLUMNS} from collection_submission where id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** Submissions in voting, the soonest end first. */
  async listVoting(): Promise<SubmissionRecord[]> {
    return executeBound<SubmissionRecord>(
      this.em.fork(),
      `select ${SUBMISSION_COLUMNS} from collection_submission
        where status = 'voting' order by voting_ends_at asc, id asc`,
      [],
    );
  }

  /** Newest first; all statuses when `status` is null. */
  async list(status: SubmissionStatus | null): Promise<SubmissionRecord[]> {
    return status === null
      ? executeBound<SubmissionRecord>(
          this.em.fork(),
          `select ${SUBMISSION_COLUMNS} from collection_submission order by created_at desc, id desc`,
          [],
        )
      : executeBound<SubmissionRecord>(
          this.em.fork(),
          `select ${SUBMISSION_COLUMNS} from collection_submission
            where status = $1 order by created_at desc, id desc`,
          [status],
        );
  }

  async stats(): Promise<SubmissionStats> {
    const rows = await executeBound<{ status: SubmissionStatus; n: number }>(
      this.em.fork(),
      `select status, count(*)::int as n from collection_submission group by status`,
      [],
    );
    const stats: SubmissionStats = { total: 0, pending: 0, voting: 0, approved: 0, rejected: 0 };
    for (const { status, n } of rows) {
      stats[status] = n;
      stats.total += n;
    }
    return stats;
  }

  /**
   * An admin review, all or nothing: the submission's row is locked, `decide` sees it with the
   * database's now (one clock for every node), and the change and any whitelisting commit together.
   * Null when there is no such submission.
   */
  async review(
    id: string,
    decide: (current: SubmissionRecord, now: string) => ReviewDecision,
  ): Promise<ReviewOutcome | null> {
    return this.em.fork().transactional(async (em) => {
      const [current] = await executeBound<SubmissionRecord & { now: string }>(
        em,
        `select ${SUBMISSION_COLUMNS}, ${iso('now()')} as "now"
           from collection_submission where id = $1 for update`,
        [id],
      );
      if (!current) return null;
      const { now, ...submission } = current;
      const decision = decide(submission, now);
      if ('refused' in decision) return decision;
      const { change } = decision;
      const [updated] = await executeBound<SubmissionRecord>(
        em,
        `update collection_submission
            set status = $2, admin_notes = $3, voting_ends_at = $4::timestamptz, reviewed_at = now(),
                reviewed_by = $5, updated_at = now()
          where id = $1
          returning ${SUBMISSION_COLUMNS}`,
        [id, change.status, change.adminNotes, change.votingEndsAt, change.reviewedBy],
      );
      const whitelisted = change.whitelist ? await this.whitelist.addIfAbsent(em, change.whitelist) : null;
      return { submission: updated!, whitelistedCollectionId: whitelisted?.id ?? null };
    });
  }

  /** False when there was no such submission; its votes go with it (on delete cascade). */
  async delete(id: string): Promise<boolean> {
    const rows = await executeBound<{ id: string }>(
      this.em.fork(),
      `delete from collection_submission where id = $1 returning id::text as id`,
      [id],
    );
    return rows.length > 0;
  }
}

const ONE_PER_CONTRACT = 'collection_submission_network_contract_address_unique';

/** The unique (network, contract) constraint refused the row; raw SQL gets the driver's error. */
function isUniqueViolation(error: unknown): boolean {
  if (error instanceof UniqueConstraintViolationException) return true;
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return typeof e === 'object' && e !== null && e.code === '23505' && e.constraint === ONE_PER_CONTRACT;
}
