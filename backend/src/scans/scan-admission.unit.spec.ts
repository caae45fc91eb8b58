import { Test } from '@nestjs/testing';
import {
  QUEUED_SCAN_LIMITS,
  QueueName,
  queuedScansPerClientMessage,
  scanKey,
  scanQueueFullMessage,
  type NftsRequest,
} from '@nexus/contract';
import { randomBytes } from 'node:crypto';
import { AddressesService } from '../addresses/index.js';
import { CollectionPageRepository, CollectionsRepository } from '../collections/index.js';
import { FakeCollections, FakeScanCache } from '../jobs/testing/fake-state.js';
import { RetryLaterException } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import {
  memoryQueues,
  MemoryQueueStore,
  ScanQueueRepository,
  type QueueDrivers,
} from '../platform/queues/index.js';
import { RateLimiterService, type RateLimitVerdict } from '../platform/security/index.js';
import { QueuedScansRepository } from './queued-scans.repository.js';
import { ScanAdmission } from './scan-admission.service.js';
import { ScanCacheRepository } from './scan-cache.repository.js';
import { ScanWaiter } from './scan-waiter.service.js';
import { ScansService } from './scans.service.js';
import { SearchRepository } from './search.repository.js';
import { MemoryQueuedScans } from './testing/memory-queued-scans.js';

/**
 * Scan admission as POST /api/nfts meets it (ScansService, ScanAdmission, the scan queues), with no
 * worker: every scan it admits stays queued, so the limits show exactly. The queues are the
 * in-memory driver and the ledger the in-memory one (each held to Redis by its scenario table);
 * the HTTP answers themselves are in scan-admission.http.spec.ts.
 */
const PER_CLIENT = 2;
const TOTAL = 3;
const FRESH = 14;
const PARALLEL = 12;

/** The 'fresh' budget: FRESH scans that start work per client, then refusals for 42 s. */
class FreshBudget implements Pick<RateLimiterService, 'consume'> {
  private readonly used = new Map<string, number>();

  async consume(_policy: string, client: string): Promise<RateLimitVerdict> {
    const used = (this.used.get(client) ?? 0) + 1;
    this.used.set(client, used);
    const allowed = used <= FRESH;
    return {
      allowed,
      limit: FRESH,
      remaining: Math.max(0, FRESH - used),
      resetMs: 42_000,
      firstBreach: false,
      repeat: false,
    };
  }
}

