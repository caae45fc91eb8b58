import { Inject, Injectable, Logger } from '@nestjs/common';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { RepeatingTask, type RepeatSchedule } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import { REDIS } from '../platform/redis/index.js';

/** How often a worker writes its heartbeat, and how old one may be before the worker counts as unhealthy. */
export const HEARTBEAT_INTERVAL_MS = 5000;
export const HEARTBEAT_MAX_AGE_MS = 30_000;

export interface Heartbeat {
  at: number;
  pid: number;
  redis: 'up' | 'down';
}

/**
 * A worker's health signal for Docker and other supervisors (WORKER_HEARTBEAT_FILE): every few
 * seconds, while its event loop turns, the worker pings Redis (where its queues live) and writes the
 * outcome. `node workers/dist/health.js` judges the file.
 */
@Injectable()
export class WorkerHeartbeat extends RepeatingTask {
  private readonly logger = new Logger(WorkerHeartbeat.name);

  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  protected schedule(): RepeatSchedule | null {
    return this.config.workerHeartbeatFile ? { everyMs: HEARTBEAT_INTERVAL_MS, firstMs: 0 } : null;
  }

  protected runOnce(): Promise<void> {
    return this.beat(this.config.workerHeartbeatFile!).catch((error: unknown) =>
      this.logger.warn(`heartbeat not written: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  protected override async stopped(): Promise<void> {
    if (this.config.workerHeartbeatFile) await rm(this.config.workerHeartbeatFile, { force: true });
  }

  private async beat(file: string): Promise<void> {
    const redis = await Promise.race([
      this.redis.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), 2000).unref()),
    ]);
    const heartbeat: Heartbeat = { at: Date.now(), pid: process.pid, redis };
    // Written aside and renamed: a reader never sees half a file.
    await writeFile(`${file}.tmp`, JSON.stringify(heartbeat));
    await rename(`${file}.tmp`, file);
  }
}

/** The health probe's verdict on a heartbeat file: null when healthy, else why not. */
export async function heartbeatProblem(
  file: string,
  maxAgeMs = HEARTBEAT_MAX_AGE_MS,
  now = Date.now(),
): Promise<string | null> {
  let heartbeat: Heartbeat;
  try {
    heartbeat = JSON.parse(await readFile(file, 'utf8')) as Heartbeat;
  } catch {
    return `no heartbeat at ${file}`;
  }
  const age = now - heartbeat.at;
  if (!(age <= maxAgeMs))
    return `last heartbeat ${Math.round(age / 1000)} s ago (worker ${heartbeat.pid} stuck or gone)`;
  if (heartbeat.redis !== 'up') return `worker ${heartbeat.pid} cannot reach Redis`;
  return null;
}
