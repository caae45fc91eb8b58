import { Injectable, type LoggerService } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { QueueName, type JobPayloads } from '@nexus/contract';
import type { Job } from 'bull';
import { APP_CONFIG } from '../config/config.module.js';
import { QUEUE_NAMES, ScanQueueRepository } from '../queues/index.js';
import { JobConsumer } from './job-consumer.service.js';
import { Processes, processedQueue, type JobProcessor } from './job-processor.js';
import { JobWiringError, wireProcessors } from './job-wiring.js';
import { PROCESSORS } from './worker.module.js';

type AnyJob = Job<JobPayloads[QueueName]>;
type ScanJob = Job<JobPayloads[typeof QueueName.WalletScan]>;

/** The queues as a worker sees them: what was registered, at which concurrency. */
class FakeQueues implements Pick<ScanQueueRepository, 'consume'> {
  readonly consumed = new Map<
    QueueName,
    {
      concurrency: number;
      handler: (job: AnyJob) => Promise<unknown>;
      completed?: (job: AnyJob) => Promise<void>;
    }
  >();

  consume<Q extends QueueName>(
    name: Q,
    concurrency: number,
    handler: (job: Job<JobPayloads[Q]>) => Promise<unknown>,
    completed?: (job: Job<JobPayloads[Q]>) => Promise<void>,
  ): void {
    this.consumed.set(name, {
      concurrency,
      handler: handler as (job: AnyJob) => Promise<unknown>,
      completed: completed as ((job: AnyJob) => Promise<void>) | undefined,
    });
  }
}

@Injectable()
@Processes(QueueName.WalletScan)
class WalletJob implements JobProcessor<typeof QueueName.WalletScan> {
  async process(job: ScanJob) {
    return `wallet ${job.data.key}`;
  }
}

@Injectable()
@Processes(QueueName.CollectionScan)
class CollectionJob implements JobProcessor<typeof QueueName.CollectionScan> {
  async process() {
    return 'collection';
  }
}

@Injectable()
@Processes(QueueName.Rarity)
class RarityJob implements JobProcessor<typeof QueueName.Rarity> {
  readonly followedUp: string[] = [];
  async process() {
    return 'rarity';
  }
  async completed(job: ScanJob) {
    this.followedUp.push(job.data.key);
  }
}

@Injectable()
@Processes(QueueName.TransferIndex)
class IndexJob implements JobProcessor<typeof QueueName.TransferIndex> {
  async process() {
    return 'index pass';
  }
}

@Injectable()
@Processes(QueueName.MetadataRetry)
class MetadataRetryJob implements JobProcessor<typeof QueueName.MetadataRetry> {
  async process() {
    return 'metadata retry';
  }
}

@Injectable()
@Processes(QueueName.Rarity)
class OtherRarityJob implements JobProcessor<typeof QueueName.Rarity> {
  async process() {
    return 'rarity again';
  }
}

/** A worker made of these providers, initialised as `npm start` would. */
async function startWorker(
  processors: Array<new () => JobProcessor>,
  queues = new FakeQueues(),
  logger: LoggerService | false = false,
) {
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [
      JobConsumer,
      ...processors,
      { provide: ScanQueueRepository, useValue: queues },
      { provide: APP_CONFIG, useValue: { workerConcurrency: 5 } },
    ],
  }).compile();
  module.useLogger(logger);
  await module.init();
  return { module, queues };
}

describe(JobConsumer.name, () => {
  it('gives every queue of the registry its processor, at the configured concurrency', async () => {
    const { module, queues } = await startWorker([
      WalletJob,
      CollectionJob,
      RarityJob,
      IndexJob,
      MetadataRetryJob,
    ]);

    expect([...queues.consumed.keys()].sort()).toEqual([...QUEUE_NAMES].sort());
    expect([...queues.consumed.values()].map((c) => c.concurrency)).toEqual([5, 5, 5, 5, 5]);
    const job = { data: { key: 'wallet:polygon:0x1' } } as AnyJob;
    await expect(queues.consumed.get(QueueName.WalletScan)!.handler(job)).resolves.toBe(
      'wallet wallet:polygon:0x1',
    );
    expect(queues.consumed.get(QueueName.WalletScan)!.completed).toBeUndefined();
    await queues.consumed.get(QueueName.Rarity)!.completed!({
      data: { key: 'rarity:polygon:0x2' },
    } as ScanJob);
    expect(module.get(RarityJob).followedUp).toEqual(['rarity:polygon:0x2']);
    await module.close();
  });

  it("logs each job's start and end with its queue, id, key, attempt and outcome", async () => {
    const lines: Array<[string, unknown]> = [];
    const capture = (level: string) => (message: unknown) => void lines.push([level, message]);
    const logger = { log: capture('log'), warn: capture('warn'), error: capture('error') };
    const { module, queues } = await startWorker(
      [WalletJob, CollectionJob, RarityJob, IndexJob, MetadataRetryJob],
      new FakeQueues(),
      logger,
    );
    lines.length = 0;

    const job = { id: 'wallet:polygon:0x1', attemptsMade: 1, data: { key: 'wallet:polygon:0x1' } } as AnyJob;
    await queues.consumed.get(QueueName.WalletScan)!.handler(job);

    const fields = {
      queue: 'wallet-scan',
      jobId: 'wallet:polygon:0x1',
      key: 'wallet:polygon:0x1',
      attempt: 2,
    };
    expect(lines).toEqual([
      ['log', { ...fields, event: 'job started' }],
      ['log', { ...fields, event: 'job completed', ms: expect.any(Number) }],
    ]);
    await module.close();
  });

  it('refuses to start when a queue has no processor, saying what to add', async () => {
    const queues = new FakeQueues();
    const start = startWorker([CollectionJob, RarityJob, IndexJob, MetadataRetryJob], queues);

    await expect(start).rejects.toBeInstanceOf(JobWiringError);
    await expect(start).rejects.toThrow(
      `queue "wallet-scan" has no processor: add a provider class with @Processes('wallet-scan') and a process(job) method to JobsModule`,
    );
    expect(queues.consumed.size).toBe(0);
  });

  it('refuses to start when a queue has two processors, naming both', async () => {
    const start = startWorker([
      WalletJob,
      CollectionJob,
      RarityJob,
      IndexJob,
      MetadataRetryJob,
      OtherRarityJob,
    ]);

    await expect(start).rejects.toThrow(
      'queue "rarity" has 2 processors (RarityJob, OtherRarityJob): keep exactly one',
    );
  });

  it('lists every problem at once', () => {
    expect(() =>
      wireProcessors(QUEUE_NAMES, [
        { queue: QueueName.Rarity, name: 'A' },
        { queue: QueueName.Rarity, name: 'B' },
      ]),
    ).toThrow(
      /wallet-scan" has no processor[\s\S]*collection-scan" has no processor[\s\S]*rarity" has 2 processors/,
    );
  });

  it("is satisfied by the worker's own processors", () => {
    const found = PROCESSORS.map((p) => ({ queue: processedQueue(p)!, name: p.name }));

    expect([...wireProcessors(QUEUE_NAMES, found).keys()].sort()).toEqual([...QUEUE_NAMES].sort());
  });
});
