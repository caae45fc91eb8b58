import { jest } from '@jest/globals';
import { ConflictException, Logger, NotFoundException } from '@nestjs/common';
import {
  AUTO_APPROVE_NOTE,
  AUTO_APPROVE_REFUSALS,
  SUBMISSION_MESSAGES,
  VOTING,
  type SubmissionUpdate,
} from '@nexus/contract';
import type { WhitelistAddition } from '../whitelist/whitelist.repository.js';
import type { WhitelistService } from '../whitelist/whitelist.service.js';
import type { SubmissionRecord } from './submission.mapper.js';
import {
  DuplicateSubmissionError,
  type NewSubmission,
  type ReviewDecision,
  type ReviewOutcome,
  type SubmissionsRepository,
} from './submissions.repository.js';
import { SubmissionsService } from './submissions.service.js';

const DAY = 24 * 3600_000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Submissions in memory; a review is all or nothing, as in the real transaction. */
class FakeSubmissionsRepository implements Pick<
  SubmissionsRepository,
  'create' | 'review' | 'delete' | 'list'
> {
  readonly rows = new Map<string, SubmissionRecord>();
  /** Whitelist entries by `network:address`, with their ids. */
  readonly whitelist = new Map<string, WhitelistAddition & { id: string }>();
  created: NewSubmission[] = [];
  listedStatus: unknown;
  now = NOW;
  private nextId = 1;

  create(s: NewSubmission): Promise<SubmissionRecord> {
    if (
      [...this.rows.values()].some((r) => r.network === s.network && r.contractAddress === s.contractAddress)
    )
      return Promise.reject(new DuplicateSubmissionError());
    this.created.push(s);
    const { votingMs, ...fields } = s;
    const record: SubmissionRecord = {
      ...fields,
      id: String(this.nextId++),
      yesVotes: 0,
      noVotes: 0,
      totalVotes: 0,
      submittedAt: iso(this.now),
      votingEndsAt: iso(this.now + votingMs),
      adminNotes: null,
      reviewedAt: null,
      reviewedBy: null,
    };
    this.rows.set(record.id, record);
    return Promise.resolve(record);
  }

  put(fields: Partial<SubmissionRecord>): SubmissionRecord {
    const record: SubmissionRecord = {
      id: String(this.nextId++),
      name: 'Apes',
      network: 'polygon',
      contractAddress: '0x' + 'ab'.repeat(20),
      description: 'About apes',
      website: 'https://apes.example',
      discord: '',
      twitter: '@apes',
      telegram: '',
      bannerUrl: '/api/media/files/0b7e5a3c-1d2e-4f50-8a9b-0c1d2e3f4a5b.png',
      logoUrl: '',
      submitterEmail: 'owner@apes.example',
      submitterContact: '',
      status: 'voting',
      yesVotes: 30,
      noVotes: 20,
      totalVotes: 50,
      votingEndsAt: iso(this.now - 1),
      submittedAt: iso(this.now - 7 * DAY - 1),
      adminNotes: null,
      reviewedAt: null,
      reviewedBy: null,
      ...fields,
    };
    this.rows.set(record.id, record);
    return record;
  }

  review(
    id: string,
    decide: (current: SubmissionRecord, now: string) => ReviewDecision,
  ): Promise<ReviewOutcome | null> {
    const current = this.rows.get(id);
    if (!current) return Promise.resolve(null);
    const decision = decide({ ...current }, iso(this.now));
    if ('refused' in decision) return Promise.resolve(decision);
    const { whitelist, ...change } = decision.change;
    let whitelistedCollectionId: string | null = null;
    if (whitelist) {
      const key = `${whitelist.network}:${whitelist.contractAddress}`;
      if (!this.whitelist.has(key))
        this.whitelist.set(key, { ...whitelist, id: `w${this.whitelist.size + 1}` });
      whitelistedCollectionId = this.whitelist.get(key)!.id;
    }
    const updated = { ...current, ...change, reviewedAt: iso(this.now) };
    this.rows.set(id, updated);
    return Promise.resolve({ submission: updated, whitelistedCollectionId });
  }

  delete(id: string): Promise<boolean> {
    return Promise.resolve(this.rows.delete(id));
  }

  list(status: unknown): Promise<SubmissionRecord[]> {
    this.listedStatus = status;
    return Promise.resolve([...this.rows.values()]);
  }
}

