import { VOTING, type SubmissionStatus } from '@nexus/contract';

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: 'Pending',
  voting: 'Voting',
  approved: 'Approved',
  rejected: 'Rejected',
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** SPEC §4 countdown: 'Voting ended' when past the end, else days and hours, hours and minutes, or minutes. */
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

/** Share of yes and of no among all votes, whole percent. */
export function voteShares(
  yesVotes: number,
  noVotes: number,
  totalVotes: number,
): { yes: number; no: number } {
  if (totalVotes <= 0) return { yes: 0, no: 0 };
  return { yes: Math.round((yesVotes / totalVotes) * 100), no: Math.round((noVotes / totalVotes) * 100) };
}

/** Votes still missing to reach the minimum (0 once reached). */
export function votesNeeded(totalVotes: number): number {
  return Math.max(0, VOTING.minVotes - totalVotes);
}
