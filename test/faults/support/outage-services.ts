import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Requirement } from '../../support/requirements.js';
import { startSystem, type RunningSystem } from '../../support/system.js';
import { testPrefix } from '../../support/test-env.js';

/**
 * A Redis and a PostgreSQL of one fault scenario's own, which it may kill, stop and start again
 * without touching the machine's (or another suite's) services.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Consecutive free ports (an API per port, as startSystem takes them). */
export async function freePorts(count: number): Promise<number> {
  for (;;) {
    const first = await freePort();
    let ok = true;
    for (let i = 1; i < count && ok; i++) ok = !(await listening(first + i));
    if (ok) return first;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not up within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** The newest PostgreSQL server binaries of the machine (Debian's layout), or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

export const REDIS_SERVER: Requirement = {
  what: 'redis-server',
  present: () => onPath('redis-server'),
  hint: 'apt-get install redis-server',
};

export const OUTAGE_SERVICES: Requirement = {
  what: 'redis-server and the PostgreSQL server binaries',
  present: () => onPath('redis-server') && postgresBin() !== null,
  hint: 'apt-get install redis-server postgresql (binaries under /usr/lib/postgresql/<version>/bin)',
};

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGKILL: no shutdown, no save. */
  kill(): Promise<void>;
  /** A new, empty server on the same port (nothing persisted). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** redis-server on a free port, persisting nothing: a restart is an empty Redis. */
export async function startRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
    });
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    async start() {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          tmpdir(),
        ],
        { stdio: 'ignore' },
      );
      await waitFor(`redis-server on ${port}`, () => listening(port));
    },
    async kill() {
      const done = exited();
      child?.kill('SIGKILL');
      await done;
    },
    async stop() {
      const done = exited();
      child?.kill('SIGTERM');
      await done;
    },
  };
  await redis.start();
  return redis;
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: every connection cut, no checkpoint (a crash, as far as clients see). */
  stopImmediately(): void;
  start(): Promise<void>;
  /** Stops the server and removes its data directory. */
  destroy(): void;
}

/**
 * A PostgreSQL cluster in a temporary directory (initdb, trust authentication, fsync off, commits
 * written to the operating system before they are acknowledged), run as
 * the postgres user when the tests run as root (the server refuses root).
 */
export async function startPostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(OUTAGE_SERVICES.hint);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'nexus-faults-pg-'));
  const data = join(dir, 'data');
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]): void => {
    const command = asPostgres ? 'runuser' : join(bin, tool);
    const argv = asPostgres ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    }
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // The operating system survives every fault here, so its page cache needs no fsync; but a commit
    // must reach it before it is acknowledged: with synchronous_commit=off an immediate stop loses the
    // last commits (WAL still in shared memory), which the PostgreSQL scenario counted as searches lost.
    '-c fsync=off',
    '-c synchronous_commit=on',
    '-c full_page_writes=off',
  ].join(' ');
  const pg: PrivatePostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/nexus`,
    port,
    async start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
      await waitFor(`PostgreSQL on ${port}`, () => listening(port));
    },
    stopImmediately() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}

/** Latency percentile (0–100) of a list of durations, in the same unit. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One figure of the fault suite, printed so a run can be copied into docs/RELIABILITY.md. */
export function report(scenario: string, figures: Record<string, number | string>): void {
  const text = Object.entries(figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  process.stdout.write(`[faults] ${scenario}: ${text}\n`);
}

export interface OutageSystem {
  redis: PrivateRedis;
  postgres: PrivatePostgres;
  system: RunningSystem;
  /** The API's and workers' output so far, one string. */
  logs(): string;
  close(): Promise<void>;
}

/**
 * The compiled API and workers (startSystem) on a Redis and a PostgreSQL of the scenario's own, and
 * the test chains. Rate limits are out of the way: the scenarios measure faults, not budgets.
 */
export async function startOutageSystem(options: {
  name: string;
  workers: number;
  env?: Record<string, string>;
}): Promise<OutageSystem> {
  const redis = await startRedis();
  let postgres: PrivatePostgres | null = null;
  try {
    postgres = await startPostgres();
    const system = await startSystem({
      prefix: testPrefix(options.name),
      port: await freePorts(1),
      workers: options.workers,
      env: {
        REDIS_URL: redis.url,
        DATABASE_URL: postgres.url,
        RATE_LIMIT_API: '1000000/60',
        RATE_LIMIT_SCAN: '1000000/60',
        RATE_LIMIT_FRESH: '1000000/60',
        ...options.env,
      },
    });
    const pg = postgres;
    const logs = () =>
      [system.api, ...system.workers].map((p) => `[${p.name}]\n${p.output.join('\n')}`).join('\n');
    return {
      redis,
      postgres: pg,
      system,
      logs,
      async close() {
        // NEXUS_FAULTS_LOGS=<folder> keeps each scenario's API and worker output for reading afterwards.
        const folder = process.env.NEXUS_FAULTS_LOGS;
        if (folder) {
          mkdirSync(folder, { recursive: true });
          writeFileSync(join(folder, `${options.name}.log`), logs());
        }
        await system.stop();
        await redis.stop();
        pg.destroy();
      },
    };
  } catch (error) {
    await redis.stop();
    postgres?.destroy();
    throw error;
  }
}
