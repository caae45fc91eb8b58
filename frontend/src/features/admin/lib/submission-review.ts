import { VOTING, type SubmissionStatus } from '@nexus/contract';

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: 'Pending',
  voting: 'Voting',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Votes still missing to reach the minimum (0 once reached). */
export function votesNeeded(totalVotes: number): number {
  return Math.max(0, VOTING.minVotes - totalVotes);
}
