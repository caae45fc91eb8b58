import { Injectable, type LoggerService } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { QueueName, type JobPayloads } from '@nexus/contract';
import type { QueueJob } from '../platform/queues/index.js';
import { AppConfig } from '../platform/config/index.js';
import { QUEUE_NAMES, ScanQueueRepository } from '../platform/queues/index.js';
import { JobConsumer, JOB_HANDLER_TABLE } from './job-consumer.service.js';
import { JOB_HANDLERS, type AnyJobHandler, type JobHandlers } from './job-handlers.js';
import { JobWiringError, wireHandlers } from './job-wiring.js';
import { ScanExecution } from './scan-execution.service.js';

type AnyJob = QueueJob<JobPayloads[QueueName]>;

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
    handler: (job: QueueJob<JobPayloads[Q]>) => Promise<unknown>,
    completed?: (job: QueueJob<JobPayloads[Q]>) => Promise<void>,
  ): void {
    this.consumed.set(name, {
      concurrency,
      handler: handler as (job: AnyJob) => Promise<unknown>,
      completed: completed as ((job: AnyJob) => Promise<void>) | undefined,
    });
  }
}

/** A service doing each queue's work, recording what it was asked. */
@Injectable()
class Work {
  readonly done: string[] = [];
  async run(what: string): Promise<string> {
    this.done.push(what);
    return what;
  }
}

@Injectable()
class Helper {
  readonly name = 'helper';
}

/** A handler of `queue` over Work; `needs` other providers, `completed` and `start` recorded. */
function handler(queue: QueueName, extra: Partial<AnyJobHandler> = {}): AnyJobHandler {
  return {
    service: Work,
    run: (work, job) => (work as Work).run(`${queue} ${(job.data as { key?: string }).key ?? ''}`.trim()),
    ...extra,
  };
}

const table = (over: Partial<Record<QueueName, AnyJobHandler | undefined>> = {}) =>
  ({
    ...Object.fromEntries(QUEUE_NAMES.map((queue) => [queue, handler(queue)])),
    ...over,
  }) as unknown as JobHandlers;

/** A worker with these handlers and providers, initialised as `npm start` would. */
async function startWorker(
  handlers: JobHandlers,
  providers: Array<new () => unknown> = [Work],
  queues = new FakeQueues(),
  logger: LoggerService | false = false,
) {
  const module = await Test.createTestingModule({
    providers: [
      JobConsumer,
      ...providers,
      { provide: JOB_HANDLER_TABLE, useValue: handlers },
      { provide: ScanQueueRepository, useValue: queues },
      { provide: ScanExecution, useValue: { handBack: async () => {} } },
      { provide: AppConfig, useValue: { workerConcurrency: 5 } },
    ],
  }).compile();
  module.useLogger(logger);
  await module.init();
  return { module, queues };
}

