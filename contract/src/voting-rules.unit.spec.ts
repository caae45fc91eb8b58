import { canAutoApprove, isVotingOpen, meetsApprovalThreshold, VOTING } from './submissions.js';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;

describe(meetsApprovalThreshold.name, () => {
  it('needs 50 votes and more yes than no (SPEC §9)', () => {
    expect(VOTING.minVotes).toBe(50);
    expect(meetsApprovalThreshold({ yesVotes: 26, noVotes: 24, totalVotes: 50 })).toBe(true);
    expect(meetsApprovalThreshold({ yesVotes: 25, noVotes: 25, totalVotes: 50 })).toBe(false);
    expect(meetsApprovalThreshold({ yesVotes: 49, noVotes: 0, totalVotes: 49 })).toBe(false);
  });
});

describe(canAutoApprove.name, () => {
  const base = {
    status: 'voting' as const,
    votingEndsAt: at(-MIN),
    yesVotes: 30,
    noVotes: 20,
    totalVotes: 50,
  };

  it('requires an ended vote with 50 votes and a yes majority (SPEC §4)', () => {
    expect(canAutoApprove(base, now)).toBe(true);
    expect(canAutoApprove({ ...base, votingEndsAt: at(MIN) }, now)).toBe(false);
    expect(canAutoApprove({ ...base, votingEndsAt: null }, now)).toBe(false);
    expect(canAutoApprove({ ...base, totalVotes: 49 }, now)).toBe(false);
    expect(canAutoApprove({ ...base, yesVotes: 20, noVotes: 20 }, now)).toBe(false);
    expect(canAutoApprove({ ...base, status: 'approved' }, now)).toBe(false);
  });
});

describe(isVotingOpen.name, () => {
  it('is open while the status is voting and the end is ahead', () => {
    expect(isVotingOpen({ status: 'voting', votingEndsAt: at(MIN) }, now)).toBe(true);
    expect(isVotingOpen({ status: 'voting', votingEndsAt: at(0) }, now)).toBe(false);
    expect(isVotingOpen({ status: 'voting', votingEndsAt: null }, now)).toBe(false);
    expect(isVotingOpen({ status: 'pending', votingEndsAt: at(MIN) }, now)).toBe(false);
  });
});
