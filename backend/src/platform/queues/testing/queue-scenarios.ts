import { QueueName, type ScanJobPayload } from '@nexus/contract';
import { scanPayload } from '../../../../../test/support/scan-payload.js';
import { randomUUID } from 'node:crypto';
import type { QueueDriver, QueueDrivers } from '../queue-driver.js';
import { ScanQueueRepository } from '../scan-queue.repository.js';

/**
 * The queue behaviour Nexus relies on, as one table of scenarios run against Bull on Redis
 * (`scan-queue.repository.spec.ts`) and against the in-memory driver (`memory-queue.unit.spec.ts`):
 * the unit tests that use the in-memory driver are worth what this table proves of it.
 */
export interface QueueWorld {
  /** One more process's queues, on the same store as the others (Redis, or the memory store). */
  process(): QueueDrivers;
  /** Lets `ms` pass: real time for Bull, fake time for the in-memory driver. */
  pass(ms: number): Promise<void>;
  /** Closes every process's queues and drops what they stored. */
  close(): Promise<void>;
}

/** The lock every world's queues use (JOB_LOCK_MS): a dead worker's job moves on within 4/3 of it. */
export const SCENARIO_LOCK_MS = 900;

const address = () => `0x${randomUUID().replaceAll('-', '').padEnd(40, '0')}`;
/** A handler that never ends, as a worker's that died under its job. */
const never = () => new Promise<never>(() => undefined);

