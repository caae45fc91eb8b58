import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  AUTO_APPROVE_NOTE,
  AUTO_APPROVE_REFUSALS,
  SUBMISSION_MESSAGES,
  notACollectionMessage,
  VOTING,
  type AdminCollectionSubmission,
  type CollectionSubmission,
  type SubmissionCreatedResponse,
  type SubmissionUpdatedResponse,
  type WhitelistedCollection,
} from '@nexus/contract';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { readTestManifest } from '../../../test/support/system.js';
import {
  deployTestCollection,
  testChainEnv,
  type TestChainNetwork,
} from '../../../test/support/test-collections.js';
import { TEST_MANIFEST } from '../../../test/support/test-env.js';
import { SubmissionsController } from './submissions.controller.js';

const UPLOADED = '/api/media/files/0b7e5a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b.png';

/** Only an ERC-721 / ERC-1155 contract can be submitted: every submission here is a real one on the test chains. */
const maybe = describeWith([TEST_CHAIN]);

maybe(SubmissionsController.name, () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let cookie: string;
  /** A collection contract no other test uses, deployed on the test chain. */
  const contract = (network: TestChainNetwork = 'polygon') => deployTestCollection(network);
  let nextIp = 1;
  const ip = () => `10.0.${(nextIp >> 8) & 255}.${nextIp++ & 255}`;

  beforeAll(async () => {
    isolated = await startIsolatedApi('submissions', {
      // Every submission here comes from one address, far more than a visitor's hourly budget.
      manifest: TEST_MANIFEST,
      env: { TRUST_PROXY: 'loopback', RATE_LIMIT_SUBMISSION: '1000/3600', ...testChainEnv() },
    });
    sut = isolated.app;
    cookie = await adminCookie(sut.getHttpServer());
  });

  afterAll(async () => {
    await isolated.close();
  });

  const http = () => request(sut.getHttpServer());
  const admin = () => request.agent(sut.getHttpServer()).set('Cookie', cookie);
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    sut.get(EntityManager).fork().getConnection().execute<T[]>(query, params);
  const count = async (table: string) =>
    (await sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  const submit = async (fields: Record<string, unknown> = {}): Promise<CollectionSubmission> => {
    const network = (fields.network as TestChainNetwork | undefined) ?? 'polygon';
    const res = await http()
      .post('/api/collection-submissions')
      .send({ contractAddress: await contract(network), network, name: 'Submitted', ...fields });
    expect(res.status).toBe(201);
    return (res.body as SubmissionCreatedResponse).submission;
  };
  /** Real votes, each from its own browser and address. */
  const votes = async (id: string, yes: number, no: number) => {
    const all = [...Array<'yes'>(yes).fill('yes'), ...Array<'no'>(no).fill('no')];
    const answers = await Promise.all(
      all.map((voteType, i) =>
        http()
          .post('/api/collection-votes')
          .set('X-Forwarded-For', ip())
          .send({ submissionId: id, voteType, voterFingerprint: `v${id}x${i}` }),
      ),
    );
    expect(answers.every((r) => r.status === 201)).toBe(true);
  };
  /** Time passes: the voting window of `id` ended a minute ago. */
  const endVoting = (id: string) =>
    sql(`update collection_submission set voting_ends_at = now() - interval '1 minute' where id = ?`, [id]);
  const whitelist = async () => {
    const res = await http().get('/api/whitelisted-collections');
    expect(res.status).toBe(200);
    return res.body as WhitelistedCollection[];
  };
  const patch = (id: string, body: Record<string, unknown>) =>
    admin().patch(`/api/admin/collection-submissions/${id}`).send(body);

  describe('POST /api/collection-submissions', () => {
    it('stores the form and opens voting for 7 days; visitors never see the submitter contact', async () => {
      const address = await contract('ethereum');
      const before = Date.now();
      const res = await http()
        .post('/api/collection-submissions')
        .send({
          contractAddress: '  ' + address.toUpperCase().replace('0X', '0x') + ' ',
          network: 'ethereum',
          name: '  Mixed Case Apes ',
          description: 'Apes, submitted.',
          website: 'https://apes.example',
          discord: 'https://discord.gg/apes',
          twitter: '@apes',
          telegram: 't.me/apes',
          submitterEmail: 'owner@apes.example',
          submitterContact: 'owner#1234',
          bannerUrl: UPLOADED,
          logoUrl: 'https://cdn.apes.example/logo.png',
        });

      expect(res.status).toBe(201);
      const body = res.body as SubmissionCreatedResponse;
      expect(body).toEqual({
        success: true,
        submissionId: expect.stringMatching(/^\d+$/),
        submission: {
          id: body.submissionId,
          name: 'Mixed Case Apes',
          network: 'ethereum',
          contractAddress: address,
          description: 'Apes, submitted.',
          website: 'https://apes.example',
          discord: 'https://discord.gg/apes',
          twitter: '@apes',
          telegram: 't.me/apes',
          bannerUrl: UPLOADED,
          logoUrl: 'https://cdn.apes.example/logo.png',
          status: 'voting',
          totalVotes: 0,
          yesVotes: 0,
          noVotes: 0,
          votingEndsAt: expect.any(String),
          submittedAt: expect.any(String),
          adminNotes: null,
          reviewedAt: null,
          reviewedBy: null,
        },
      });
      const submittedAt = Date.parse(body.submission.submittedAt);
      expect(submittedAt).toBeGreaterThanOrEqual(before - 5000);
      expect(submittedAt).toBeLessThanOrEqual(Date.now() + 5000);
      expect(Date.parse(body.submission.votingEndsAt!) - submittedAt).toBe(VOTING.durationMs);
      const [row] = await sql(
        `select submitter_email, submitter_contact from collection_submission where id = ?`,
        [body.submissionId],
      );
      expect(row).toEqual({ submitter_email: 'owner@apes.example', submitter_contact: 'owner#1234' });
    });

    it('refuses the same contract on the same network (any case) with 409; another network is fine', async () => {
      const address = await deployTestCollection(['polygon', 'cronos']);
      await submit({ contractAddress: address });

      const again = await http()
        .post('/api/collection-submissions')
        .send({
          contractAddress: address.toUpperCase().replace('0X', '0x'),
          network: 'polygon',
          name: 'Again',
        });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(SUBMISSION_MESSAGES.duplicate);
      expect(again.body.message).toContain('already been submitted');

      await submit({ contractAddress: address, network: 'cronos' });
    });

    it('makes one row of 10 concurrent submissions of one contract', async () => {
      const address = await contract();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          http()
            .post('/api/collection-submissions')
            .send({ contractAddress: address, network: 'polygon', name: `Race ${i}` }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      const [{ n }] = await sql<{ n: number }>(
        `select count(*)::int as n from collection_submission where contract_address = ?`,
        [address],
      );
      expect(n).toBe(1);
    });

    it('refuses an address that is no collection on any network with 400, writing nothing', async () => {
      const before = await count('collection_submission');
      const nobody = `0x${randomBytes(20).toString('hex')}`;

      const res = await http()
        .post('/api/collection-submissions')
        .send({ contractAddress: nobody, network: 'polygon', name: 'Nothing' });

      expect(res.status).toBe(400);
      expect(res.body.message).toBe(notACollectionMessage('polygon', []));
      expect(await count('collection_submission')).toBe(before);
    });

    it('refuses a collection of another network with 400, naming the network where it is one', async () => {
      const apes = readTestManifest().collections.find((c) => c.name === 'Nexus Apes')!;

      const res = await http()
        .post('/api/collection-submissions')
        .send({ contractAddress: apes.address, network: 'polygon', name: 'Nexus Apes' });

      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'This address is not an ERC-721 or ERC-1155 collection on Polygon. It is one on Ethereum: choose that network.',
      );
    });

    const valid = { contractAddress: '0x' + 'cd'.repeat(20), network: 'polygon', name: 'Valid' };
    it.each([
      ['no contract address', { ...valid, contractAddress: undefined }, 'Contract address is required'],
      ['an empty contract address', { ...valid, contractAddress: '   ' }, 'Contract address is required'],
      [
        'a short contract address',
        { ...valid, contractAddress: '0x1234' },
        'Invalid contract address format',
      ],
      [
        'a non-hex contract address',
        { ...valid, contractAddress: '0x' + 'g'.repeat(40) },
        'Invalid contract address format',
      ],
      ['no network', { ...valid, network: undefined }, 'Network is required'],
      ['an unknown network', { ...valid, network: 'bitcoin' }, 'Network is required'],
      ['no name', { ...valid, name: undefined }, 'Collection name is required'],
      ['a blank name', { ...valid, name: '  ' }, 'Collection name is required'],
      ['a name of 101 characters', { ...valid, name: 'n'.repeat(101) }, 'Name too long'],
      [
        'a javascript: website',
        { ...valid, website: 'javascript:alert(1)' },
        'website must be an http(s) link',
      ],
      [
        'a data: logo',
        { ...valid, logoUrl: 'data:image/svg+xml,<svg/>' },
        'logoUrl must be an uploaded image',
      ],
      [
        'a banner outside our uploads',
        { ...valid, bannerUrl: '/api/admin/x.png' },
        'bannerUrl must be an uploaded image',
      ],
      ['a description that is not text', { ...valid, description: 5 }, 'description must be text'],
      ['an unknown field', { ...valid, status: 'approved' }, 'property status should not exist'],
    ])('refuses %s with 400 and writes nothing', async (_case, body, message) => {
      const before = await count('collection_submission');
      const res = await http().post('/api/collection-submissions').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect(await count('collection_submission')).toBe(before);
    });

    it('gives every SPEC §5 message at once for an empty form', async () => {
      const res = await http().post('/api/collection-submissions').send({});
      expect(res.status).toBe(400);
      for (const message of [
        'Contract address is required',
        'Network is required',
        'Collection name is required',
      ])
        expect(res.body.message).toContain(message);
    });
  });

  describe('GET /api/collection-submissions/voting', () => {
    it('lists only submissions in voting, the soonest end first, without the submitter contact', async () => {
      const later = await submit({ submitterEmail: 'secret@example.org', submitterContact: 'secret#1' });
      const sooner = await submit();
      await sql(`update collection_submission set voting_ends_at = now() + interval '1 hour' where id = ?`, [
        sooner.id,
      ]);
      const rejected = await submit();
      await patch(rejected.id, { status: 'rejected' }).expect(200);

      const res = await http().get('/api/collection-submissions/voting');

      expect(res.status).toBe(200);
      const list = res.body as CollectionSubmission[];
      expect(list.every((s) => s.status === 'voting')).toBe(true);
      const ids = list.map((s) => s.id);
      expect(ids).not.toContain(rejected.id);
      expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
      expect(ids[0]).toBe(sooner.id);
      const ends = list.map((s) => Date.parse(s.votingEndsAt!));
      expect(ends).toEqual([...ends].sort((a, b) => a - b));
      expect(res.text).not.toContain('secret');
      expect(Object.keys(list[0]!)).not.toEqual(expect.arrayContaining(['submitterEmail']));
      expect(list.some((s) => 'submitterEmail' in s || 'submitterContact' in s)).toBe(false);
    });
  });

  describe('admin', () => {
    it('answers 401 on every route without a session, whatever the body', async () => {
      const [{ id }] = await sql<{ id: string }>(`select id::text as id from collection_submission limit 1`);
      const before = await sql(`select * from collection_submission where id = ?`, [id]);
      for (const res of [
        await http().get('/api/admin/collection-submissions'),
        await http().get('/api/admin/collection-submissions?status=voting'),
        await http().get('/api/admin/collection-submissions/stats'),
        await http().patch(`/api/admin/collection-submissions/${id}`).send({ status: 'approved' }),
        await http().patch(`/api/admin/collection-submissions/${id}`).send({ status: 'nonsense' }),
        await http().delete(`/api/admin/collection-submissions/${id}`),
        await http()
          .delete(`/api/admin/collection-submissions/${id}`)
          .set('Cookie', 'nexus_admin=' + 'A'.repeat(43)),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Admin session required');
      }
      expect(await sql(`select * from collection_submission where id = ?`, [id])).toEqual(before);
    });

    it('lists every submission newest first with the submitter contact, or those of one status', async () => {
      const first = await submit({ submitterEmail: 'a@example.org', submitterContact: 'a#1' });
      const second = await submit();
      await patch(second.id, { status: 'pending' }).expect(200);

      const all = await admin().get('/api/admin/collection-submissions');
      expect(all.status).toBe(200);
      const list = all.body as AdminCollectionSubmission[];
      expect(list[0]!.id).toBe(second.id);
      expect(list[1]!.id).toBe(first.id);
      expect(list[1]).toMatchObject({ submitterEmail: 'a@example.org', submitterContact: 'a#1' });
      const times = list.map((s) => Date.parse(s.submittedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const pending = await admin().get('/api/admin/collection-submissions').query({ status: 'pending' });
      expect(pending.status).toBe(200);
      expect((pending.body as AdminCollectionSubmission[]).map((s) => s.id)).toContain(second.id);
      expect((pending.body as AdminCollectionSubmission[]).every((s) => s.status === 'pending')).toBe(true);

      const bad = await admin().get('/api/admin/collection-submissions').query({ status: 'archived' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('status must be one of: pending, voting, approved, rejected');
    });

    it('counts submissions by status', async () => {
      const rows = await sql<{ status: string; n: number }>(
        `select status, count(*)::int as n from collection_submission group by status`,
      );
      const expected = { total: 0, pending: 0, voting: 0, approved: 0, rejected: 0 } as Record<
        string,
        number
      >;
      for (const { status, n } of rows) {
        expected[status] = n;
        expected.total! += n;
      }

      const res = await admin().get('/api/admin/collection-submissions/stats');

      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
      expect(expected.total).toBeGreaterThan(0);
      expect(expected.voting).toBeGreaterThan(0);
    });

    it("stamps reviewedAt with the server's time and reviewedBy 'Admin', whatever the client sends", async () => {
      const s = await submit();
      const before = Date.now();

      const res = await patch(s.id, {
        status: 'rejected',
        adminNotes: 'Not a real collection',
        reviewedAt: '1999-01-01T00:00:00.000Z',
        reviewedBy: 'Mallory',
      });

      expect(res.status).toBe(200);
      const { submission } = res.body as SubmissionUpdatedResponse;
      expect(submission).toMatchObject({
        id: s.id,
        status: 'rejected',
        adminNotes: 'Not a real collection',
        reviewedBy: 'Admin',
      });
      expect(Date.parse(submission.reviewedAt!)).toBeGreaterThanOrEqual(before - 5000);
      expect(Date.parse(submission.reviewedAt!)).toBeLessThanOrEqual(Date.now() + 5000);
      expect(res.body).not.toHaveProperty('whitelistedCollectionId');
      const [row] = await sql(
        `select status, admin_notes, reviewed_by from collection_submission where id = ?`,
        [s.id],
      );
      expect(row).toEqual({ status: 'rejected', admin_notes: 'Not a real collection', reviewed_by: 'Admin' });
    });

    it('opens a new 7-day window when a submission enters voting again', async () => {
      const s = await submit();
      await endVoting(s.id);
      await patch(s.id, { status: 'pending' }).expect(200);

      const res = await patch(s.id, { status: 'voting', adminNotes: null });

      expect(res.status).toBe(200);
      const ends = Date.parse((res.body as SubmissionUpdatedResponse).submission.votingEndsAt!);
      expect(Math.abs(ends - (Date.now() + VOTING.durationMs))).toBeLessThan(60_000);
    });

    it.each([
      [
        'an unknown status',
        { status: 'archived' },
        'status must be one of: pending, voting, approved, rejected',
      ],
      ['notes that are not text', { adminNotes: 5 }, 'adminNotes must be text of at most 5000 characters'],
      [
        'notes of 5001 characters',
        { adminNotes: 'n'.repeat(5001) },
        'adminNotes must be text of at most 5000',
      ],
      ['an unknown field', { name: 'Renamed' }, 'property name should not exist'],
    ])('refuses a PATCH with %s with 400', async (_case, body, message) => {
      const s = await submit();
      const res = await patch(s.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });

    it('answers 404 for a submission that does not exist and 400 for an id that is not a number', async () => {
      for (const res of [
        await patch('999999', { status: 'approved' }),
        await admin().delete('/api/admin/collection-submissions/999999'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(SUBMISSION_MESSAGES.notFound);
      }
      const bad = await admin().delete('/api/admin/collection-submissions/abc');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('id must be a positive whole number');
    });

    it('deletes a submission with its votes', async () => {
      const s = await submit();
      await votes(s.id, 2, 1);
      const before = await count('collection_vote');

      const res = await admin().delete(`/api/admin/collection-submissions/${s.id}`);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await count('collection_vote')).toBe(before - 3);
      expect(await sql(`select id from collection_submission where id = ?`, [s.id])).toEqual([]);
      expect((await admin().delete(`/api/admin/collection-submissions/${s.id}`)).status).toBe(404);
    });
  });

  describe('auto-approve', () => {
    const autoApprove = (id: string) =>
      patch(id, {
        status: 'approved',
        adminNotes: AUTO_APPROVE_NOTE,
        reviewedAt: new Date().toISOString(),
        reviewedBy: 'Admin',
      });
    const expectRefused = async (id: string, message: string) => {
      const res = await autoApprove(id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
      const [row] = await sql(
        `select status, admin_notes, reviewed_at from collection_submission where id = ?`,
        [id],
      );
      expect(row).toEqual({ status: 'voting', admin_notes: null, reviewed_at: null });
    };

    it('is refused while voting runs, even with the votes to pass', async () => {
      const s = await submit();
      await votes(s.id, 40, 10);
      await expectRefused(s.id, AUTO_APPROVE_REFUSALS.votingOpen);
    });

    it('is refused with fewer than 50 votes', async () => {
      const s = await submit();
      await votes(s.id, 40, 9);
      await endVoting(s.id);
      await expectRefused(s.id, AUTO_APPROVE_REFUSALS.tooFewVotes(49));
    });

    it('is refused when yes is not more than no', async () => {
      const s = await submit();
      await votes(s.id, 25, 25);
      await endVoting(s.id);
      await expectRefused(s.id, AUTO_APPROVE_REFUSALS.noMajority(25, 25));
    });

    it('is refused for a submission that is not in voting', async () => {
      const s = await submit();
      await votes(s.id, 30, 20);
      await endVoting(s.id);
      await patch(s.id, { status: 'rejected' }).expect(200);
      const res = await autoApprove(s.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(AUTO_APPROVE_REFUSALS.notVoting('rejected'));
    });

    it('approves when the rule holds, and the collection is whitelisted (not featured) at once', async () => {
      const fields = {
        name: 'Community Apes',
        network: 'cronos',
        description: 'Voted in by the community',
        bannerUrl: UPLOADED,
        logoUrl: 'https://cdn.example/logo.png',
        website: 'https://community-apes.example',
        discord: 'https://discord.gg/capes',
        twitter: '@capes',
        telegram: 't.me/capes',
        submitterEmail: 'private@example.org',
      };
      const s = await submit(fields);
      await votes(s.id, 26, 24);
      await endVoting(s.id);
      await whitelist(); // cached before the approval

      const res = await autoApprove(s.id);

      expect(res.status).toBe(200);
      const body = res.body as SubmissionUpdatedResponse;
      expect(body.submission).toMatchObject({
        status: 'approved',
        adminNotes: AUTO_APPROVE_NOTE,
        reviewedBy: 'Admin',
        yesVotes: 26,
        noVotes: 24,
        totalVotes: 50,
      });
      expect(body.whitelistedCollectionId).toMatch(/^\d+$/);
      const entry = (await whitelist()).find((c) => c.contractAddress === s.contractAddress);
      expect(entry).toEqual({
        id: body.whitelistedCollectionId,
        contractAddress: s.contractAddress,
        name: 'Community Apes',
        network: 'cronos',
        description: 'Voted in by the community',
        logoUrl: 'https://cdn.example/logo.png',
        bannerUrl: UPLOADED,
        website: 'https://community-apes.example',
        discord: 'https://discord.gg/capes',
        twitter: '@capes',
        telegram: 't.me/capes',
        isFeatured: false,
        hasAnimatedBackground: false,
        backgroundImageUrls: [],
        bubbleCount: 15,
        animationSpeed: 'medium',
        bubbleSize: 'medium',
        animationDirection: 'all',
      });
      // Approved once: a second auto-approve finds it no longer in voting.
      expect((await autoApprove(s.id)).status).toBe(409);
    });

    it('keeps the existing whitelist entry when the contract is already whitelisted on that network', async () => {
      const s = await submit({ name: 'Submitted Name', network: 'ethereum' });
      const existing = await admin().post('/api/whitelisted-collections').send({
        contractAddress: s.contractAddress,
        name: 'Curated Name',
        network: 'ethereum',
        isFeatured: true,
      });
      expect(existing.status).toBe(201);

      const res = await patch(s.id, { status: 'approved', adminNotes: 'Known project' });

      expect(res.status).toBe(200);
      expect((res.body as SubmissionUpdatedResponse).whitelistedCollectionId).toBe(existing.body.id);
      const entries = (await whitelist()).filter((c) => c.contractAddress === s.contractAddress);
      expect(entries).toEqual([existing.body]);
    });

    it('approves nothing when whitelisting fails: the approval and the whitelist row commit together', async () => {
      const s = await submit();
      await votes(s.id, 30, 20);
      await endVoting(s.id);
      const whitelisted = await count('whitelisted_collection');
      await sql(`create function refuse_whitelist() returns trigger language plpgsql as
                 $$ begin raise exception 'whitelist refused'; end $$`);
      await sql(`create trigger refuse_whitelist before insert on whitelisted_collection
                 for each row execute function refuse_whitelist()`);
      try {
        const res = await autoApprove(s.id);
        expect(res.status).toBe(500);
        expect(res.body.message).toBe('Internal server error');
      } finally {
        await sql(`drop trigger refuse_whitelist on whitelisted_collection`);
        await sql(`drop function refuse_whitelist()`);
      }
      const [row] = await sql(
        `select status, admin_notes, reviewed_at from collection_submission where id = ?`,
        [s.id],
      );
      expect(row).toEqual({ status: 'voting', admin_notes: null, reviewed_at: null });
      expect(await count('whitelisted_collection')).toBe(whitelisted);

      // Once the whitelist takes rows again, the same request goes through.
      expect((await autoApprove(s.id)).status).toBe(200);
      expect((await whitelist()).map((c) => c.contractAddress)).toContain(s.contractAddress);
    });

    it('refuses to approve a submission whose address is no collection on its network (409), changing nothing', async () => {
      // Stored before the chain was asked (or its contract gone since).
      const nobody = `0x${randomBytes(20).toString('hex')}`;
      const [row] = await sql<{ id: string }>(
        `insert into collection_submission (created_at, updated_at, contract_address, network, name, status, voting_ends_at)
         values (now(), now(), ?, 'polygon', 'Random Address', 'voting', now() + interval '7 days')
         returning id::text as id`,
        [nobody],
      );
      const whitelisted = await count('whitelisted_collection');

      const res = await patch(row!.id, { status: 'approved', adminNotes: 'Looks fine' });

      expect(res.status).toBe(409);
      expect(res.body.message).toBe(notACollectionMessage('polygon', [], true));
      const [after] = await sql(`select status, reviewed_at from collection_submission where id = ?`, [
        row!.id,
      ]);
      expect(after).toEqual({ status: 'voting', reviewed_at: null });
      expect(await count('whitelisted_collection')).toBe(whitelisted);
      // Rejecting it needs no chain.
      expect((await patch(row!.id, { status: 'rejected' })).status).toBe(200);
    });

    it('lets an admin approve by hand at any time, without the vote rule', async () => {
      const s = await submit();
      const res = await patch(s.id, { status: 'approved', adminNotes: 'Partner project' });
      expect(res.status).toBe(200);
      expect((await whitelist()).map((c) => c.contractAddress)).toContain(s.contractAddress);
    });
  });

  it('documents the routes in the OpenAPI reference, the admin ones behind the admin cookie', async () => {
    const res = await http().get('/api/docs-json');
    const doc = res.body as {
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/collection-submissions',
        '/api/collection-submissions/voting',
        '/api/collection-votes',
        '/api/collection-votes/{id}/check',
        '/api/admin/collection-submissions',
        '/api/admin/collection-submissions/stats',
        '/api/admin/collection-submissions/{id}',
      ]),
    );
    expect(doc.paths['/api/admin/collection-submissions/{id}']!.patch!.security).toEqual([{ admin: [] }]);
    expect(doc.paths['/api/admin/collection-submissions/{id}']!.delete!.security).toEqual([{ admin: [] }]);
    expect(doc.paths['/api/collection-votes']!.post!.security).toBeUndefined();
    expect(Object.keys(doc.components.schemas.CreateSubmissionDto!.properties!)).toEqual([
      'contractAddress',
      'network',
      'name',
      'description',
      'website',
      'discord',
      'twitter',
      'telegram',
      'submitterEmail',
      'submitterContact',
      'bannerUrl',
      'logoUrl',
    ]);
    expect(Object.keys(doc.components.schemas.CastVoteDto!.properties!)).toEqual([
      'submissionId',
      'voteType',
      'voterFingerprint',
    ]);
  });
});
