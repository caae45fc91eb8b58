import {
  SUBMISSION_MESSAGES,
  notACollectionMessage,
  VOTING,
  type CollectionSubmission,
  type SubmissionCreatedResponse,
} from '@nexus/contract';
import { randomBytes } from 'node:crypto';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { readTestManifest } from '../../../test/support/system.js';
import { deployTestCollection } from '../../../test/support/test-collections.js';
import { SubmissionsController } from './submissions.controller.js';
import { useSubmissionsApi } from './testing/submissions-api.fixture.js';

const UPLOADED = '/api/media/files/0b7e5a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b.png';

/** Only an ERC-721 / ERC-1155 contract can be submitted: every submission here is a real one on the test chains. */
const maybe = describeWith([TEST_CHAIN]);

maybe(SubmissionsController.name, () => {
  const { contract, http, sql, count, submit, patch } = useSubmissionsApi('submissions');

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
