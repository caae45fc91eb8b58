import { EVM_ADDRESS_PATTERN } from './addresses.js';
import { ENABLED_NETWORKS, NETWORK_LABELS, type AnyNetwork, type Network } from './networks.js';

/** SPEC §4: the four statuses of a community submission. */
export const SUBMISSION_STATUSES = ['pending', 'voting', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** SPEC §9 voting constants. */
export const VOTING = {
  /** A new submission is open for this long. */
  durationMs: 7 * 24 * 60 * 60 * 1000,
  durationDays: 7,
  /** Fewest votes for a decision. */
  minVotes: 50,
  /** One vote per voter per submission in this window. */
  voteWindowMs: 24 * 60 * 60 * 1000,
  /** Lists, checks, stats refresh (ms). */
  refreshMs: 30_000,
} as const;

/** SPEC §4: what an auto-approval writes, and who the reviewer of every admin update is. */
export const AUTO_APPROVE_NOTE = 'Auto-approved after successful voting';
export const REVIEWER = 'Admin';

/** SPEC §3 collection submission, as the vote and admin screens read it. */
export interface CollectionSubmission {
  id: string;
  name: string;
  network: AnyNetwork;
  contractAddress: string;
  description: string;
  website: string;
  discord: string;
  twitter: string;
  telegram: string;
  bannerUrl: string;
  logoUrl: string;
  status: SubmissionStatus;
  totalVotes: number;
  yesVotes: number;
  noVotes: number;
  /** ISO time; null only for a submission that never entered voting. */
  votingEndsAt: string | null;
  submittedAt: string;
  adminNotes: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
}

/** The admin view adds the submitter's contact details (never shown to visitors). */
export interface AdminCollectionSubmission extends CollectionSubmission {
  submitterEmail: string;
  submitterContact: string;
}

/** SPEC §3 submission form payload (POST /api/collection-submissions). */
export interface SubmissionInput {
  contractAddress: string;
  network: Network;
  name: string;
  description?: string;
  website?: string;
  discord?: string;
  twitter?: string;
  telegram?: string;
  submitterEmail?: string;
  submitterContact?: string;
  bannerUrl?: string;
  logoUrl?: string;
}

/** POST /api/collection-submissions answer. */
export interface SubmissionCreatedResponse {
  success: true;
  submissionId: string;
  submission: CollectionSubmission;
}

/** POST /api/collection-submissions/upload answer: the URL of each image that was sent. */
export interface SubmissionUploadResponse {
  success: true;
  files: { banner?: string; logo?: string };
}

/** SPEC §3 submission stats (GET /api/admin/collection-submissions/stats). */
export type SubmissionStats = { total: number } & Record<SubmissionStatus, number>;

/** PATCH /api/admin/collection-submissions/{id}: reviewedAt and reviewedBy are stamped by the server. */
export interface SubmissionUpdate {
  status?: SubmissionStatus;
  adminNotes?: string | null;
  reviewedAt?: string;
  reviewedBy?: string;
}

export interface SubmissionUpdatedResponse {
  success: true;
  submission: AdminCollectionSubmission;
  /** Set when the update approved the submission and it joined the whitelist. */
  whitelistedCollectionId?: string;
}

/** DELETE /api/admin/collection-submissions/{id} answer (the submission's votes go with it). */
export interface SubmissionDeletedResponse {
  success: true;
}

/** SPEC §5 submission form: fields, bounds and messages, shared by the form and the server. */
export const SUBMISSION_NETWORKS: readonly Network[] = ENABLED_NETWORKS;
export const SUBMISSION_DEFAULT_NETWORK: Network = 'polygon';
export const SUBMISSION_NAME_MAX = 100;
/** Bounds of the optional text fields (not in the SPEC: they keep rows and pages sane). */
export const SUBMISSION_TEXT_MAX = { description: 5000, link: 2048, contact: 320 } as const;
export const SUBMISSION_MESSAGES = {
  contractRequired: 'Contract address is required',
  contractFormat: 'Invalid contract address format',
  networkRequired: 'Network is required',
  nameRequired: 'Collection name is required',
  nameTooLong: 'Name too long',
  duplicate: 'This collection has already been submitted for this network',
  notFound: 'Submission not found',
} as const;

/**
 * A submission whose address is no ERC-721 / ERC-1155 contract on the chosen network (400), naming
 * the networks where it is one. An approval re-checks it: `approving` words the admin's refusal.
 */
export function notACollectionMessage(
  network: Network,
  elsewhere: readonly Network[],
  approving = false,
): string {
  const lead = approving ? 'Cannot approve: this address' : 'This address';
  const here = `${lead} is not an ERC-721 or ERC-1155 collection on ${NETWORK_LABELS[network]}.`;
  if (elsewhere.length === 0) return `${here} It is not one on any other network Nexus reads either.`;
  const names = elsewhere.map((n) => NETWORK_LABELS[n]);
  const where = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return approving
    ? `${here} It is one on ${where}.`
    : `${here} It is one on ${where}: choose ${names.length === 1 ? 'that network' : 'one of those networks'}.`;
}

/** The chain could not be asked (503): nothing was stored. */
export const COLLECTION_CHECK_UNAVAILABLE =
  'The contract could not be checked on its network just now. Please try again in a few minutes.';

/** SPEC §5 submission images: images only, at most 10 MB. */
export const SUBMISSION_IMAGE = {
  maxBytes: 10 * 1024 * 1024,
  invalidType: { title: 'Invalid File', description: 'Please select an image file (PNG, JPG, GIF, WebP)' },
  tooLarge: { title: 'File Too Large', description: 'Please select an image smaller than 10MB' },
} as const;

export type SubmissionField = keyof SubmissionInput;

/** Path of an image our upload route handed out: a random UUID and the extension of its type. */
export const UPLOADED_IMAGE_PATH =
  /^\/api\/media\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|gif|webp|svg)$/;

