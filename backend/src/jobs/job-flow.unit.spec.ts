import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { QueueName, type Network, type ScanJobPayload } from '@nexus/contract';
import { randomUUID } from 'node:crypto';
import { VISITOR_ERRORS } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import { memoryQueues, MemoryQueueStore, ScanQueueRepository } from '../platform/queues/index.js';
import { TransferHistoryService, TransferIndexService } from '../transfer-index/index.js';
import { CollectionScanService } from './collection-scan.service.js';
import { JobConsumer, JOB_HANDLER_TABLE } from './job-consumer.service.js';
import { JOB_HANDLERS } from './job-handlers.js';
import { MetadataRetryService } from './metadata-retry.service.js';
import { RarityJobService } from './rarity-job.service.js';
import { PermanentScanError, ScanExecution } from './scan-execution.service.js';
import { ScanRunRepository } from './scan-run.repository.js';
import { SCAN_KEPT_STOPPING_MESSAGE, StalledScans } from './stalled-scans.service.js';
import { scanPayload } from './testing/fake-state.js';
import { WalletScanService } from './wallet-scan.service.js';

/**
 * The job flow of a worker as `npm start` wires it (the registry's queue options, the job table,
 * the consumer, the stalled-scan handling) on the in-memory queue driver, in fake time: which
 * attempt runs when, what a visitor is told, and what follows a job. The services doing the work
 * are stand-ins that record their calls.
 */
const LOCK_MS = 6000;

function payload(kind: 'collection' | 'rarity' = 'collection'): ScanJobPayload {
  return scanPayload(kind, `0x${randomUUID().replaceAll('-', '').padEnd(40, '0')}`);
}

/** A scan service whose runs do what `outcomes` says, in turn (the last one from then on). */
class ScriptedScans {
  readonly attempts: Array<{ key: string; attempt: number; at: number }> = [];
  outcomes: Array<'ok' | 'transient' | 'permanent' | 'hang'> = ['ok'];

  async run(job: ScanJobPayload, attempt: number) {
    this.attempts.push({ key: job.key, attempt, at: Date.now() });
    const outcome = this.outcomes[Math.min(this.attempts.length - 1, this.outcomes.length - 1)];
    if (outcome === 'transient') throw new Error('fetch failed: https://node.example/v3/secret-key');
    if (outcome === 'permanent') throw new PermanentScanError('Scan failed: not an NFT contract.');
    if (outcome === 'hang') return new Promise<never>(() => undefined);
    return { nfts: 1 };
  }
}

class Recorder {
  readonly calls: string[] = [];
  record(call: string) {
    this.calls.push(call);
  }
}

/** One worker process: the consumer, its handlers and stand-ins, on `store`'s queues. */
async function startWorker(store: MemoryQueueStore, services: Services) {
  const queues = memoryQueues(store, LOCK_MS);
  const repository = new ScanQueueRepository(queues);
  const module = await Test.createTestingModule({
    providers: [
      JobConsumer,
      StalledScans,
      { provide: JOB_HANDLER_TABLE, useValue: JOB_HANDLERS },
      { provide: ScanQueueRepository, useValue: repository },
      {
        provide: AppConfig,
        useValue: { workerConcurrency: 2, indexIntervalMs: 60_000, shutdownGraceMs: 0 },
      },
      { provide: CollectionScanService, useValue: services.collections },
      { provide: WalletScanService, useValue: services.wallets },
      { provide: RarityJobService, useValue: services.rarity },
      { provide: ScanExecution, useValue: services.execution },
      { provide: ScanRunRepository, useValue: services.runs },
      { provide: TransferIndexService, useValue: services.index },
      { provide: TransferHistoryService, useValue: services.history },
      { provide: MetadataRetryService, useValue: { run: async () => ({}) } },
    ],
  }).compile();
  module.useLogger(false);
  const app: INestApplicationContext = await module.init();
  return { app, repository, queues };
}

type Services = ReturnType<typeof services>;

function services() {
  const recorder = new Recorder();
  const collections = new ScriptedScans();
  const rarity = Object.assign(new ScriptedScans(), {
    async followUp(job: ScanJobPayload) {
      recorder.record(`follow-up ${job.key}`);
      return false;
    },
  });
  return {
    recorder,
    collections,
    wallets: new ScriptedScans(),
    rarity,
    execution: {
      async fail(job: ScanJobPayload, message: string) {
        recorder.record(`fail ${job.key}: ${message}`);
      },
    },
    runs: {
      async abandonRunning(key: string) {
        recorder.record(`abandon ${key}`);
        return ['worker-a'];
      },
    },
    index: {
      networks: (): Network[] => ['polygon', 'cronos'],
      pass: async () => null,
    },
    history: {
      pass: async () => null,
      async followUp(network: Network, contract: string) {
        recorder.record(`history follow-up ${network} ${contract}`);
        return 'idle' as const;
      },
    },
  };
}