describe(SubmissionsService.name, () => {
  let repository: FakeSubmissionsRepository;
  let refreshes: number;
  let refreshFails: boolean;
  let sut: SubmissionsService;

  beforeEach(() => {
    repository = new FakeSubmissionsRepository();
    refreshes = 0;
    refreshFails = false;
    const whitelist = {
      refresh: () => {
        refreshes++;
        return refreshFails ? Promise.reject(new Error('redis down')) : Promise.resolve();
      },
    } as unknown as WhitelistService;
    sut = new SubmissionsService(repository as unknown as SubmissionsRepository, whitelist);
  });

  describe('create', () => {
    it('stores a lower-case address and empty optional fields, in voting for 7 days', async () => {
      const res = await sut.create({
        contractAddress: '0x' + 'AB'.repeat(20),
        network: 'cronos',
        name: 'Apes',
        submitterEmail: 'owner@apes.example',
      });

      expect(repository.created).toEqual([
        {
          contractAddress: '0x' + 'ab'.repeat(20),
          network: 'cronos',
          name: 'Apes',
          description: '',
          website: '',
          discord: '',
          twitter: '',
          telegram: '',
          bannerUrl: '',
          logoUrl: '',
          submitterEmail: 'owner@apes.example',
          submitterContact: '',
          status: 'voting',
          votingMs: VOTING.durationMs,
        },
      ]);
      expect(res).toMatchObject({
        success: true,
        submissionId: '1',
        submission: { id: '1', status: 'voting' },
      });
      expect(Date.parse(res.submission.votingEndsAt!) - Date.parse(res.submission.submittedAt)).toBe(7 * DAY);
      expect(res.submission).not.toHaveProperty('submitterEmail');
      expect(res.submission).not.toHaveProperty('submitterContact');
    });

    it('answers a duplicate with 409 and the SPEC message', async () => {
      const input = { contractAddress: '0x' + 'ab'.repeat(20), network: 'polygon' as const, name: 'Apes' };
      await sut.create(input);
      await expect(
        sut.create({ ...input, contractAddress: input.contractAddress.toUpperCase().replace('0X', '0x') }),
      ).rejects.toEqual(new ConflictException(SUBMISSION_MESSAGES.duplicate));
    });
  });

  describe('update', () => {
    const autoApprove: SubmissionUpdate = {
      status: 'approved',
      adminNotes: AUTO_APPROVE_NOTE,
      reviewedAt: '1999-01-01T00:00:00.000Z',
      reviewedBy: 'Mallory',
    };

    it.each([
      ['still voting', { votingEndsAt: iso(NOW + 1) }, AUTO_APPROVE_REFUSALS.votingOpen],
      ['49 votes', { yesVotes: 30, noVotes: 19, totalVotes: 49 }, AUTO_APPROVE_REFUSALS.tooFewVotes(49)],
      ['a tie', { yesVotes: 25, noVotes: 25, totalVotes: 50 }, AUTO_APPROVE_REFUSALS.noMajority(25, 25)],
      ['rejected', { status: 'rejected' as const }, AUTO_APPROVE_REFUSALS.notVoting('rejected')],
    ])(
      'refuses Auto-Approve of a submission %s with 409 and the reason, changing nothing',
      async (_case, fields, reason) => {
        const s = repository.put(fields);

        await expect(sut.update(s.id, autoApprove)).rejects.toEqual(new ConflictException(reason));

        expect(repository.rows.get(s.id)).toEqual(s);
        expect(repository.whitelist.size).toBe(0);
        expect(refreshes).toBe(0);
      },
    );

    it("auto-approves when the rule holds: stamped by 'Admin' at the server's time, whitelisted, list refreshed", async () => {
      const s = repository.put({});

      const res = await sut.update(s.id, autoApprove);

      expect(res.submission).toMatchObject({
        status: 'approved',
        adminNotes: AUTO_APPROVE_NOTE,
        reviewedBy: 'Admin',
        reviewedAt: iso(NOW),
        submitterEmail: 'owner@apes.example',
      });
      expect(res.whitelistedCollectionId).toBe('w1');
      expect([...repository.whitelist.values()]).toEqual([
        {
          id: 'w1',
          contractAddress: s.contractAddress,
          name: 'Apes',
          network: 'polygon',
          description: 'About apes',
          bannerUrl: s.bannerUrl,
          logoUrl: '',
          website: 'https://apes.example',
          discord: '',
          twitter: '@apes',
          telegram: '',
        },
      ]);
      expect(refreshes).toBe(1);
    });

    it('approves by hand without the vote rule; the approval stands if the cached list cannot be refreshed', async () => {
      const s = repository.put({ yesVotes: 0, noVotes: 0, totalVotes: 0, votingEndsAt: iso(NOW + DAY) });
      refreshFails = true;
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

      const res = await sut.update(s.id, { status: 'approved', adminNotes: 'Partner' });

      expect(res.submission.status).toBe('approved');
      expect(res.whitelistedCollectionId).toBe('w1');
      expect(refreshes).toBe(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('redis down'));
      warn.mockRestore();
    });

    it('whitelists only on the way into approved, not when an approved submission is saved again', async () => {
      const s = repository.put({ status: 'approved' });

      const res = await sut.update(s.id, { status: 'approved', adminNotes: 'Notes edited' });

      expect(res).not.toHaveProperty('whitelistedCollectionId');
      expect(res.submission.adminNotes).toBe('Notes edited');
      expect(repository.whitelist.size).toBe(0);
      expect(refreshes).toBe(0);
    });

    it('keeps the notes and status the body leaves out, and clears notes set to null', async () => {
      const s = repository.put({ status: 'pending', adminNotes: 'Keep me' });

      expect((await sut.update(s.id, {})).submission).toMatchObject({
        status: 'pending',
        adminNotes: 'Keep me',
        reviewedBy: 'Admin',
      });
      expect((await sut.update(s.id, { adminNotes: null })).submission.adminNotes).toBeNull();
    });

    it('opens a new 7-day window on entering voting, unless one is still running', async () => {
      const ended = repository.put({ status: 'pending', votingEndsAt: iso(NOW - DAY) });
      const never = repository.put({ status: 'rejected', votingEndsAt: null });
      const running = repository.put({ status: 'pending', votingEndsAt: iso(NOW + DAY) });

      expect((await sut.update(ended.id, { status: 'voting' })).submission.votingEndsAt).toBe(
        iso(NOW + 7 * DAY),
      );
      expect((await sut.update(never.id, { status: 'voting' })).submission.votingEndsAt).toBe(
        iso(NOW + 7 * DAY),
      );
      expect((await sut.update(running.id, { status: 'voting' })).submission.votingEndsAt).toBe(
        iso(NOW + DAY),
      );
    });

    it('answers 404 for a submission that does not exist', async () => {
      await expect(sut.update('404', { status: 'rejected' })).rejects.toEqual(
        new NotFoundException(SUBMISSION_MESSAGES.notFound),
      );
    });
  });

  it('deletes once, then answers 404', async () => {
    const s = repository.put({});
    await expect(sut.remove(s.id)).resolves.toEqual({ success: true });
    await expect(sut.remove(s.id)).rejects.toEqual(new NotFoundException(SUBMISSION_MESSAGES.notFound));
  });

  it('lists every status when no status is asked for, and shows admins the submitter contact', async () => {
    repository.put({});
    const list = await sut.list(undefined);
    expect(repository.listedStatus).toBeNull();
    expect(list[0]).toHaveProperty('submitterEmail', 'owner@apes.example');
  });
});
