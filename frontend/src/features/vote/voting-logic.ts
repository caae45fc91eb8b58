import { meetsApprovalThreshold, VOTING, type VoteCounts } from '@nexus/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** SPEC §4: 'Voting ended', else days and hours, hours and minutes, or minutes remaining. */
export function votingCountdownText(endsAt: string | null, now: number = Date.now()): string {
  const left = endsAt === null ? Number.NaN : Date.parse(endsAt) - now;
  if (!Number.isFinite(left) || left <= 0) return 'Voting ended';
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h remaining`;
  if (hours > 0) return `${hours}h ${minutes}m remaining`;
  return `${Math.max(1, minutes)}m remaining`;
}

/** SPEC §4 live projection: the server's approval rule applied to the current counts. */
export function votingProjectionText(counts: VoteCounts): string {
  if (counts.totalVotes >= VOTING.minVotes) {
    return meetsApprovalThreshold(counts)
      ? 'Will be approved if voting ended now'
      : 'Would be rejected if voting ended now';
  }
  const needed = VOTING.minVotes - counts.totalVotes;
  return `Needs ${needed} more ${needed === 1 ? 'vote' : 'votes'} to reach the ${VOTING.minVotes} vote minimum`;
}

/** Share of yes and no among all votes, in whole percent. */
export function voteShares({ yesVotes, noVotes, totalVotes }: VoteCounts): { yes: number; no: number } {
  if (totalVotes <= 0) return { yes: 0, no: 0 };
  return { yes: Math.round((yesVotes / totalVotes) * 100), no: Math.round((noVotes / totalVotes) * 100) };
}
