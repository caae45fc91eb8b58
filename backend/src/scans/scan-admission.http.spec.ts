import { getQueueToken } from '@nestjs/bull';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  QUEUED_SCAN_LIMITS,
  QueueName,
  queuedScansPerClientMessage,
  rateLimitMessage,
  scanKey,
  scanQueueFullMessage,
  type SecurityStatus,
} from '@nexus/contract';
import type { Queue } from 'bull';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { ScanAdmission } from './scan-admission.service.js';

/**
 * The API with no worker: every scan it admits stays queued, so the queue's limits show exactly.
 * Two scans per client, three in all, fourteen scans that start work per client per minute.
 */
const FRESH = 14;
/** Forced scans sent at once by one client. */
const PARALLEL = 12;

describe(ScanAdmission.name, () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let queue: Queue;
  let nextIp = 1;
  const ip = () => `198.51.100.${nextIp++}`;
  const contract = () => `0x${randomBytes(20).toString('hex')}`;

  beforeAll(async () => {
    isolated = await startIsolatedApi('admission', {
      env: {
        TRUST_PROXY: 'loopback',
        SCAN_QUEUE_PER_CLIENT: '2',
        SCAN_QUEUE_TOTAL: '3',
        RATE_LIMIT_FRESH: `${FRESH}/60`,
      },
    });
    sut = isolated.app;
    queue = sut.get<Queue>(getQueueToken(QueueName.CollectionScan));
  });

  beforeEach(async () => {
    await queue.empty();
  });

  afterAll(async () => {
    await isolated.close();
  });

  // A preload answers 202 as soon as the scan is queued.
  const scan = (from: string, address: string, forceRefresh = false) =>
    request(sut.getHttpServer())
      .post('/api/nfts')
      .set('X-Forwarded-For', from)
      .send({ address, network: 'polygon', searchType: 'collection', preload: true, forceRefresh });
  const finish = async (address: string) => {
    await (await queue.getJob(scanKey('collection', 'polygon', address)))!.remove();
  };

  it("refuses a client's third queued scan with 429 and Retry-After until one of its scans ends", async () => {
    const client = ip();
    const [first, second, third] = [contract(), contract(), contract()];
    expect((await scan(client, first)).status).toBe(202);
    expect((await scan(client, second)).status).toBe(202);

    const refused = await scan(client, third);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.body.message).toBe(queuedScansPerClientMessage(2));
    // Joining a scan that is already queued starts nothing: it is not refused.
    expect((await scan(client, first, true)).status).toBe(202);
    // Another client is not affected.
    expect((await scan(ip(), third)).status).toBe(202);

    await finish(first);
    expect((await scan(client, contract())).status).toBe(202);
  });

  it('admits exactly SCAN_QUEUE_PER_CLIENT of twelve simultaneous forced scans of one client', async () => {
    const client = ip();

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => contract()).map((address) => scan(client, address, true)),
    );

    const statuses = answers.map((res) => res.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array<number>(2).fill(202), ...Array<number>(PARALLEL - 2).fill(429)]);
    for (const refused of answers.filter((res) => res.status === 429))
      expect(refused.body.message).toBe(queuedScansPerClientMessage(2));
    expect((await queue.getJobCounts()).waiting).toBe(2);
    // The refused requests gave their slots back: one scan ending frees exactly one.
    const [first] = (await queue.getWaiting()).map((job) => job.data.address);
    await finish(first!);
    expect((await scan(client, contract())).status).toBe(202);
    expect((await scan(client, contract())).status).toBe(429);
  });

  it('answers 503 with Retry-After while the queue holds SCAN_QUEUE_TOTAL scans', async () => {
    for (let i = 0; i < 3; i++) expect((await scan(ip(), contract())).status).toBe(202);

    const refused = await scan(ip(), contract());

    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body.message).toBe(scanQueueFullMessage(30));
  });

  it('admits exactly SCAN_QUEUE_TOTAL of twelve simultaneous scans of twelve clients', async () => {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => scan(ip(), contract(), true)));

    const statuses = answers.map((res) => res.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array<number>(3).fill(202), ...Array<number>(PARALLEL - 3).fill(503)]);
    expect((await queue.getJobCounts()).waiting).toBe(3);
    // A scan that ends frees its slot of the queue for the next request, and only one.
    const [first] = (await queue.getWaiting()).map((job) => job.data.address);
    await finish(first!);
    expect((await scan(ip(), contract())).status).toBe(202);
    expect((await scan(ip(), contract())).status).toBe(503);
  });

  it("refuses scans that start work past the client's 'fresh' budget", async () => {
    const client = ip();
    for (let i = 0; i < FRESH; i++) {
      const address = contract();
      expect((await scan(client, address, true)).status).toBe(202);
      await finish(address);
    }

    const refused = await scan(client, contract(), true);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toBe(rateLimitMessage(Number(refused.headers['retry-after'])));
  });

  it('shows the fresh budget and the queue limits in the security status', async () => {
    const client = ip();
    expect((await scan(client, contract())).status).toBe(202);
    expect((await scan(client, contract())).status).toBe(202);
    expect((await scan(ip(), contract())).status).toBe(202);

    const res = await request(sut.getHttpServer())
      .get('/api/admin/security-status')
      .set('Cookie', await adminCookie(sut.getHttpServer()));

    const { rateLimits } = res.body as SecurityStatus;
    expect(rateLimits.fresh).toMatchObject({ limit: FRESH, windowMs: 60_000 });
    expect(rateLimits[QUEUED_SCAN_LIMITS.perClient]).toEqual({
      current: 2,
      limit: 2,
      resetIn: 0,
      windowMs: 0,
    });
    expect(rateLimits[QUEUED_SCAN_LIMITS.total]).toEqual({ current: 3, limit: 3, resetIn: 0, windowMs: 0 });
  });
});
