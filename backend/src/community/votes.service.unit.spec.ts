import { ConflictException, NotFoundException } from '@nestjs/common';
import { VOTE_MESSAGES, VOTING, type VoteCounts } from '@nexus/contract';
import { TooManyRequestsException } from '../platform/common/index.js';
import type { AppConfig } from '../platform/config/index.js';
import type { VoterAddressHasher } from './voter-address.hasher.js';
import type { NewVote, VoteOutcome, VotesRepository, VoteWindow } from './votes.repository.js';
import { judgeVote, VotesService } from './votes.service.js';

const HOUR = 3600_000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Votes in memory, judged as the real repository does: the window read, then the rule asked. */
class FakeVotesRepository implements Pick<VotesRepository, 'cast' | 'hasVoted'> {
  readonly submissions = new Map<
    string,
    { status: 'pending' | 'voting' | 'approved' | 'rejected'; votingEndsAt: string | null }
  >();
  readonly rows: Array<NewVote & { at: number }> = [];
  now = NOW;

  cast<R>(
    vote: NewVote,
    windowMs: number,
    decide: (w: VoteWindow) => R | null,
  ): Promise<VoteOutcome<R> | null> {
    const submission = this.submissions.get(vote.submissionId);
    if (!submission) return Promise.resolve(null);
    const recent = this.rows.filter(
      (r) => r.submissionId === vote.submissionId && r.at > this.now - windowMs,
    );
    const byAddress = recent.filter((r) => r.ipHash === vote.ipHash);
    const refused = decide({
      ...submission,
      now: iso(this.now),
      byVoter: recent.filter((r) => r.voterFingerprint === vote.voterFingerprint).length,
      byAddress: byAddress.length,
      oldestByAddress: byAddress.length ? iso(Math.min(...byAddress.map((r) => r.at))) : null,
    });
    if (refused !== null) return Promise.resolve({ refused });
    this.rows.push({ ...vote, at: this.now });
    return Promise.resolve({ counted: this.totals(vote.submissionId) });
  }

  hasVoted(submissionId: string, voterFingerprint: string, windowMs: number): Promise<boolean> {
    return Promise.resolve(
      this.rows.some(
        (r) =>
          r.submissionId === submissionId &&
          r.voterFingerprint === voterFingerprint &&
          r.at > this.now - windowMs,
      ),
    );
  }

  totals(submissionId: string): VoteCounts {
    const rows = this.rows.filter((r) => r.submissionId === submissionId);
    const yesVotes = rows.filter((r) => r.voteType === 'yes').length;
    return { yesVotes, noVotes: rows.length - yesVotes, totalVotes: rows.length };
  }
}

/** Addresses "hashed" to a readable tag, so tests can see what the repository was given. */
const fakeHasher = { hash: (ip: string) => Promise.resolve(`hash(${ip})`) } as unknown as VoterAddressHasher;

describe(VotesService.name, () => {
  let repository: FakeVotesRepository;
  let sut: VotesService;

  beforeEach(() => {
    repository = new FakeVotesRepository();
    repository.submissions.set('1', { status: 'voting', votingEndsAt: iso(NOW + 3 * 24 * HOUR) });
    sut = new VotesService(
      { votesPerIpPerSubmission: 3 } as AppConfig,
      repository as unknown as VotesRepository,
      fakeHasher,
    );
  });

  const vote = (voterFingerprint: string, ip = `ip-${voterFingerprint}`, voteType: 'yes' | 'no' = 'yes') =>
    sut.cast({ submissionId: '1', voteType, voterFingerprint }, ip);

  it('counts a vote, stores the hash of the address, and answers the totals', async () => {
    await expect(vote('a', '203.0.113.1')).resolves.toEqual({
      success: true,
      submissionId: '1',
      voteType: 'yes',
      yesVotes: 1,
      noVotes: 0,
      totalVotes: 1,
    });
    await expect(vote('b', '203.0.113.2', 'no')).resolves.toMatchObject({
      yesVotes: 1,
      noVotes: 1,
      totalVotes: 2,
    });
    expect(repository.rows.map((r) => r.ipHash)).toEqual(['hash(203.0.113.1)', 'hash(203.0.113.2)']);
  });

  it('refuses a second vote of a browser within 24 h with 409, then takes it after', async () => {
    await vote('a');
    repository.now += 24 * HOUR - 1;
    await expect(vote('a')).rejects.toEqual(new ConflictException(VOTE_MESSAGES.alreadyVoted));
    await expect(sut.check('1', 'a')).resolves.toEqual({ hasVoted: true });

    repository.now += 1;
    await expect(sut.check('1', 'a')).resolves.toEqual({ hasVoted: false });
    await expect(vote('a')).resolves.toMatchObject({ totalVotes: 2 });
  });

  it('caps an address at the configured number of votes, with 429 until its oldest vote is 24 h old', async () => {
    await vote('a', 'shared');
    repository.now += HOUR;
    await vote('b', 'shared');
    await vote('c', 'shared');

    const refused = await vote('d', 'shared').catch((e: unknown) => e);

    expect(refused).toBeInstanceOf(TooManyRequestsException);
    expect((refused as TooManyRequestsException).message).toBe(VOTE_MESSAGES.tooManyFromAddress);
    expect((refused as TooManyRequestsException).retryAfterS).toBe(23 * 3600);
    repository.now += 23 * HOUR;
    await expect(vote('d', 'shared')).resolves.toMatchObject({ totalVotes: 4 });
  });

  it('refuses votes with 409 once voting is over, and 404 for an unknown submission', async () => {
    repository.submissions.set('1', { status: 'voting', votingEndsAt: iso(NOW) });
    await expect(vote('a')).rejects.toEqual(new ConflictException(VOTE_MESSAGES.closed));
    await expect(
      sut.cast({ submissionId: '2', voteType: 'yes', voterFingerprint: 'a' }, 'x'),
    ).rejects.toEqual(new NotFoundException(VOTE_MESSAGES.notFound));
    expect(repository.rows).toEqual([]);
  });
});

describe(judgeVote.name, () => {
  const open: VoteWindow = {
    status: 'voting',
    votingEndsAt: iso(NOW + HOUR),
    now: iso(NOW),
    byVoter: 0,
    byAddress: 0,
    oldestByAddress: null,
  };

  it.each([
    ['an open submission', open, null],
    ['the end reached', { ...open, votingEndsAt: iso(NOW) }, { kind: 'closed' }],
    ['no end', { ...open, votingEndsAt: null }, { kind: 'closed' }],
    ['a pending submission', { ...open, status: 'pending' as const }, { kind: 'closed' }],
    [
      'an approved submission, already voted',
      { ...open, status: 'approved' as const, byVoter: 1 },
      { kind: 'closed' },
    ],
    [
      'a browser that voted, from a full address',
      { ...open, byVoter: 1, byAddress: 3 },
      { kind: 'already-voted' },
    ],
    ['2 votes from the address', { ...open, byAddress: 2, oldestByAddress: iso(NOW - HOUR) }, null],
    [
      '3 votes from the address',
      { ...open, byAddress: 3, oldestByAddress: iso(NOW - HOUR) },
      { kind: 'address-cap', retryAfterS: 23 * 3600 },
    ],
    [
      '3 votes, the oldest leaving the window in a moment',
      { ...open, byAddress: 3, oldestByAddress: iso(NOW - VOTING.voteWindowMs + 10) },
      { kind: 'address-cap', retryAfterS: 1 },
    ],
  ])('%s → %j', (_case, window, refusal) => {
    expect(judgeVote(window, 3)).toEqual(refusal);
  });
});
