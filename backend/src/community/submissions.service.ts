import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  AUTO_APPROVE_NOTE,
  COLLECTION_CHECK_UNAVAILABLE,
  isNetwork,
  notACollectionMessage,
  REVIEWER,
  SUBMISSION_MESSAGES,
  VOTING,
  autoApproveRefusal,
  type AdminCollectionSubmission,
  type CollectionSubmission,
  type SubmissionCreatedResponse,
  type SubmissionDeletedResponse,
  type SubmissionInput,
  type SubmissionStats,
  type SubmissionStatus,
  type SubmissionUpdate,
  type SubmissionUpdatedResponse,
  type Network,
} from '@nexus/contract';
import { AddressesService } from '../addresses/index.js';
import { type WhitelistAddition, WhitelistService } from '../whitelist/index.js';
import { toAdminSubmission, toApiSubmission, type SubmissionRecord } from './submission.mapper.js';
import {
  DuplicateSubmissionError,
  SubmissionsRepository,
  type ReviewDecision,
} from './submissions.repository.js';

/** What an approved submission brings to the whitelist: never featured, the rest defaulted. */
export function whitelistAddition(s: SubmissionRecord): WhitelistAddition {
  return {
    contractAddress: s.contractAddress,
    name: s.name,
    network: s.network,
    description: s.description,
    bannerUrl: s.bannerUrl,
    logoUrl: s.logoUrl,
    website: s.website,
    discord: s.discord,
    twitter: s.twitter,
    telegram: s.telegram,
  };
}

/**
 * SPEC §4 admin review of a submission, decided on the locked row with the database's clock:
 * - any of the four statuses may be chosen; the server stamps reviewedAt (now) and reviewedBy
 *   ('Admin'), whatever the client sent;
 * - Auto-Approve (approved with the note 'Auto-approved after successful voting') only when
 *   `canAutoApprove` holds, else refused with the reason;
 * - entering voting opens a new 7-day window unless one is still running;
 * - becoming approved adds the collection to the whitelist in the same transaction.
 */
export function planReview(current: SubmissionRecord, body: SubmissionUpdate, now: string): ReviewDecision {
  const nowMs = Date.parse(now);
  if (body.status === 'approved' && body.adminNotes === AUTO_APPROVE_NOTE) {
    const refusal = autoApproveRefusal(current, nowMs);
    if (refusal !== null) return { refused: refusal };
  }
  const status: SubmissionStatus = body.status ?? current.status;
  let votingEndsAt = current.votingEndsAt;
  const windowRunning = votingEndsAt !== null && Date.parse(votingEndsAt) > nowMs;
  if (status === 'voting' && current.status !== 'voting' && !windowRunning)
    votingEndsAt = new Date(nowMs + VOTING.durationMs).toISOString();
  const approving = status === 'approved' && current.status !== 'approved';
  return {
    change: {
      status,
      adminNotes: body.adminNotes === undefined ? current.adminNotes : body.adminNotes,
      votingEndsAt,
      reviewedBy: REVIEWER,
      whitelist: approving ? whitelistAddition(current) : null,
    },
  };
}

/** Community submissions: the public form and voting list, and the admin review. */
@Injectable()
export class SubmissionsService {
  private readonly logger = new Logger(SubmissionsService.name);

  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly whitelist: WhitelistService,
    private readonly addresses: AddressesService,
  ) {}

  /**
   * SPEC §4: a new submission enters community voting at once, for 7 days. Only an ERC-721 or
   * ERC-1155 contract on the chosen network can be submitted (400 naming where it is one, if
   * anywhere): a random address was submitted, voted on, approved and shown as Featured.
   */
  async create(body: SubmissionInput): Promise<SubmissionCreatedResponse> {
    const problem = await this.notACollection(body.network, body.contractAddress);
    if (problem) throw new BadRequestException(notACollectionMessage(body.network, problem.elsewhere));
    try {
      const record = await this.submissions.create({
        contractAddress: body.contractAddress.toLowerCase(),
        network: body.network,
        name: body.name,
        description: body.description ?? '',
        website: body.website ?? '',
        discord: body.discord ?? '',
        twitter: body.twitter ?? '',
        telegram: body.telegram ?? '',
        bannerUrl: body.bannerUrl ?? '',
        logoUrl: body.logoUrl ?? '',
        submitterEmail: body.submitterEmail ?? '',
        submitterContact: body.submitterContact ?? '',
        status: 'voting',
        votingMs: VOTING.durationMs,
      });
      return { success: true, submissionId: record.id, submission: toApiSubmission(record) };
    } catch (error) {
      if (error instanceof DuplicateSubmissionError)
        throw new ConflictException(SUBMISSION_MESSAGES.duplicate);
      throw error;
    }
  }

  /** SPEC §4: the public voting screen shows only submissions in voting. */
  async listVoting(): Promise<CollectionSubmission[]> {
    return (await this.submissions.listVoting()).map(toApiSubmission);
  }

  async list(status: SubmissionStatus | undefined): Promise<AdminCollectionSubmission[]> {
    return (await this.submissions.list(status ?? null)).map(toAdminSubmission);
  }

  stats(): Promise<SubmissionStats> {
    return this.submissions.stats();
  }

  async update(id: string, body: SubmissionUpdate): Promise<SubmissionUpdatedResponse> {
    if (body.status === 'approved') await this.checkBeforeApproval(id);
    const outcome = await this.submissions.review(id, (current, now) => planReview(current, body, now));
    if (outcome === null) throw new NotFoundException(SUBMISSION_MESSAGES.notFound);
    if ('refused' in outcome) throw new ConflictException(outcome.refused);
    const { submission, whitelistedCollectionId } = outcome;
    if (whitelistedCollectionId === null) return { success: true, submission: toAdminSubmission(submission) };
    await this.refreshWhitelist();
    return { success: true, submission: toAdminSubmission(submission), whitelistedCollectionId };
  }

  /**
   * An approval puts the collection on the whitelist: its contract is checked on chain again (a
   * submission stored before the check, or a contract gone since), and the approval refused (409)
   * with the reason when it is no collection there.
   */
  private async checkBeforeApproval(id: string): Promise<void> {
    const current = await this.submissions.find(id);
    if (!current || current.status === 'approved' || !isNetwork(current.network)) return;
    const network = current.network;
    const problem = await this.notACollection(network, current.contractAddress);
    if (problem) throw new ConflictException(notACollectionMessage(network, problem.elsewhere, true));
  }

  /** Null when `address` is a collection on `network`; else the networks where it is one. 503 when unknown. */
  private async notACollection(network: Network, address: string): Promise<{ elsewhere: Network[] } | null> {
    try {
      const { found, elsewhere } = await this.addresses.collectionOn(network, address);
      return found ? null : { elsewhere };
    } catch (error) {
      this.logger.warn(`collection ${address} on ${network} not checked: ${String(error)}`);
      throw new ServiceUnavailableException(COLLECTION_CHECK_UNAVAILABLE);
    }
  }

  async remove(id: string): Promise<SubmissionDeletedResponse> {
    if (!(await this.submissions.delete(id))) throw new NotFoundException(SUBMISSION_MESSAGES.notFound);
    return { success: true };
  }

  /**
   * The approval and the whitelist row are committed together; the cached list is derived. If
   * Redis cannot take the new list, the approval stands (answering 500 would invite a retry of a
   * done change) and the list catches up when the cache entry expires or is cleared.
   */
  private async refreshWhitelist(): Promise<void> {
    try {
      await this.whitelist.refresh();
    } catch (error) {
      this.logger.warn(`whitelist cache not refreshed after an approval: ${String(error)}`);
    }
  }
}
