// Over 400 lines for that reason: create, the chain check and update share one set of fakes of the service's
// store, chain and whitelist.
import { jest } from '@jest/globals';
import {
  BadRequestException,
  ConflictException,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  AUTO_APPROVE_NOTE,
  AUTO_APPROVE_REFUSALS,
  COLLECTION_CHECK_UNAVAILABLE,
  SUBMISSION_MESSAGES,
  VOTING,
  notACollectionMessage,
  type Network,
  type SubmissionUpdate,
} from '@nexus/contract';
import type { AddressesService } from '../addresses/index.js';
import type { WhitelistAddition, WhitelistService } from '../whitelist/index.js';
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
  'create' | 'review' | 'delete' | 'list' | 'find'
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

  find(id: string): Promise<SubmissionRecord | null> {
    return Promise.resolve(this.rows.get(id) ?? null);
  }

  list(status: unknown): Promise<SubmissionRecord[]> {
    this.listedStatus = status;
    return Promise.resolve([...this.rows.values()]);
  }
}

/**
 * The chain as the service asks it: every address is a collection on every network unless told
 * where it is one (`networks`), or the chain does not answer (`down`).
 */
class FakeAddresses implements Pick<AddressesService, 'collectionOn'> {
  readonly networks = new Map<string, Network[]>();
  down = false;
  asked = 0;

  collectionOn(network: Network, address: string) {
    this.asked++;
    if (this.down) return Promise.reject(new Error('node away'));
    const where =
      this.networks.get(address.toLowerCase()) ?? (['ethereum', 'polygon', 'cronos'] as Network[]);
    return Promise.resolve({
      found: where.includes(network) ? { network, name: 'Apes', standard: 'ERC-721' as const } : null,
      elsewhere: where.filter((n) => n !== network),
    });
  }
}

describe(SubmissionsService.name, () => {
  let repository: FakeSubmissionsRepository;
  let chain: FakeAddresses;
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
    chain = new FakeAddresses();
    sut = new SubmissionsService(
      repository as unknown as SubmissionsRepository,
      whitelist,
      chain as unknown as AddressesService,
    );
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

  describe('the chain check', () => {
    const input = { contractAddress: '0x' + 'cd'.repeat(20), network: 'polygon' as const, name: 'Apes' };

    it('refuses an address that is no collection anywhere with 400, storing nothing', async () => {
      chain.networks.set(input.contractAddress, []);

      await expect(sut.create(input)).rejects.toEqual(
        new BadRequestException(notACollectionMessage('polygon', [])),
      );
      expect(repository.created).toEqual([]);
    });

    it('names the network where the address is a collection', async () => {
      chain.networks.set(input.contractAddress, ['ethereum']);

      await expect(sut.create(input)).rejects.toEqual(
        new BadRequestException(
          'This address is not an ERC-721 or ERC-1155 collection on Polygon. It is one on Ethereum: choose that network.',
        ),
      );
    });

    it('answers 503 when the chain cannot be asked, storing nothing', async () => {
      chain.down = true;
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

      await expect(sut.create(input)).rejects.toEqual(
        new ServiceUnavailableException(COLLECTION_CHECK_UNAVAILABLE),
      );
      expect(repository.created).toEqual([]);
      warn.mockRestore();
    });

    it('checks again on approval: an address that is no collection there is not approved', async () => {
      const s = repository.put({ contractAddress: input.contractAddress, network: 'cronos' });
      chain.networks.set(input.contractAddress, ['ethereum', 'polygon']);

      await expect(sut.update(s.id, { status: 'approved' })).rejects.toEqual(
        new ConflictException(
          'Cannot approve: this address is not an ERC-721 or ERC-1155 collection on Cronos. It is one on Ethereum and Polygon.',
        ),
      );
      expect(repository.rows.get(s.id)).toEqual(s);
      expect(repository.whitelist.size).toBe(0);
      // Other changes need no chain.
      const asked = chain.asked;
      expect((await sut.update(s.id, { status: 'rejected' })).submission.status).toBe('rejected');
      expect(chain.asked).toBe(asked);
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
