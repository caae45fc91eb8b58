import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EnvReader } from './env-reader.js';

/** The HTTP API: where it listens, what it serves, how long it waits. */
export interface ServerSettings {
  port: number;
  host: string;
  frontendDist: string | null;
  /** How long POST /api/nfts waits for a running scan before answering `pending`. */
  scanWaitMs: number;
  /** A cache read slower than this is a miss (answered from PostgreSQL). */
  cacheReadTimeoutMs: number;
  /**
   * The largest collection POST /api/nfts answers whole (SPEC §7); a larger one is answered with its
   * first page and the page route (FULL_ANSWER_MAX_NFTS).
   */
  fullAnswerMaxNfts: number;
  /** How long a stopping API or worker may take to finish its requests and jobs (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
}

/** `root`: the repository root, against which FRONTEND_DIST is resolved. */
export function parseServerSettings(reader: EnvReader, root: string): ServerSettings {
  const frontendDist = resolve(root, reader.env.FRONTEND_DIST || 'frontend/dist');
  return {
    port: reader.int('PORT', 3000, 1, 65535),
    host: reader.env.HOST || '127.0.0.1',
    frontendDist: existsSync(frontendDist) ? frontendDist : null,
    scanWaitMs: reader.int('SCAN_WAIT_MS', 25_000, 0, 300_000),
    cacheReadTimeoutMs: reader.int('CACHE_READ_TIMEOUT_MS', 300, 10, 10_000),
    fullAnswerMaxNfts: reader.int('FULL_ANSWER_MAX_NFTS', 10_000, 1, 1_000_000),
    shutdownGraceMs: reader.int('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
  };
}
