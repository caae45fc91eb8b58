import type { AdminCollectionSubmission, CollectionSubmission } from '@nexus/contract';

/** A stored submission as the repository reads it: times are ISO strings, as on the wire. */
export type SubmissionRecord = AdminCollectionSubmission;

/** What visitors see: everything but the submitter's contact details. */
export function toApiSubmission(r: SubmissionRecord): CollectionSubmission {
  return {
    id: r.id,
    name: r.name,
    network: r.network,
    contractAddress: r.contractAddress,
    description: r.description,
    website: r.website,
    discord: r.discord,
    twitter: r.twitter,
    telegram: r.telegram,
    bannerUrl: r.bannerUrl,
    logoUrl: r.logoUrl,
    status: r.status,
    totalVotes: r.totalVotes,
    yesVotes: r.yesVotes,
    noVotes: r.noVotes,
    votingEndsAt: r.votingEndsAt,
    submittedAt: r.submittedAt,
    adminNotes: r.adminNotes,
    reviewedAt: r.reviewedAt,
    reviewedBy: r.reviewedBy,
  };
}

/** The admin view: the visitor's view plus the submitter's email and contact. */
export function toAdminSubmission(r: SubmissionRecord): AdminCollectionSubmission {
  return { ...toApiSubmission(r), submitterEmail: r.submitterEmail, submitterContact: r.submitterContact };
}
