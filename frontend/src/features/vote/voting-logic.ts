import { meetsApprovalThreshold, VOTING, type VoteCounts } from '@nexus/contract';

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
