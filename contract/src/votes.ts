/** SPEC §5: a vote is yes or no. */
export const VOTE_TYPES = ['yes', 'no'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/** SPEC §3 vote payload (POST /api/collection-votes). */
export interface VoteRequest {
  submissionId: string;
  voteType: VoteType;
  /** SPEC §3: short base-36 string made by the browser, kept as votingFingerprint. */
  voterFingerprint: string;
}

/** POST /api/collection-votes answer: the submission's totals after this vote. */
export interface VoteResponse {
  success: true;
  submissionId: string;
  voteType: VoteType;
  yesVotes: number;
  noVotes: number;
  totalVotes: number;
}

/** GET /api/collection-votes/{id}/check?fingerprint= answer. */
export interface VoteCheckResponse {
  hasVoted: boolean;
}

/** Bounds of a fingerprint the server accepts: the browser's hash is 1–13 base-36 digits. */
export const FINGERPRINT_PATTERN = /^[0-9a-z]{1,64}$/;

/** Local storage key of the fingerprint (SPEC §9). */
export const FINGERPRINT_STORAGE_KEY = 'votingFingerprint';

export const VOTE_MESSAGES = {
  notFound: 'Submission not found',
  closed: 'Voting is closed for this submission',
  alreadyVoted: 'You have already voted on this submission within the last 24 hours',
  tooManyFromAddress: 'Too many votes on this submission from your network within the last 24 hours',
  fingerprint: 'voterFingerprint must be the base-36 fingerprint of this browser',
  voteType: "voteType must be 'yes' or 'no'",
} as const;
