/** The job side's surface: what the worker entry point, the benches and the tests use. */
export { JobsModule } from './jobs.module.js';
export { WorkerModule } from './worker.module.js';
export { createWorker, startWorker } from './worker.bootstrap.js';
export { CollectionScanService } from './collection-scan.service.js';
export { WalletScanService } from './wallet-scan.service.js';
export { RarityJobService } from './rarity-job.service.js';
export {
  HostsStillUnavailableError,
  MetadataRetryService,
  type MetadataRetryOutcome,
} from './metadata-retry.service.js';
export { rarityJobPayload } from '../platform/queues/index.js';
export { PermanentScanError, ScanExecution, type ScanOutcomeSummary } from './scan-execution.service.js';
export { ScanReporter } from './scan-reporter.js';
export { ScanRunRepository, WORKER_ID } from './scan-run.repository.js';
export { JOB_HANDLERS, type JobContext, type JobHandler, type JobHandlers } from './job-handlers.js';
export { JobWiringError } from './job-wiring.js';
export { emptyRecord, resolveTokens, TokenMetadataService } from './token-metadata.js';
export { heartbeatProblem, WorkerHeartbeat } from './worker-heartbeat.js';