describe('scan admission (in-memory queues and ledger)', () => {
  let queues: QueueDrivers;
  let admission: ScanAdmission;
  let sut: ScansService;
  let nextIp = 1;
  const ip = () => `198.51.100.${nextIp++}`;
  const contract = () => `0x${randomBytes(20).toString('hex')}`;

  beforeEach(async () => {
    queues = memoryQueues(new MemoryQueueStore(), 6000);
    const module = await Test.createTestingModule({
      providers: [
        ScansService,
        ScanAdmission,
        {
          provide: AppConfig,
          useValue: { scanWaitMs: 25_000, scanQueueLimits: { perClient: PER_CLIENT, total: TOTAL } },
        },
        { provide: ScanQueueRepository, useValue: new ScanQueueRepository(queues) },
        { provide: QueuedScansRepository, useValue: new MemoryQueuedScans() },
        { provide: RateLimiterService, useValue: new FreshBudget() },
        { provide: ScanCacheRepository, useValue: new FakeScanCache() },
        { provide: CollectionsRepository, useValue: new FakeCollections() },
        { provide: CollectionPageRepository, useValue: {} },
        { provide: SearchRepository, useValue: { record: () => undefined } },
        {
          provide: AddressesService,
          useValue: { resolveForScan: async (input: string) => input.toLowerCase() },
        },
        // A preload waits for nothing: it answers 202 once the scan is queued.
        {
          provide: ScanWaiter,
          useValue: { waitFor: () => ({ promise: Promise.resolve(null), cancel: () => undefined }) },
        },
      ],
    }).compile();
    module.useLogger(false);
    sut = module.get(ScansService);
    admission = module.get(ScanAdmission);
  });

  /** The status and body of a preload of `address` by `client`, as the HTTP layer would send them. */
  async function scan(client: string, address: string, forceRefresh = false) {
    const request: NftsRequest = {
      address,
      network: 'polygon',
      searchType: 'collection',
      preload: true,
      forceRefresh,
    };
    try {
      return { status: (await sut.getNfts(request, client)).status as number, message: '', retryAfter: '' };
    } catch (error) {
      if (!(error instanceof RetryLaterException)) throw error;
      return { status: error.getStatus(), message: error.message, retryAfter: String(error.retryAfterS) };
    }
  }

  const collections = () => queues[QueueName.CollectionScan];
  const finish = async (address: string) =>
    (await collections().getJob(scanKey('collection', 'polygon', address)))!.remove();

  it("refuses a client's third queued scan with 429 and Retry-After until one of its scans ends", async () => {
    const client = ip();
    const [first, second, third] = [contract(), contract(), contract()];
    expect((await scan(client, first)).status).toBe(202);
    expect((await scan(client, second)).status).toBe(202);

    expect(await scan(client, third)).toEqual({
      status: 429,
      message: queuedScansPerClientMessage(PER_CLIENT),
      retryAfter: '10',
    });
    // Joining a scan that is already queued starts nothing: it is not refused.
    expect((await scan(client, first, true)).status).toBe(202);
    // Another client is not affected.
    expect((await scan(ip(), third)).status).toBe(202);

    await finish(first);
    expect((await scan(client, contract())).status).toBe(202);
  });

  it('admits exactly SCAN_QUEUE_PER_CLIENT of twelve simultaneous forced scans of one client', async () => {
    const client = ip();
    const addresses = Array.from({ length: PARALLEL }, () => contract());

    const answers = await Promise.all(addresses.map((address) => scan(client, address, true)));

    expect(answers.map(({ status }) => status).sort()).toEqual([
      ...Array<number>(PER_CLIENT).fill(202),
      ...Array<number>(PARALLEL - PER_CLIENT).fill(429),
    ]);
    expect((await collections().getJobCounts()).waiting).toBe(PER_CLIENT);
    // The refused requests gave their slots back: one scan ending frees exactly one.
    await finish(addresses[answers.findIndex(({ status }) => status === 202)]!);
    expect((await scan(client, contract())).status).toBe(202);
    expect((await scan(client, contract())).status).toBe(429);
  });

  it('answers 503 with Retry-After while the queue holds SCAN_QUEUE_TOTAL scans', async () => {
    for (let i = 0; i < TOTAL; i++) expect((await scan(ip(), contract())).status).toBe(202);

    expect(await scan(ip(), contract())).toEqual({
      status: 503,
      message: scanQueueFullMessage(30),
      retryAfter: '30',
    });
  });

  it('admits exactly SCAN_QUEUE_TOTAL of twelve simultaneous scans of twelve clients', async () => {
    const addresses = Array.from({ length: PARALLEL }, () => contract());

    const answers = await Promise.all(addresses.map((address) => scan(ip(), address, true)));

    expect(answers.map(({ status }) => status).sort()).toEqual([
      ...Array<number>(TOTAL).fill(202),
      ...Array<number>(PARALLEL - TOTAL).fill(503),
    ]);
    expect((await collections().getJobCounts()).waiting).toBe(TOTAL);
    // A scan that ends frees its slot of the queue for the next request, and only one.
    await finish(addresses[answers.findIndex(({ status }) => status === 202)]!);
    expect((await scan(ip(), contract())).status).toBe(202);
    expect((await scan(ip(), contract())).status).toBe(503);
  });

  it('lets simultaneous requests of many clients for one scan start it once and join it', async () => {
    const address = contract();

    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => scan(ip(), address, true)));

    expect(answers.map(({ status }) => status)).toEqual(Array<number>(PARALLEL).fill(202));
    expect((await collections().getJobCounts()).waiting).toBe(1);
    expect((await admission.status())[QUEUED_SCAN_LIMITS.total]).toMatchObject({ current: 1, limit: TOTAL });
  });

  it("refuses scans that start work past the client's 'fresh' budget", async () => {
    const client = ip();
    for (let i = 0; i < FRESH; i++) {
      const address = contract();
      expect((await scan(client, address, true)).status).toBe(202);
      await finish(address);
    }

    const refused = await scan(client, contract(), true);

    expect(refused).toMatchObject({ status: 429, retryAfter: '42' });
  });

  it('shows the queue limits as the security dashboard reads them', async () => {
    const client = ip();
    expect((await scan(client, contract())).status).toBe(202);
    expect((await scan(client, contract())).status).toBe(202);
    expect((await scan(ip(), contract())).status).toBe(202);

    const status = await admission.status();

    expect(status[QUEUED_SCAN_LIMITS.perClient]).toEqual({ current: 2, limit: 2, resetIn: 0, windowMs: 0 });
    expect(status[QUEUED_SCAN_LIMITS.total]).toEqual({ current: 3, limit: 3, resetIn: 0, windowMs: 0 });
  });
});
