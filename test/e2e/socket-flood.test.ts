import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import { resolve } from 'node:path';

import type { SecurityStatus } from '@nexus/contract';

import { adminCookie } from '../support/admin-session.js';
import { startSystem, type RunningSystem } from '../support/system.js';
import { TEST_PORT_OFFSET, TEST_ROOT, testPrefix } from '../support/test-env.js';

const MB = 1024 * 1024;
/** The flood of the report: 300,000 subscriptions, bounded in time too. */
const FLOOD = { events: 300_000, ms: 20_000, connections: 4 };
const MAX_GROWTH = 100 * MB;
/**
 * The visitor's p99 under the flood: the harm was an event loop held for seconds (9,668 ms before the
 * fix), which this bound tells apart from a loaded machine (126 ms seen in a fresh-clone run at load
 * 15, 13-20 ms quiet); the figure itself is in the log line.
 */
const MAX_VISITOR_P99_MS = 1_000;
/** Another visitor, on an address of its own (every 127.0.0.0/8 address reaches the API). */
const VISITOR_ADDRESS = '127.0.0.2';
/** Between two requests of the visitor: 20 a second at most, within its `api` budget (600 a minute). */
const VISITOR_PAUSE_MS = 50;
const VISITOR_PATHS = ['/api/whitelisted-collections', '/api/trending-searches', '/api/health/live'];

/** Resident memory of a process, now and at its peak (kB figures of /proc/<pid>/status). */
async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** CPU time of a process so far, in ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface FloodReport {
  sent: number;
  acks: number;
  connected: number;
  refused: number;
  closedByServer: number;
}

/** The flood in a process of its own (its CPU is not the visitor's), on loopback only. */
function flood(url: string): Promise<FloodReport> {
  const child = spawn(
    resolve(TEST_ROOT, 'node_modules/.bin/node'),
    [resolve(TEST_ROOT, 'test/support/socket-flood.mjs'), url, ...Object.values(FLOOD).map(String)],
    { cwd: TEST_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), FLOOD.ms + 30_000);
  return new Promise((done, fail) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      if (code === 0) done(JSON.parse(out) as FloodReport);
      else fail(new Error(`flood exited with ${code}: ${out}`));
    }),
  );
}

/** One GET of the visitor: its time from the request to the end of the answer, and the answer. */
function get(
  url: string,
  agent: Agent,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = httpRequest(`${url}${path}`, { agent, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.once('end', () =>
        res.statusCode === 200
          ? done({ ms: performance.now() - started, body: JSON.parse(text) as unknown })
          : fail(new Error(`${path}: ${res.statusCode} ${text}`)),
      );
    });
    req.once('error', fail);
    req.end();
  });
}
const visit = async (url: string, agent: Agent, path: string) => (await get(url, agent, path)).ms;

describe('the API under a live-progress socket flood', () => {
  let system: RunningSystem;

  beforeAll(async () => {
    system = await startSystem({
      prefix: testPrefix('socket-flood'),
      port: 3297 + TEST_PORT_OFFSET,
      workers: 0,
    });
  });

  const ownPriority = getPriority();

  afterAll(async () => {
    setPriority(ownPriority);
    await system?.stop();
  });

  it('keeps its memory and another visitor’s answers while one address floods scan subscriptions', async () => {
    const pid = system.api.child.pid!;
    // On a shared machine, other processes' load would be measured too: the API and the visitor go
    // first where the system allows it (root), the flood stays at the usual priority.
    for (const id of [pid, process.pid]) {
      try {
        setPriority(id, -10);
      } catch {
        // Not allowed here: measured as it comes.
      }
    }
    const cookie = await adminCookie(system.url);
    const agent = new Agent({ keepAlive: true, localAddress: VISITOR_ADDRESS, maxSockets: 1 });
    // Warm: the visitor's routes and a socket's code paths have run once before the baseline.
    for (const path of VISITOR_PATHS) await visit(system.url, agent, path);
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    const before = await memory(pid);

    // The visitor alone first, for comparison in the log.
    const visitor = async (until: Promise<unknown>) => {
      let going = true;
      void until.finally(() => (going = false));
      const latencies: number[] = [];
      for (let i = 0; going; i++) {
        latencies.push(await visit(system.url, agent, VISITOR_PATHS[i % VISITOR_PATHS.length]!));
        await new Promise((r) => setTimeout(r, VISITOR_PAUSE_MS));
      }
      return latencies;
    };
    const alone = await visitor(new Promise((r) => setTimeout(r, 3000)));

    const cpuBefore = await cpuMs(pid);
    const flooded = flood(system.url);
    const latencies = await visitor(flooded);
    const report = await flooded;
    const cpu = (await cpuMs(pid)) - cpuBefore;
    const after = await memory(pid);
    agent.destroy();

    const growth = after.peak - before.rss;
    const p99 = percentile(latencies, 99);
    console.log(
      `[socket-flood] ${report.sent} subscriptions sent (${report.acks} answered) over ${report.connected} ` +
        `connections (${report.refused} refused, ${report.closedByServer} closed by the API); API resident ` +
        `${(before.rss / MB).toFixed(1)} MB before, peak ${(after.peak / MB).toFixed(1)} MB ` +
        `(+${(growth / MB).toFixed(1)} MB); visitor ${latencies.length} requests, p50 ` +
        `${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (alone before: p50 ` +
        `${percentile(alone, 50).toFixed(1)} ms, p99 ${percentile(alone, 99).toFixed(1)} ms); API CPU ${cpu} ms`,
    );
    expect(growth).toBeLessThan(MAX_GROWTH);
    // 1 s, unless the machine alone was already that slow for the visitor: then twice its own p99.
    expect(p99).toBeLessThan(Math.max(MAX_VISITOR_P99_MS, 2 * percentile(alone, 99)));

    // The refusals are on the security page (counts reach Redis within a second).
    await new Promise((r) => setTimeout(r, 1500));
    // Asked from the visitor's address: the flood spent its own address's api budget.
    const admin = new Agent({ localAddress: VISITOR_ADDRESS });
    const status = await get(system.url, admin, '/api/admin/security-status', { Cookie: cookie });
    admin.destroy();
    const refusals = (status.body as SecurityStatus).connectionRefusals;
    expect(refusals.socketEvents).toBeGreaterThanOrEqual(report.closedByServer);
    expect(refusals.socketEvents).toBeGreaterThan(0);
  });
});
