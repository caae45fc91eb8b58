import { resolve } from 'node:path';
import type { EnvReader } from './env-reader.js';

/** The Bull workers. */
export interface WorkerSettings {
  /** Bull lock duration: a worker that dies loses its job to another after about this long. */
  jobLockMs: number;
  workerConcurrency: number;
  /** Where a worker writes its heartbeat for health probes (WORKER_HEARTBEAT_FILE); null: none. */
  workerHeartbeatFile: string | null;
}

/** `root`: the repository root, against which WORKER_HEARTBEAT_FILE is resolved. */
export function parseWorkerSettings(reader: EnvReader, root: string): WorkerSettings {
  const heartbeat = reader.env.WORKER_HEARTBEAT_FILE;
  return {
    jobLockMs: reader.int('JOB_LOCK_MS', 6_000, 2_000, 600_000),
    workerConcurrency: reader.int('WORKER_CONCURRENCY', 2, 1, 64),
    workerHeartbeatFile: heartbeat ? resolve(root, heartbeat) : null,
  };
}
