import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  API_ROUTES,
  apiPath,
  VOTE_MESSAGES,
  type SubmissionCreatedResponse,
  type VoteResponse,
} from '@nexus/contract';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { deployTestCollection, testChainEnv } from '../../../test/support/test-collections.js';
import { TEST_MANIFEST } from '../../../test/support/test-env.js';
import { VotesController } from './votes.controller.js';

const CAP = 3;

/** Submissions are of real collections (checked on chain): each here is one deployed on the test chain. */
const maybe = describeWith([TEST_CHAIN]);

maybe(VotesController.name, () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  // Every vote speaks from its own address unless a test says otherwise (X-Forwarded-For, trusted
  // from loopback here), so the address cap only bites where a test means it to.
  let nextIp = 1;
  const ip = () => `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp++ & 255}`;

  beforeAll(async () => {
    isolated = await startIsolatedApi('votes', {
      manifest: TEST_MANIFEST,
      env: { TRUST_PROXY: 'loopback', VOTES_PER_IP_PER_SUBMISSION: String(CAP), ...testChainEnv() },
    });
    sut = isolated.app;
  });

  afterAll(async () => {
    await isolated.close();
  });

  const http = () => request(sut.getHttpServer());
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    sut.get(EntityManager).fork().getConnection().execute<T[]>(query, params);

  /** A new submission in voting; answers its id. */
  const submit = async (): Promise<string> => {
    const res = await http()
      .post(API_ROUTES.createSubmission.path)
      .send({
        contractAddress: await deployTestCollection('polygon', 'Votable'),
        network: 'polygon',
        name: 'Votable',
      });
    expect(res.status).toBe(201);
    return (res.body as SubmissionCreatedResponse).submissionId;
  };
  const vote = (submissionId: string, voteType: 'yes' | 'no', voterFingerprint: string, from = ip()) =>
    http()
      .post(API_ROUTES.castVote.path)
      .set('X-Forwarded-For', from)
      .send({ submissionId, voteType, voterFingerprint });
  const check = (id: string, fingerprint: string) =>
    http().get(apiPath(API_ROUTES.voteCheck, { id }, { fingerprint }));

  /** The counters on the submission and the vote rows behind them. */
  const tally = async (id: string) => {
    const [row] = await sql<{
      yes: number;
      no: number;
      total: number;
      yesRows: number;
      noRows: number;
    }>(
      `select yes_votes as yes, no_votes as no, total_votes as total,
              (select count(*)::int from collection_vote where submission_id = s.id and vote_type = 'yes') as "yesRows",
              (select count(*)::int from collection_vote where submission_id = s.id and vote_type = 'no') as "noRows"
         from collection_submission s where id = ?`,
      [id],
    );
    return row!;
  };

  it('counts a vote and answers the totals after it; the check knows this browser voted', async () => {
    const id = await submit();
    expect((await check(id, 'abc123')).body).toEqual({ hasVoted: false });

    const res = await vote(id, 'yes', 'abc123');

    expect(res.status).toBe(201);
    expect(res.body as VoteResponse).toEqual({
      success: true,
      submissionId: id,
      voteType: 'yes',
      yesVotes: 1,
      noVotes: 0,
      totalVotes: 1,
    });
    expect((await check(id, 'abc123')).body).toEqual({ hasVoted: true });
    expect((await check(id, 'other1')).body).toEqual({ hasVoted: false });
    const no = await vote(id, 'no', 'def456');
    expect(no.body).toMatchObject({ yesVotes: 1, noVotes: 1, totalVotes: 2 });
    expect(await tally(id)).toEqual({ yes: 1, no: 1, total: 2, yesRows: 1, noRows: 1 });
  });

  it('keeps a keyed hash of the address, never the address', async () => {
    const id = await submit();
    await vote(id, 'yes', 'hashme', '203.0.113.77').expect(201);

    const rows = await sql<{ ip_hash: string }>(
      `select ip_hash from collection_vote where submission_id = ?`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await sql(`select * from collection_vote`));
    expect(everything).not.toContain('203.0.113.77');
  });

  it('50 concurrent identical votes: exactly one counts, the rest are 409, the totals equal the rows', async () => {
    const id = await submit();

    const answers = await Promise.all(Array.from({ length: 50 }, () => vote(id, 'yes', 'samebrowser')));

    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((a) => a.status === 409))
      expect(r.body.message).toBe(VOTE_MESSAGES.alreadyVoted);
    expect(await tally(id)).toEqual({ yes: 1, no: 0, total: 1, yesRows: 1, noRows: 0 });
  });

  it('50 concurrent votes from different browsers all count, and the totals equal the rows', async () => {
    const id = await submit();

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => vote(id, i % 5 === 0 ? 'no' : 'yes', `browser${i}`)),
    );

    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(await tally(id)).toEqual({ yes: 40, no: 10, total: 50, yesRows: 40, noRows: 10 });
    // Each answer carried the totals of its own moment: every total from 1 to 50 once.
    expect(answers.map((r) => (r.body as VoteResponse).totalVotes).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it(`caps votes from one address at ${CAP} per submission, under concurrency too, with 429 and Retry-After`, async () => {
    const id = await submit();
    const other = await submit();
    const address = '198.51.100.9';

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => vote(id, 'yes', `cap${i}`, address)),
    );

    expect(answers.filter((r) => r.status === 201)).toHaveLength(CAP);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(20 - CAP);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.message).toBe(VOTE_MESSAGES.tooManyFromAddress);
      const retryAfter = Number(r.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(24 * 3600 - 120);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    }
    expect(await tally(id)).toMatchObject({ total: CAP, yesRows: CAP });
    // The cap is per submission, and per address.
    expect((await vote(other, 'yes', 'capother', address)).status).toBe(201);
    expect((await vote(id, 'yes', 'capelsewhere', '198.51.100.10')).status).toBe(201);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const id = await submit();
    for (let i = 1; i <= CAP; i++) await vote(id, 'no', `six${i}`, `2001:db8:1:2::${i}`).expect(201);

    const refused = await vote(id, 'no', 'sixmore', '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(refused.status).toBe(429);
    expect((await vote(id, 'no', 'sixnextblock', '2001:db8:1:3::1')).status).toBe(201);
  });

  it('lets a browser vote again once its last vote is more than 24 h old', async () => {
    const id = await submit();
    await vote(id, 'yes', 'returning').expect(201);
    await sql(
      `update collection_vote set created_at = now() - interval '23 hours 59 minutes' where submission_id = ?`,
      [id],
    );
    expect((await vote(id, 'yes', 'returning')).status).toBe(409);
    expect((await check(id, 'returning')).body).toEqual({ hasVoted: true });

    await sql(
      `update collection_vote set created_at = now() - interval '24 hours 1 minute' where submission_id = ?`,
      [id],
    );

    expect((await check(id, 'returning')).body).toEqual({ hasVoted: false });
    expect((await vote(id, 'no', 'returning')).body).toMatchObject({
      yesVotes: 1,
      noVotes: 1,
      totalVotes: 2,
    });
  });

  it('refuses votes once voting has ended or the submission left voting, with 409 and nothing written', async () => {
    const id = await submit();
    await vote(id, 'yes', 'early').expect(201);

    await sql(`update collection_submission set voting_ends_at = now() - interval '1 second' where id = ?`, [
      id,
    ]);
    const late = await vote(id, 'yes', 'late');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(VOTE_MESSAGES.closed);

    const cookie = await adminCookie(sut.getHttpServer());
    for (const status of ['approved', 'rejected', 'pending'] as const) {
      await sql(`update collection_submission set voting_ends_at = now() + interval '1 day' where id = ?`, [
        id,
      ]);
      await http()
        .patch(apiPath(API_ROUTES.updateSubmission, { id }))
        .set('Cookie', cookie)
        .send({ status })
        .expect(200);
      const res = await vote(id, 'no', `after${status}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(VOTE_MESSAGES.closed);
    }
    expect(await tally(id)).toEqual({ yes: 1, no: 0, total: 1, yesRows: 1, noRows: 0 });
  });

  it('answers 404 for a submission that does not exist', async () => {
    const res = await vote('999999', 'yes', 'ghost');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(VOTE_MESSAGES.notFound);
  });

  it.each([
    ['an unknown vote type', { voteType: 'maybe' }, VOTE_MESSAGES.voteType],
    ['no vote type', { voteType: undefined }, VOTE_MESSAGES.voteType],
    ['a fingerprint that is not base 36', { voterFingerprint: 'Not-Base36!' }, VOTE_MESSAGES.fingerprint],
    ['an empty fingerprint', { voterFingerprint: '' }, VOTE_MESSAGES.fingerprint],
    ['a fingerprint of 65 digits', { voterFingerprint: 'a'.repeat(65) }, VOTE_MESSAGES.fingerprint],
    [
      'a submission id that is not a number',
      { submissionId: 'abc' },
      'submissionId must be a positive whole number',
    ],
    ['no submission id', { submissionId: undefined }, 'submissionId must be a positive whole number'],
    ['an unknown field', { weight: 10 }, 'property weight should not exist'],
  ])('refuses %s with 400 and writes nothing', async (_case, change, message) => {
    const id = await submit();
    const res = await http()
      .post(API_ROUTES.castVote.path)
      .set('X-Forwarded-For', ip())
      .send({ submissionId: id, voteType: 'yes', voterFingerprint: 'valid1', ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await tally(id)).toMatchObject({ total: 0, yesRows: 0, noRows: 0 });
  });

  it('takes a numeric submission id as the client may send it', async () => {
    const id = await submit();
    const res = await http()
      .post(API_ROUTES.castVote.path)
      .set('X-Forwarded-For', ip())
      .send({ submissionId: Number(id), voteType: 'yes', voterFingerprint: 'numeric' });
    expect(res.status).toBe(201);
    expect(res.body.submissionId).toBe(id);
  });

  it('refuses a check with a bad id or fingerprint with 400', async () => {
    const id = await submit();
    const badId = await http().get(apiPath(API_ROUTES.voteCheck, { id: 'abc' }, { fingerprint: 'abc' }));
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('id must be a positive whole number');
    for (const query of [
      {},
      { fingerprint: '' },
      { fingerprint: 'UPPER' },
      { fingerprint: 'a', extra: '1' },
    ]) {
      const res = await http().get(apiPath(API_ROUTES.voteCheck, { id })).query(query);
      expect(res.status).toBe(400);
    }
    // A submission that does not exist has no votes.
    expect((await check('999999', 'abc')).body).toEqual({ hasVoted: false });
  });
});
