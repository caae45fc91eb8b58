import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heartbeatProblem } from './worker-heartbeat.js';

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
