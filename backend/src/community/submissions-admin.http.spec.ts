import {
  SUBMISSION_MESSAGES,
  VOTING,
  type AdminCollectionSubmission,
  type SubmissionUpdatedResponse,
} from '@nexus/contract';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { SubmissionsController } from './submissions.controller.js';
import { useSubmissionsApi } from './testing/submissions-api.fixture.js';

/** Only an ERC-721 / ERC-1155 contract can be submitted: every submission here is a real one on the test chains. */
const maybe = describeWith([TEST_CHAIN]);

maybe(SubmissionsController.name, () => {
  const { http, admin, sql, count, submit, votes, endVoting, patch } = useSubmissionsApi('submissions_admin');

  // The first test below reads a stored submission: there is one before it, as in the other files' order.
  beforeAll(async () => {
    await submit();
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
});
