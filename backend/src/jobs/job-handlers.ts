import type { Logger, Type } from '@nestjs/common';
import { QueueName, type JobPayloads } from '@nexus/contract';
import type { QueueJob } from '../platform/queues/index.js';
import type { AppConfig } from '../platform/config/index.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { TransferHistoryService, TransferIndexService } from '../transfer-index/index.js';
import { CollectionScanService } from './collection-scan.service.js';
import { MetadataRetryService } from './metadata-retry.service.js';
import { RarityJobService } from './rarity-job.service.js';
import { ScanExecution } from './scan-execution.service.js';
import { runScanJob } from './scan-job.runner.js';
import { WalletScanService } from './wallet-scan.service.js';

/** What a handler is given besides its service: other providers of the worker, its settings, a log. */
export interface JobContext {
  /** A provider of the worker; only those the handler names in `needs` (checked at start). */
  get<T>(type: Type<T>): T;
  config: AppConfig;
  logger: Pick<Logger, 'log' | 'warn' | 'error'>;
}

/**
 * How a queue's jobs run: the service that does the work and the call made of it (a line or a
 * few each). `needs` names the other providers `run` asks of the context, so that a
 * worker missing one refuses to start rather than failing its first job.
 */
export interface JobHandler<Q extends QueueName, S> {
  service: Type<S>;
  needs?: readonly Type<unknown>[];
  run(service: S, job: QueueJob<JobPayloads[Q]>, context: JobContext): Promise<unknown>;
  /** After Bull has marked a job complete, so its key is free for a new job. */
  completed?(service: S, job: QueueJob<JobPayloads[Q]>, context: JobContext): Promise<void>;
  /** Once the worker consumes its queues (a repeatable job's schedule, say). */
  start?(service: S, context: JobContext): Promise<void>;
}

/** A queue's handler with its service's type erased, as the consumer holds them. */
export interface AnyJobHandler<Q extends QueueName = QueueName> {
  service: Type<unknown>;
  needs?: readonly Type<unknown>[];
  run(service: unknown, job: QueueJob<JobPayloads[Q]>, context: JobContext): Promise<unknown>;
  completed?(service: unknown, job: QueueJob<JobPayloads[Q]>, context: JobContext): Promise<void>;
  start?(service: unknown, context: JobContext): Promise<void>;
}

/** Every queue's handler, keyed by queue: the compiler refuses a queue of the registry left out. */
export type JobHandlers = { readonly [Q in QueueName]: AnyJobHandler<Q> };

/** Types a handler by its service (the table erases it). */
function handle<Q extends QueueName, S>(handler: JobHandler<Q, S>): AnyJobHandler<Q> {
  return handler as AnyJobHandler<Q>;
}

/** A scan job: the service's `run`, with the shared failure policy (retry, or report at once). */
function scan<Q extends typeof QueueName.WalletScan | typeof QueueName.CollectionScan>(
  service: Type<{ run: Parameters<typeof runScanJob>[2] }>,
): AnyJobHandler<Q> {
  return handle<Q, { run: Parameters<typeof runScanJob>[2] }>({
    service,
    needs: [ScanExecution],
    run: (scans, job, { get, logger }) =>
      runScanJob(job, get(ScanExecution), (payload, attempt) => scans.run(payload, attempt), logger),
  });
}

/**
 * The job side of the job table: which service and method run each queue's jobs (the queue's
 * options are in `platform/queues/job.registry.ts`). The worker consumes each queue with its handler at
 * WORKER_CONCURRENCY, and refuses to start when a handler's service or needs are not provided.
 */
export const JOB_HANDLERS: JobHandlers = {
  [QueueName.WalletScan]: scan(WalletScanService),
  [QueueName.CollectionScan]: scan(CollectionScanService),
  // Once Bull has released the job's key, a newer scan of the collection may ask for a new ranking.
  [QueueName.Rarity]: handle<typeof QueueName.Rarity, RarityJobService>({
    service: RarityJobService,
    needs: [ScanExecution],
    run: (rarity, job, { get, logger }) =>
      runScanJob(job, get(ScanExecution), (payload, attempt) => rarity.run(payload, attempt), logger),
    completed: async (rarity, job, { logger }) => {
      try {
        if (await rarity.followUp(job.data)) logger.log(`${job.data.key}: ranked again for a newer scan`);
      } catch (error) {
        logger.warn(
          `${job.data.key}: follow-up check failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  }),
  // A repeatable pass per indexed network, scheduled when a worker starts; or a pass over one
  // collection's history (network index off), queued again after it while it is wanted.
  [QueueName.TransferIndex]: handle<typeof QueueName.TransferIndex, TransferIndexService>({
    service: TransferIndexService,
    needs: [ScanQueueRepository, TransferHistoryService],
    run: async (index, job, { get }) => {
      const { network, contract } = job.data;
      const result = contract
        ? await get(TransferHistoryService).pass(network, contract)
        : await index.pass(network);
      return (
        result && { blocks: result.blocks, logs: result.logs, indexedTo: result.cursor.indexedTo.toString() }
      );
    },
    completed: async (_index, job, { get, logger }) => {
      const { network, contract } = job.data;
      if (!contract) return;
      try {
        await get(TransferHistoryService).followUp(network, contract);
      } catch (error) {
        logger.warn(
          `history ${network} ${contract}: not queued again: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    start: (index, { get, config }) =>
      get(ScanQueueRepository).scheduleIndex(index.networks(), config.indexIntervalMs),
  }),
  [QueueName.MetadataRetry]: handle<typeof QueueName.MetadataRetry, MetadataRetryService>({
    service: MetadataRetryService,
    run: (retry, job) => retry.run(job.data),
  }),
};
