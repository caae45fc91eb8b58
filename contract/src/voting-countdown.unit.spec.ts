import { voteShares, votingTimeLeft } from './submissions.js';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;

describe(votingTimeLeft.name, () => {
  it('says the vote ended once the end time passed, or when there is no end', () => {
    expect(votingTimeLeft(at(-1), now)).toBe('Voting ended');
    expect(votingTimeLeft(at(0), now)).toBe('Voting ended');
    expect(votingTimeLeft(null, now)).toBe('Voting ended');
  });

  it('shows days and hours, hours and minutes, or minutes', () => {
    expect(votingTimeLeft(at((2 * 24 * 60 + 5 * 60 + 7) * MIN), now)).toBe('2d 5h remaining');
    expect(votingTimeLeft(at((3 * 60 + 20) * MIN), now)).toBe('3h 20m remaining');
    expect(votingTimeLeft(at((2 * 60 + 5) * MIN), now)).toBe('2h 5m remaining');
    expect(votingTimeLeft(at(42 * MIN + 30_000), now)).toBe('42m remaining');
    expect(votingTimeLeft(at(20_000), now)).toBe('1m remaining');
  });
});

describe(voteShares.name, () => {
  it('splits yes and no among total votes, in whole percent', () => {
    expect(voteShares({ yesVotes: 3, noVotes: 1, totalVotes: 4 })).toEqual({ yes: 75, no: 25 });
    expect(voteShares({ yesVotes: 1, noVotes: 2, totalVotes: 3 })).toEqual({ yes: 33, no: 67 });
    expect(voteShares({ yesVotes: 0, noVotes: 0, totalVotes: 0 })).toEqual({ yes: 0, no: 0 });
  });
});
