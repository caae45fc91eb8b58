import { Test } from '@nestjs/testing';
import { scanKey, type ScanJobPayload } from '@nexus/contract';
import { randomUUID } from 'node:crypto';
import { testConfig, testPrefix } from '../../../../test/support/test-env.js';
import { CoreModule } from '../../core.module.js';
import { ScanQueueRepository } from './scan-queue.repository.js';
import type { INestApplicationContext } from '@nestjs/common';

function payload(address: string): ScanJobPayload {
  return {
    key: scanKey('collection', 'polygon', address),
    kind: 'collection',
    network: 'polygon',
    address,
    includeMetadata: true,
    includeAllTokenTypes: true,
    requestId: randomUUID(),
    requestedAt: new Date().toISOString(),
  };
}

describe(ScanQueueRepository.name, () => {
  let app: INestApplicationContext;
  let sut: ScanQueueRepository;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [CoreModule.forRoot(testConfig(testPrefix('queue')))],
    }).compile();
    app = await moduleRef.init();
    sut = app.get(ScanQueueRepository);
  });

  afterAll(async () => {
    for (const [, queue] of sut.all()) await queue.obliterate({ force: true });
    await app.close();
  });

  it('collapses two simultaneous requests for one collection into one job', async () => {
    const address = '0x' + 'ab'.repeat(20);
    const [first, second] = await Promise.all([sut.enqueue(payload(address)), sut.enqueue(payload(address))]);

    expect(first.jobId).toBe(second.jobId);
    expect([first.joined, second.joined].sort()).toEqual([false, true]);
    const queue = sut.all().find(([name]) => name === 'collection-scan')![1];
    const waiting = await queue.getWaiting();
    expect(waiting.filter((j) => j.data.address === address)).toHaveLength(1);
    expect(await sut.isRunning(first.jobId, 'collection')).toBe(true);
  });

  it('starts a new job once the previous one has finished', async () => {
    const address = '0x' + 'cd'.repeat(20);
    const queue = sut.all().find(([name]) => name === 'collection-scan')![1];
    // A finished job still stored under the key (as when removal is off) must not block a new scan.
    const done = await queue.add(payload(address), { jobId: scanKey('collection', 'polygon', address) });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.add(done.data, { jobId: String(done.id), removeOnComplete: false });
    const finished = new Promise<void>((resolve) => queue.once('completed', () => resolve()));
    void queue.process(async () => 'ok');
    await finished;
    expect(await (await queue.getJob(String(done.id)))!.getState()).toBe('completed');

    const next = payload(address);
    const ranAgain = new Promise<string>((resolve) =>
      queue.once('completed', (job: { data: ScanJobPayload }) => resolve(job.data.requestId)),
    );
    const again = await sut.enqueue(next);
    expect(again.joined).toBe(false);
    expect(await ranAgain).toBe(next.requestId);
  });

  it('keeps one delayed metadata retry per collection, joined by later scans', async () => {
    const address = '0x' + 'ef'.repeat(20);
    const retry = { network: 'polygon' as const, address, requestedAt: new Date().toISOString() };

    const first = await sut.enqueueMetadataRetry(retry, 60_000);
    const second = await sut.enqueueMetadataRetry(retry, 60_000);

    expect(first).toEqual({ jobId: `metadata-retry:polygon:${address}`, joined: false });
    expect(second).toEqual({ jobId: first.jobId, joined: true });
    const queue = sut.all().find(([name]) => name === 'metadata-retry')![1];
    const delayed = await queue.getDelayed();
    expect(delayed.map((j) => j.id)).toEqual([first.jobId]);
    expect(delayed[0]!.opts.attempts).toBe(5);
  });
});