/** A scheme other than http(s) (javascript:, data:, …): never in a link the web app renders. */
const OTHER_SCHEME = /^(?!https?:)[a-z][a-z0-9+.-]*:/i;

/** Banner and logo: empty, an image from our upload route, or an absolute http(s) URL. */
export function isSubmissionImageUrl(value: string): boolean {
  if (value === '' || UPLOADED_IMAGE_PATH.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Website and social links: free text (a handle, a host, a URL) but never a non-http(s) scheme. */
export function isSubmissionLink(value: string): boolean {
  return !OTHER_SCHEME.test(value.trim());
}

const LINK_FIELDS: readonly SubmissionField[] = ['website', 'discord', 'twitter', 'telegram'];
const IMAGE_FIELDS: readonly SubmissionField[] = ['bannerUrl', 'logoUrl'];

/**
 * SPEC §5 rules of the submission form, as one function the web app's form and the server share:
 * the first problem of each field, by field. Optional fields are bounded only.
 */
export function validateSubmission(
  input: Partial<Record<SubmissionField, unknown>>,
): Partial<Record<SubmissionField, string>> {
  const errors: Partial<Record<SubmissionField, string>> = {};
  const contract = typeof input.contractAddress === 'string' ? input.contractAddress.trim() : '';
  if (contract === '') errors.contractAddress = SUBMISSION_MESSAGES.contractRequired;
  else if (!EVM_ADDRESS_PATTERN.test(contract)) errors.contractAddress = SUBMISSION_MESSAGES.contractFormat;
  if (
    typeof input.network !== 'string' ||
    !(SUBMISSION_NETWORKS as readonly string[]).includes(input.network)
  )
    errors.network = SUBMISSION_MESSAGES.networkRequired;
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') errors.name = SUBMISSION_MESSAGES.nameRequired;
  else if (name.length > SUBMISSION_NAME_MAX) errors.name = SUBMISSION_MESSAGES.nameTooLong;
  const bounded: Array<[SubmissionField, number]> = [
    ['description', SUBMISSION_TEXT_MAX.description],
    ['website', SUBMISSION_TEXT_MAX.link],
    ['discord', SUBMISSION_TEXT_MAX.link],
    ['twitter', SUBMISSION_TEXT_MAX.link],
    ['telegram', SUBMISSION_TEXT_MAX.link],
    ['bannerUrl', SUBMISSION_TEXT_MAX.link],
    ['logoUrl', SUBMISSION_TEXT_MAX.link],
    ['submitterEmail', SUBMISSION_TEXT_MAX.contact],
    ['submitterContact', SUBMISSION_TEXT_MAX.contact],
  ];
  for (const [field, max] of bounded) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') errors[field] = `${field} must be text`;
    else if (value.length > max) errors[field] = `${field} must be at most ${max} characters`;
    else if (LINK_FIELDS.includes(field) && !isSubmissionLink(value))
      errors[field] = `${field} must be an http(s) link`;
    else if (IMAGE_FIELDS.includes(field) && !isSubmissionImageUrl(value.trim()))
      errors[field] = `${field} must be an uploaded image or an http(s) URL`;
  }
  return errors;
}

export interface VoteCounts {
  yesVotes: number;
  noVotes: number;
  totalVotes: number;
}

/** Share of yes and of no among all votes, in whole percent. */
export function voteShares({ yesVotes, noVotes, totalVotes }: VoteCounts): { yes: number; no: number } {
  if (totalVotes <= 0) return { yes: 0, no: 0 };
  return { yes: Math.round((yesVotes / totalVotes) * 100), no: Math.round((noVotes / totalVotes) * 100) };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** SPEC §4 countdown: 'Voting ended' once past the end, else days and hours, hours and minutes, or minutes. */
export function votingTimeLeft(endsAt: string | null, now: number = Date.now()): string {
  const left = endsAt === null ? Number.NaN : Date.parse(endsAt) - now;
  if (!Number.isFinite(left) || left <= 0) return 'Voting ended';
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h remaining`;
  if (hours > 0) return `${hours}h ${minutes}m remaining`;
  return `${Math.max(1, minutes)}m remaining`;
}

/** SPEC §4: the rule that passes a submission: at least 50 votes and more yes than no. */
export function meetsApprovalThreshold({ yesVotes, noVotes, totalVotes }: VoteCounts): boolean {
  return totalVotes >= VOTING.minVotes && yesVotes > noVotes;
}

/** SPEC §4 Auto-Approve: status voting, the end passed, and the approval threshold met. */
export function canAutoApprove(
  submission: VoteCounts & { status: SubmissionStatus; votingEndsAt: string | null },
  now: number = Date.now(),
): boolean {
  return (
    submission.status === 'voting' &&
    submission.votingEndsAt !== null &&
    Date.parse(submission.votingEndsAt) <= now &&
    meetsApprovalThreshold(submission)
  );
}

/** Why Auto-Approve is refused, as the server answers it (409). */
export const AUTO_APPROVE_REFUSALS = {
  notVoting: (status: SubmissionStatus) => `Auto-approve needs a submission in voting; this one is ${status}`,
  votingOpen: 'Auto-approve waits until voting has ended',
  tooFewVotes: (totalVotes: number) =>
    `Auto-approve needs at least ${VOTING.minVotes} votes; this submission has ${totalVotes}`,
  noMajority: (yesVotes: number, noVotes: number) =>
    `Auto-approve needs more yes than no votes; this submission has ${yesVotes} yes and ${noVotes} no`,
} as const;

/** The first reason `canAutoApprove` fails, or null when it holds. */
export function autoApproveRefusal(
  submission: VoteCounts & { status: SubmissionStatus; votingEndsAt: string | null },
  now: number = Date.now(),
): string | null {
  if (submission.status !== 'voting') return AUTO_APPROVE_REFUSALS.notVoting(submission.status);
  if (submission.votingEndsAt === null || Date.parse(submission.votingEndsAt) > now)
    return AUTO_APPROVE_REFUSALS.votingOpen;
  if (submission.totalVotes < VOTING.minVotes)
    return AUTO_APPROVE_REFUSALS.tooFewVotes(submission.totalVotes);
  if (submission.yesVotes <= submission.noVotes)
    return AUTO_APPROVE_REFUSALS.noMajority(submission.yesVotes, submission.noVotes);
  return null;
}

/** Voting is open: status voting and the end not reached. */
export function isVotingOpen(
  submission: { status: SubmissionStatus; votingEndsAt: string | null },
  now: number = Date.now(),
): boolean {
  return (
    submission.status === 'voting' &&
    submission.votingEndsAt !== null &&
    Date.parse(submission.votingEndsAt) > now
  );
}
