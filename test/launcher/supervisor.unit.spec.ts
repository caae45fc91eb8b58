import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Supervisor } from '../../scripts/supervisor.mjs';

/**
 * A real node child per run: it appends a line to `runs` when it starts, sets up what the script
 * says (RUN = how many runs came before), and then prints `ready`.
 */
function child(script: string): string[] {
  return [
    '-e',
    `const fs = require('node:fs');
     const file = process.env.RUNS_FILE;
     const RUN = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\\n').filter(Boolean).length : 0;
     fs.appendFileSync(file, 'run\\n');
     ${script}
     console.log('ready');`,
  ];
}

function waitFor(predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (predicate()) {
        clearInterval(poll);
        resolve();
      }
    }, 20);
  });
}

describe(Supervisor.name, () => {
  let dir: string;
  let runsFile: string;
  let lines: string[];
  let sut: Supervisor | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nexus-supervisor-'));
    runsFile = join(dir, 'runs');
    lines = [];
  });

  afterEach(async () => {
    await sut?.stop(2000);
    rmSync(dir, { recursive: true, force: true });
  });

  const supervise = (script: string, backoff = { initialMs: 100, maxMs: 400, stableMs: 10_000 }) =>
    new Supervisor('worker-1', child(script), {
      env: { RUNS_FILE: runsFile },
      readyLine: 'ready',
      backoff,
      say: (line) => lines.push(line),
    });
  const runs = () => readFileSync(runsFile, 'utf8').split('\n').filter(Boolean).length;

  it('restarts a killed process, doubling the delay up to the maximum, and says so', async () => {
    // Killed by a signal shortly after each of its first four starts, then stays up.
    sut = supervise(
      `if (RUN < 4) setTimeout(() => process.kill(process.pid, 'SIGKILL'), 100); else setInterval(() => {}, 1000);`,
    );
    await sut.start();
    await waitFor(() => lines.filter((l) => l.endsWith('restarted')).length === 4);

    expect(lines.filter((l) => l.includes('exited'))).toEqual([
      'worker-1 exited (SIGKILL); restarting in 0.1 s',
      'worker-1 exited (SIGKILL); restarting in 0.2 s',
      'worker-1 exited (SIGKILL); restarting in 0.4 s',
      'worker-1 exited (SIGKILL); restarting in 0.4 s',
    ]);
    expect(runs()).toBe(5);
    expect(sut.running).toBe(true);
  });

  it('starts again from the shortest delay after a run that lasted the stable period', async () => {
    sut = supervise(
      // A run counts from its spawn, so Node's own start (up to seconds on a loaded machine) is
      // inside each life: the short ones stay far below the stable period, the long one far above.
      `const life = [100, 100, 3000][RUN];
       if (life) setTimeout(() => process.exit(1), life); else setInterval(() => {}, 1000);`,
      { initialMs: 100, maxMs: 400, stableMs: 2500 },
    );
    await sut.start();
    await waitFor(() => lines.filter((l) => l.endsWith('restarted')).length === 3);

    expect(lines.filter((l) => l.includes('exited'))).toEqual([
      'worker-1 exited (1); restarting in 0.1 s',
      'worker-1 exited (1); restarting in 0.2 s',
      'worker-1 exited (1); restarting in 0.1 s',
    ]);
  });

  it('stops the process on request without restarting it', async () => {
    sut = supervise(`process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);`);
    await sut.start();
    await sut.stop(5000);

    expect(sut.running).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs()).toBe(1);
    expect(lines).toEqual([]);
  });

  it('kills a process that ignores SIGTERM once the grace period is over', async () => {
    sut = supervise(`process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);`);
    await sut.start();
    await sut.stop(300);

    expect(sut.child?.signalCode).toBe('SIGKILL');
    expect(lines).toEqual(['worker-1 did not stop within 0.3 s; killing it']);
  });

  it('reports a process that cannot start at all instead of restarting it', async () => {
    sut = new Supervisor('api', ['-e', 'process.exit(3)'], {
      readyLine: 'ready',
      backoff: { initialMs: 50 },
      say: (line) => lines.push(line),
    });

    await expect(sut.start()).rejects.toThrow('api exited (3) before it was ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines).toEqual([]);
  });
});
