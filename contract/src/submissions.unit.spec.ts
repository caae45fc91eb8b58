import {
  AUTO_APPROVE_REFUSALS,
  autoApproveRefusal,
  canAutoApprove,
  isSubmissionImageUrl,
  validateSubmission,
  type SubmissionStatus,
} from './submissions.js';

const valid = { contractAddress: '0x' + 'ab'.repeat(20), network: 'polygon', name: 'Apes' };

describe(validateSubmission.name, () => {
  it('accepts the smallest valid form', () => {
    expect(validateSubmission(valid)).toEqual({});
  });

  it.each([
    [{ ...valid, contractAddress: undefined }, 'contractAddress', 'Contract address is required'],
    [{ ...valid, contractAddress: '  ' }, 'contractAddress', 'Contract address is required'],
    [{ ...valid, contractAddress: '0x12' }, 'contractAddress', 'Invalid contract address format'],
    [{ ...valid, network: undefined }, 'network', 'Network is required'],
    [{ ...valid, network: 'solana' }, 'network', 'Network is required'],
    [{ ...valid, name: '' }, 'name', 'Collection name is required'],
    [{ ...valid, name: 'n'.repeat(101) }, 'name', 'Name too long'],
    [{ ...valid, website: 'javascript:alert(1)' }, 'website', 'website must be an http(s) link'],
    [{ ...valid, telegram: 'tg:resolve?domain=x' }, 'telegram', 'telegram must be an http(s) link'],
    [
      { ...valid, logoUrl: 'data:image/png;base64,AAAA' },
      'logoUrl',
      'logoUrl must be an uploaded image or an http(s) URL',
    ],
    [
      { ...valid, bannerUrl: '/api/media/files/../../etc/passwd' },
      'bannerUrl',
      'bannerUrl must be an uploaded image or an http(s) URL',
    ],
    [{ ...valid, description: 42 }, 'description', 'description must be text'],
  ])('%j: %s → %s', (input, field, message) => {
    expect(validateSubmission(input)).toEqual({ [field]: message });
  });

  it('takes handles and hosts as links, and our upload paths or http(s) URLs as images', () => {
    expect(
      validateSubmission({
        ...valid,
        website: 'apes.example',
        discord: 'https://discord.gg/apes',
        twitter: '@apes',
        telegram: 't.me/apes',
        bannerUrl: '/api/media/files/0b7e5a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b.png',
        logoUrl: 'https://cdn.example/logo.webp',
      }),
    ).toEqual({});
  });
});

describe(isSubmissionImageUrl.name, () => {
  it.each([
    ['', true],
    ['/api/media/files/0b7e5a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b.webp', true],
    ['http://img.example/a.png', true],
    ['HTTPS://img.example/a.png', true],
    ['/api/media/files/0b7e5a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b.mp4', false],
    ['/somewhere/else.png', false],
    ['//evil.example/a.png', false],
    ['javascript:alert(1)', false],
    ['https://', false],
  ])('%s → %s', (url, ok) => {
    expect(isSubmissionImageUrl(url)).toBe(ok);
  });
});

describe(autoApproveRefusal.name, () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const ended = '2026-11-26T11:59:59Z';
  const base = {
    status: 'voting' as SubmissionStatus,
    votingEndsAt: ended,
    yesVotes: 30,
    noVotes: 20,
    totalVotes: 50,
  };

  it.each([
    [base, null],
    [{ ...base, status: 'pending' as const }, AUTO_APPROVE_REFUSALS.notVoting('pending')],
    [{ ...base, votingEndsAt: '2026-11-26T12:00:01Z' }, AUTO_APPROVE_REFUSALS.votingOpen],
    [{ ...base, votingEndsAt: null }, AUTO_APPROVE_REFUSALS.votingOpen],
    [{ ...base, yesVotes: 29, totalVotes: 49 }, AUTO_APPROVE_REFUSALS.tooFewVotes(49)],
    [{ ...base, yesVotes: 25, noVotes: 25 }, AUTO_APPROVE_REFUSALS.noMajority(25, 25)],
  ])('%j → %s, and agrees with canAutoApprove', (submission, refusal) => {
    expect(autoApproveRefusal(submission, now)).toBe(refusal);
    expect(canAutoApprove(submission, now)).toBe(refusal === null);
  });
});
