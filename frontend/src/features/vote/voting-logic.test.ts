import { describe, expect, it } from '@jest/globals';
import { voteShares, votingCountdownText, votingProjectionText } from './voting-logic';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;

describe(votingCountdownText.name, () => {
  it('says the vote ended once the end time passed', () => {
    expect(votingCountdownText(at(-1), now)).toBe('Voting ended');
    expect(votingCountdownText(at(0), now)).toBe('Voting ended');
    expect(votingCountdownText(null, now)).toBe('Voting ended');
  });

  it('shows days and hours, hours and minutes, or minutes', () => {
    expect(votingCountdownText(at((2 * 24 * 60 + 5 * 60 + 7) * MIN), now)).toBe('2d 5h remaining');
    expect(votingCountdownText(at((3 * 60 + 20) * MIN), now)).toBe('3h 20m remaining');
    expect(votingCountdownText(at(42 * MIN + 30_000), now)).toBe('42m remaining');
    expect(votingCountdownText(at(20_000), now)).toBe('1m remaining');
  });
});

describe(votingProjectionText.name, () => {
  it('projects approval or rejection from 50 votes on', () => {
    expect(votingProjectionText({ yesVotes: 30, noVotes: 20, totalVotes: 50 })).toBe(
      'Will be approved if voting ended now',
    );
    expect(votingProjectionText({ yesVotes: 25, noVotes: 25, totalVotes: 50 })).toBe(
      'Would be rejected if voting ended now',
    );
  });

  it('says how many votes are missing below 50', () => {
    expect(votingProjectionText({ yesVotes: 3, noVotes: 1, totalVotes: 4 })).toBe(
      'Needs 46 more votes to reach the 50 vote minimum',
    );
    expect(votingProjectionText({ yesVotes: 49, noVotes: 0, totalVotes: 49 })).toBe(
      'Needs 1 more vote to reach the 50 vote minimum',
    );
  });
});

describe(voteShares.name, () => {
  it('splits yes and no among total votes', () => {
    expect(voteShares({ yesVotes: 3, noVotes: 1, totalVotes: 4 })).toEqual({ yes: 75, no: 25 });
    expect(voteShares({ yesVotes: 0, noVotes: 0, totalVotes: 0 })).toEqual({ yes: 0, no: 0 });
  });
});
