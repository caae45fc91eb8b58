import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../platform/config/index.js';
import { heartbeatProblem, WorkerHeartbeat } from './worker-heartbeat.js';

describe('heartbeatProblem', () => {
  let dir: string;
  let file: string;
  const now = 1_800_000_000_000;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nexus-heartbeat-'));
    file = join(dir, 'heartbeat.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const beat = (ageMs: number, redis: 'up' | 'down' = 'up') =>
    writeFileSync(file, JSON.stringify({ at: now - ageMs, pid: 42, redis }));

  it('passes a fresh heartbeat of a worker that reaches Redis', async () => {
    beat(4000);
    expect(await heartbeatProblem(file, 30_000, now)).toBeNull();
  });

  it('fails a stale heartbeat, a missing one, and one without Redis', async () => {
    expect(await heartbeatProblem(file, 30_000, now)).toBe(`no heartbeat at ${file}`);
    beat(45_000);
    expect(await heartbeatProblem(file, 30_000, now)).toBe(
      'last heartbeat 45 s ago (worker 42 stuck or gone)',
    );
    beat(1000, 'down');
    expect(await heartbeatProblem(file, 30_000, now)).toBe('worker 42 cannot reach Redis');
  });
});

describe('WorkerHeartbeat', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nexus-heartbeat-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes its file from the start and removes it at the stop', async () => {
    const file = join(dir, 'heartbeat.json');
    const redis = { ping: async () => 'PONG' } as unknown as Redis;
    const heartbeat = new WorkerHeartbeat({ workerHeartbeatFile: file } as AppConfig, redis);
    heartbeat.onApplicationBootstrap();
    const deadline = Date.now() + 5000;
    while (!existsSync(file) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await heartbeatProblem(file)).toBeNull();
    await heartbeat.onApplicationShutdown();
    expect(existsSync(file)).toBe(false);
  });
});
