import {
  AUTO_APPROVE_NOTE,
  AUTO_APPROVE_REFUSALS,
  notACollectionMessage,
  type SubmissionUpdatedResponse,
} from '@nexus/contract';
import { randomBytes } from 'node:crypto';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { SubmissionsController } from './submissions.controller.js';
import { useSubmissionsApi } from './testing/submissions-api.fixture.js';
import { DEFAULT_DISPLAY } from '../whitelist/testing/whitelist-entry.fixture.js';

const UPLOADED = '/api/media/files/0b7e5a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b.png';

/** Only an ERC-721 / ERC-1155 contract can be submitted: every submission here is a real one on the test chains. */
const maybe = describeWith([TEST_CHAIN]);

maybe(SubmissionsController.name, () => {
  const { admin, sql, count, submit, votes, endVoting, whitelist, patch } =
    useSubmissionsApi('submissions_auto_approve');

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
        ...DEFAULT_DISPLAY,
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
});