describe(JobConsumer.name, () => {
  it('gives every queue of the registry its handler, at the configured concurrency', async () => {
    const followedUp: string[] = [];
    const started: string[] = [];
    const { module, queues } = await startWorker(
      table({
        [QueueName.Rarity]: handler(QueueName.Rarity, {
          needs: [Helper],
          completed: async (_work, job, { get }) =>
            void followedUp.push(`${get(Helper).name} ${(job.data as { key: string }).key}`),
        }),
        [QueueName.TransferIndex]: handler(QueueName.TransferIndex, {
          start: async (work) => void started.push(`${(work as Work).done.length} done at start`),
        }),
      }),
      [Work, Helper],
    );

    expect([...queues.consumed.keys()].sort()).toEqual([...QUEUE_NAMES].sort());
    expect([...queues.consumed.values()].map((c) => c.concurrency)).toEqual(QUEUE_NAMES.map(() => 5));
    const job = { data: { key: 'wallet:polygon:0x1' } } as AnyJob;
    await expect(queues.consumed.get(QueueName.WalletScan)!.handler(job)).resolves.toBe(
      'wallet-scan wallet:polygon:0x1',
    );
    expect(module.get(Work).done).toEqual(['wallet-scan wallet:polygon:0x1']);
    expect(queues.consumed.get(QueueName.WalletScan)!.completed).toBeUndefined();
    await queues.consumed.get(QueueName.Rarity)!.completed!({
      data: { key: 'rarity:polygon:0x2' },
    } as AnyJob);
    expect(followedUp).toEqual(['helper rarity:polygon:0x2']);
    expect(started).toEqual(['0 done at start']);
    await module.close();
  });

  it("logs each job's start and end with its queue, id, key, attempt and outcome", async () => {
    const lines: Array<[string, unknown]> = [];
    const capture = (level: string) => (message: unknown) => void lines.push([level, message]);
    const logger = { log: capture('log'), warn: capture('warn'), error: capture('error') };
    const { module, queues } = await startWorker(table(), [Work], new FakeQueues(), logger);
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

  it("logs a repeated job's start and end at debug level, and its failure as a warning", async () => {
    const lines: Array<[string, unknown]> = [];
    const capture = (level: string) => (message: unknown) => void lines.push([level, message]);
    const logger = {
      log: capture('log'),
      warn: capture('warn'),
      error: capture('error'),
      debug: capture('debug'),
    };
    const failing = handler(QueueName.TransferIndex, {
      run: async (_work, job) => {
        if ((job.data as { key?: string }).key === 'fail') throw new Error('node away');
      },
    });
    const { module, queues } = await startWorker(
      table({ [QueueName.TransferIndex]: failing }),
      [Work],
      new FakeQueues(),
      logger,
    );
    lines.length = 0;
    const pass = (key: string) =>
      ({
        id: `repeat:abc:${key}`,
        attemptsMade: 0,
        data: { key },
        opts: { repeat: { every: 5000 } },
      }) as AnyJob;

    await queues.consumed.get(QueueName.TransferIndex)!.handler(pass('ok'));
    await expect(queues.consumed.get(QueueName.TransferIndex)!.handler(pass('fail'))).rejects.toThrow(
      'node away',
    );

    expect(lines.map(([level, message]) => [level, (message as { event: string }).event])).toEqual([
      ['debug', 'job started'],
      ['debug', 'job completed'],
      ['debug', 'job started'],
      ['warn', 'job failed'],
    ]);
    await module.close();
  });

  it('refuses to start when a queue has no handler, saying where to add it', async () => {
    const queues = new FakeQueues();
    const start = startWorker(table({ [QueueName.WalletScan]: undefined }), [Work], queues);

    await expect(start).rejects.toBeInstanceOf(JobWiringError);
    await expect(start).rejects.toThrow(
      'queue "wallet-scan" has no handler: add one to JOB_HANDLERS (backend/src/jobs/job-handlers.ts)',
    );
    expect(queues.consumed.size).toBe(0);
  });

  it("refuses to start when the worker lacks a handler's service or one of its needs, naming it", async () => {
    const start = startWorker(table({ [QueueName.Rarity]: handler(QueueName.Rarity, { needs: [Helper] }) }));

    await expect(start).rejects.toThrow(
      'the handler of queue "rarity" needs Helper, which the worker does not provide: add it to JobsModule',
    );
  });

  it('lists every problem at once', () => {
    const { [QueueName.WalletScan]: _wallet, [QueueName.CollectionScan]: _collection, ...rest } = table();
    expect(() =>
      wireHandlers(
        QUEUE_NAMES,
        { ...rest, ['stray-queue' as QueueName]: handler(QueueName.Rarity) },
        (type) => (type === Work ? new Work() : null),
      ),
    ).toThrow(
      /wallet-scan" has no handler[\s\S]*collection-scan" has no handler[\s\S]*"stray-queue", which is not/,
    );
  });

  it('names a handler for every queue of the registry and for no other', () => {
    expect(Object.keys(JOB_HANDLERS).sort()).toEqual([...QUEUE_NAMES].sort());
    expect(JOB_HANDLERS[QueueName.CollectionScan].needs).toEqual([ScanExecution]);
  });
});