/** Runs `describe` blocks of every scenario against the world `open` makes. */
export function queueScenarios(title: string, open: () => Promise<QueueWorld>): void {
  describe(title, () => {
    let world: QueueWorld;
    let queues: QueueDrivers;
    let sut: ScanQueueRepository;

    beforeEach(async () => {
      world = await open();
      queues = world.process();
      sut = new ScanQueueRepository(queues);
    });

    afterEach(async () => {
      await world.close();
    });

    /** Lets time pass in steps of 50 ms until `check` holds, up to `ms`. */
    async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
      for (let waited = 0; !(await check()); waited += 50) {
        if (waited >= ms) throw new Error(`not reached within ${ms} ms`);
        await world.pass(50);
      }
    }

    const collections = () => queues[QueueName.CollectionScan] as QueueDriver<ScanJobPayload>;

    it('collapses simultaneous requests for one scan into one job, and joins it while it waits', async () => {
      const payload = scanPayload('collection', address());
      const [first, second] = await Promise.all([
        sut.enqueue(payload),
        sut.enqueue({ ...payload, requestId: 'b' }),
      ]);

      expect(first.jobId).toBe(payload.key);
      expect(second.jobId).toBe(payload.key);
      expect([first.joined, second.joined].sort()).toEqual([false, true]);
      expect(await sut.enqueue(scanPayload('collection', payload.address))).toEqual({
        jobId: payload.key,
        joined: true,
      });
      expect(await sut.isRunning(payload.key, 'collection')).toBe(true);
      expect(await sut.queuedScans()).toBe(1);
      expect((await collections().getJobCounts()).waiting).toBe(1);
    });

    it('runs a job, tells the completion, frees its key and starts a new job for the next request', async () => {
      const ran: string[] = [];
      const completed: string[] = [];
      sut.consume(
        QueueName.CollectionScan,
        2,
        async (job) => void ran.push(job.data.requestId),
        async (job) => void completed.push(job.data.requestId),
      );
      const first = scanPayload('collection', address());
      await sut.enqueue(first);
      await until(() => completed.length === 1);
      expect(await sut.isRunning(first.key, 'collection')).toBe(false);
      expect(await collections().getJob(first.key)).toBeNull();

      const again = { ...first, requestId: randomUUID() };
      expect(await sut.enqueue(again)).toEqual({ jobId: first.key, joined: false });
      await until(() => completed.length === 2);
      expect(ran).toEqual([first.requestId, again.requestId]);
      expect(completed).toEqual(ran);
    });

    it('retries a failed job after the exponential backoff, then keeps it as failed', async () => {
      const attempts: number[] = [];
      const failures: Array<[number, string]> = [];
      collections().on('failed', (job, error) => failures.push([job!.attemptsMade, error.message]));
      sut.consume(QueueName.CollectionScan, 1, async (job) => {
        attempts.push(job.attemptsMade);
        throw new Error(`attempt ${job.attemptsMade + 1}`);
      });
      const payload = scanPayload('collection', address());
      await collections().add(payload, {
        jobId: payload.key,
        attempts: 3,
        backoff: { type: 'exponential', delay: 300 },
      });

      await until(() => failures.length === 1);
      expect(await (await collections().getJob(payload.key))!.getState()).toBe('delayed');
      await until(() => failures.length === 3);
      // 300 ms, then 900 ms: delay × (2^attempts − 1).
      expect(attempts).toEqual([0, 1, 2]);
      expect(failures).toEqual([
        [1, 'attempt 1'],
        [2, 'attempt 2'],
        [3, 'attempt 3'],
      ]);
      expect(await (await collections().getJob(payload.key))!.getState()).toBe('failed');
      expect(await sut.isRunning(payload.key, 'collection')).toBe(false);
    });

    it('does not retry a job its handler discarded', async () => {
      const attempts: number[] = [];
      sut.consume(QueueName.CollectionScan, 1, async (job) => {
        attempts.push(job.attemptsMade);
        await job.discard();
        throw new Error('permanent');
      });
      const payload = scanPayload('collection', address());
      await sut.enqueue(payload);
      await until(async () => (await (await collections().getJob(payload.key))?.getState()) === 'failed');
      await world.pass(200);
      expect(attempts).toEqual([0]);
    });

    it('fails an attempt that outlives the job timeout', async () => {
      const failures: string[] = [];
      collections().on('failed', (_job, error) => failures.push(error.message));
      sut.consume(QueueName.CollectionScan, 1, never);
      const payload = scanPayload('collection', address());
      await collections().add(payload, { jobId: payload.key, attempts: 1, timeout: 200 });
      await until(() => failures.length === 1);
      expect(failures).toEqual(['Promise timed out after 200 milliseconds']);
    });

    it('takes the waiting job of a higher priority first', async () => {
      const ran: string[] = [];
      const low = scanPayload('collection', address());
      const high = scanPayload('collection', address());
      await collections().add(low, { jobId: low.key, priority: 5 });
      await collections().add(high, { jobId: high.key, priority: 1 });
      sut.consume(QueueName.CollectionScan, 1, async (job) => void ran.push(job.data.key));
      await until(() => ran.length === 2);
      expect(ran).toEqual([high.key, low.key]);
    });

    it('keeps one delayed metadata retry per collection, joined by later scans', async () => {
      const target = address();
      const retry = { network: 'polygon' as const, address: target, requestedAt: new Date().toISOString() };
      const first = await sut.enqueueMetadataRetry(retry, 60_000);
      const second = await sut.enqueueMetadataRetry(retry, 60_000);

      expect(first).toEqual({ jobId: `metadata-retry:polygon:${target}`, joined: false });
      expect(second).toEqual({ jobId: first.jobId, joined: true });
      const job = (await queues[QueueName.MetadataRetry].getJob(first.jobId))!;
      expect(await job.getState()).toBe('delayed');
      expect(job.opts.attempts).toBe(5);
    });

    it('hands a running job back to another worker without using an attempt', async () => {
      const other = new ScanQueueRepository(world.process());
      const taken: Array<[string, number]> = [];
      sut.consume(QueueName.CollectionScan, 1, async (job) => {
        taken.push(['first', job.attemptsMade]);
        return never();
      });
      const payload = scanPayload('collection', address());
      await sut.enqueue(payload);
      await until(() => taken.length === 1);
      other.consume(
        QueueName.CollectionScan,
        1,
        async (job) => void taken.push(['second', job.attemptsMade]),
      );

      const stopped = sut.stopConsuming(100);
      await world.pass(150);
      expect(await stopped).toBe(false);
      expect(await sut.handBack()).toEqual([payload.key]);
      await until(() => taken.length === 2);
      expect(taken).toEqual([
        ['first', 0],
        ['second', 0],
      ]);
    });

    it("gives a dead worker's job to a live one, and reports it once it has stalled too often", async () => {
      const stalledOut: string[] = [];
      const taken: string[] = [];
      const processes = [queues, world.process(), world.process(), world.process()];
      const [last, ...dying] = processes.reverse().map((drivers) => new ScanQueueRepository(drivers));
      last!.onStalledOut(async (job) => void stalledOut.push(job.data.key));
      const payload = scanPayload('collection', address());
      await sut.enqueue(payload);
      // Three workers in turn take the job and die under it (maxStalledCount 2: the third death is
      // one too many); the last one finds it stalled out.
      for (const [i, worker] of dying.reverse().entries()) {
        worker.consume(QueueName.CollectionScan, 1, async () => {
          taken.push(`worker ${i}`);
          return never();
        });
        await until(() => taken.length === i + 1, 4 * SCENARIO_LOCK_MS + 2000);
        await Promise.all(worker.all().map(([, queue]) => queue.close(true)));
      }
      last!.consume(QueueName.CollectionScan, 1, async () => void taken.push('last'));
      await until(() => stalledOut.length === 1, 4 * SCENARIO_LOCK_MS + 2000);
      expect(stalledOut).toEqual([payload.key]);
      expect(taken).toEqual(['worker 0', 'worker 1', 'worker 2']);
      expect(await last!.isRunning(payload.key, 'collection')).toBe(false);
    });

    it('keeps one transfer-index schedule per indexed network, and drops the others with their runs', async () => {
      const index = queues[QueueName.TransferIndex];
      await sut.scheduleIndex(['polygon', 'cronos'], 60_000);
      await sut.scheduleIndex(['polygon', 'cronos'], 60_000);
      expect((await index.getRepeatableJobs()).map((job) => job.every)).toEqual([60_000, 60_000]);
      expect((await index.getJobCounts()).delayed).toBe(2);

      await sut.scheduleIndex(['polygon'], 60_000);
      const left = await index.getRepeatableJobs();
      expect(left).toHaveLength(1);
      expect((await index.getJobCounts()).delayed).toBe(1);
    });
  });
}