describe('the job flow of a worker (in-memory queues, fake time)', () => {
  let store: MemoryQueueStore;
  let stub: Services;
  const apps: INestApplicationContext[] = [];

  beforeEach(() => {
    jest.useFakeTimers();
    store = new MemoryQueueStore();
    stub = services();
  });

  afterEach(async () => {
    // Real time for the workers' graceful stop (its grace period is a timer).
    jest.useRealTimers();
    for (const app of apps.splice(0)) {
      for (const [, queue] of app.get(ScanQueueRepository).all()) await queue.close(true);
      await app.close();
    }
  });

  async function worker() {
    const started = await startWorker(store, stub);
    apps.push(started.app);
    return started;
  }

  /** Lets fake time pass in steps, until `check` holds (at most `ms`). */
  async function until(check: () => boolean, ms = 120_000): Promise<void> {
    for (let waited = 0; !check(); waited += 100) {
      if (waited >= ms) throw new Error(`not reached within ${ms} ms`);
      await jest.advanceTimersByTimeAsync(100);
    }
  }

  it('retries a transient failure after 5 and 15 s and tells the visitor nothing until it succeeds', async () => {
    const { repository } = await worker();
    stub.collections.outcomes = ['transient', 'transient', 'ok'];
    const job = payload();
    const start = Date.now();
    await repository.enqueue(job);

    await until(() => stub.collections.attempts.length === 3);
    await jest.advanceTimersByTimeAsync(100);
    expect(
      stub.collections.attempts.map(({ attempt, at }) => [attempt, Math.round((at - start) / 1000)]),
    ).toEqual([
      [1, 0],
      [2, 5],
      [3, 20],
    ]);
    expect(stub.recorder.calls).toEqual([]);
    expect(await repository.isRunning(job.key, 'collection')).toBe(false);
  });

  it('gives up after the fourth attempt (55 s of pauses) with the fixed network message, never the node URL', async () => {
    const { repository } = await worker();
    stub.collections.outcomes = ['transient'];
    const job = payload();
    await repository.enqueue(job);

    await until(() => stub.recorder.calls.length === 1);
    expect(stub.collections.attempts.map(({ attempt }) => attempt)).toEqual([1, 2, 3, 4]);
    expect(stub.collections.attempts.at(-1)!.at - stub.collections.attempts[0]!.at).toBe(55_000);
    expect(stub.recorder.calls).toEqual([`fail ${job.key}: ${VISITOR_ERRORS.network}`]);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(stub.collections.attempts).toHaveLength(4);
  });

  it('fails a permanent error at once, with its own message, and never retries it', async () => {
    const { repository } = await worker();
    stub.collections.outcomes = ['permanent'];
    const job = payload();
    await repository.enqueue(job);

    await until(() => stub.recorder.calls.length === 1);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(stub.collections.attempts).toHaveLength(1);
    expect(stub.recorder.calls).toEqual([`fail ${job.key}: Scan failed: not an NFT contract.`]);
    expect(await repository.isRunning(job.key, 'collection')).toBe(false);
  });

  it('asks a finished rarity job for its follow-up once its key is free for a newer one', async () => {
    const { repository } = await worker();
    const job = payload('rarity');
    let runningAtFollowUp: boolean | null = null;
    stub.rarity.followUp = async (done: ScanJobPayload) => {
      runningAtFollowUp = await repository.isRunning(done.key, 'rarity');
      stub.recorder.record(`follow-up ${done.key}`);
      return false;
    };
    await repository.enqueue(job);

    await until(() => stub.recorder.calls.length === 1);
    expect(stub.recorder.calls).toEqual([`follow-up ${job.key}`]);
    expect(runningAtFollowUp).toBe(false);
  });

  it('closes the rows of a scan whose workers kept dying under it and tells its visitors', async () => {
    stub.collections.outcomes = ['hang'];
    const job = payload();
    // Three workers take the job in turn and die under it (maxStalledCount 2); a fourth finds it.
    for (let dead = 0; dead < 3; dead++) {
      const { repository, queues } = await worker();
      if (dead === 0) await repository.enqueue(job);
      await until(() => stub.collections.attempts.length === dead + 1, 4 * LOCK_MS);
      // Closed without handing back: the job stays active until its lock lapses, as at a death.
      for (const queue of Object.values(queues)) await queue.close(true);
    }
    await worker();

    await until(() => stub.recorder.calls.length === 2, 4 * LOCK_MS);
    expect(stub.recorder.calls).toEqual([
      `abandon ${job.key}`,
      `fail ${job.key}: ${SCAN_KEPT_STOPPING_MESSAGE}`,
    ]);
    // Each death moved it on without using an attempt.
    expect(stub.collections.attempts.map(({ attempt }) => attempt)).toEqual([1, 1, 1]);
  });

  it("schedules one index pass per indexed network however many workers start, and follows a collection's history", async () => {
    const { queues, repository } = await worker();
    await worker();
    const index = queues[QueueName.TransferIndex];
    expect((await index.getRepeatableJobs()).map(({ id, every }) => [id, every]).sort()).toEqual([
      ['index-cronos', 60_000],
      ['index-polygon', 60_000],
    ]);

    await repository.enqueueHistory('polygon', '0xabc');
    await until(() => stub.recorder.calls.length === 1);
    expect(stub.recorder.calls).toEqual(['history follow-up polygon 0xabc']);
  });
});
