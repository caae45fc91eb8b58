import { describe, expect, it } from '@jest/globals';
import { votingProjectionText } from './voting-logic';

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
