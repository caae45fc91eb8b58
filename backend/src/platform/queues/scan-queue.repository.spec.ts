import Bull from 'bull';
import { QueueName } from '@nexus/contract';
import { scanPayload } from '../../../../test/support/scan-payload.js';
import { TEST_REDIS_URL, testPrefix } from '../../../../test/support/test-env.js';
import { JOBS, lockSettings, QUEUE_NAMES } from './job.registry.js';
import type { QueueDrivers } from './queue-driver.js';
import { ScanQueueRepository } from './scan-queue.repository.js';
import { queueScenarios, SCENARIO_LOCK_MS } from './testing/queue-scenarios.js';

/** One process's Bull queues under `prefix`, each added to `opened`. */
function bullQueues(prefix: string, lockMs: number, opened: Bull.Queue[]): QueueDrivers {
  const queues = QUEUE_NAMES.map((name) => {
    const queue = new Bull(name, {
      redis: TEST_REDIS_URL,
      prefix,
      defaultJobOptions: JOBS[name].options,
      settings: lockSettings(lockMs, JOBS[name].lock.maxStalledCount),
    });
    opened.push(queue);
    return [name, queue];
  });
  return Object.fromEntries(queues) as QueueDrivers;
}

/** The queue scenarios on Bull and Redis: what the in-memory driver is held to. */
queueScenarios('the scan queues on Bull and Redis', async () => {
  const prefix = `${testPrefix('queue')}:bull`;
  const opened: Bull.Queue[] = [];
  return {
    process: () => bullQueues(prefix, SCENARIO_LOCK_MS, opened),
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    async close() {
      // The last process is never one a scenario closed.
      await Promise.all(opened.slice(-QUEUE_NAMES.length).map((queue) => queue.obliterate({ force: true })));
      await Promise.all(opened.map((queue) => queue.close(true).catch(() => undefined)));
    },
  };
});

describe('stopping as Bull takes a job (Bull and Redis)', () => {
  const prefix = `${testPrefix('queue-taken')}:bull`;
  const opened: Bull.Queue[] = [];

  afterAll(async () => {
    await Promise.all(opened.map((queue) => queue.obliterate({ force: true }).catch(() => undefined)));
    await Promise.all(opened.map((queue) => queue.close(true).catch(() => undefined)));
  });

  it('waits for a job Bull had moved to active as the pause came, and hands it back', async () => {
    const queues = bullQueues(prefix, 30_000, opened);
    // A loaded machine: the job is active in Redis, and reaches its handler 500 ms later.
    const collections = queues[QueueName.CollectionScan] as unknown as Bull.Queue & {
      getNextJob(): Promise<Bull.Job | undefined>;
    };
    const getNextJob = collections.getNextJob.bind(collections);
    let taken: () => void = () => undefined;
    const wasTaken = new Promise<void>((resolve) => (taken = resolve));
    collections.getNextJob = async () => {
      const job = await getNextJob();
      if (job) {
        taken();
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return job;
    };
    const sut = new ScanQueueRepository(queues);
    const started: string[] = [];
    sut.consume(QueueName.CollectionScan, 1, async (job) => {
      started.push(job.data.key);
      return new Promise<never>(() => undefined);
    });
    const payload = scanPayload('collection', `0x${'7'.repeat(40)}`);
    await sut.enqueue(payload);
    await wasTaken;

    // Not "none running": the job is on its way to the handler, and is still running at the end.
    expect(await sut.stopConsuming(1_000)).toBe(false);
    expect(started).toEqual([payload.key]);
    expect(await sut.handBack()).toEqual([payload.key]);
    // handBack closed this process's queues: read the job as another process.
    const reader = new Bull(QueueName.CollectionScan, { redis: TEST_REDIS_URL, prefix });
    opened.push(reader);
    const job = (await reader.getJob(payload.key))!;
    expect(['waiting', 'delayed']).toContain(await job.getState());
    expect(job.attemptsMade).toBe(0);
  }, 30_000);
});
