import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { TEST_ROOT } from '../../support/test-env.js';

export interface LoadResult {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status code; `errors` counts requests that got none (reset, timeout). */
  statuses: Record<string, number>;
  errors: number;
}

/** Fires `requests` (cycled) at `rate` per second for `durationS` with autocannon. */
export async function fire(options: {
  url: string;
  rate: number;
  durationS: number;
  connections: number;
  headers?: Record<string, string>;
  requests: Array<{ method?: string; path: string; headers?: Record<string, string>; body?: string }>;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    overallRate: options.rate,
    timeout: 10,
    headers: options.headers,
    requests: options.requests,
  });
  return loadResult(result);
}

/** What autocannon reports of a run (its JSON output, or its result in process) that we read. */
interface AutocannonReport {
  latency: { p50: number; p99: number; max: number };
  requests: { total: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}

function loadResult(report: AutocannonReport): LoadResult {
  return {
    requests: report.requests.total,
    p50: report.latency.p50,
    p99: report.latency.p99,
    max: report.latency.max,
    statuses: Object.fromEntries(Object.entries(report.statusCodeStats).map(([code, s]) => [code, s.count])),
    errors: report.errors + report.timeouts,
  };
}

/**
 * The same as `fire` for one URL, from a separate autocannon process: a flood generated in the test
 * process would slow the test's own measurements, not only the server.
 */
export function fireFromProcess(options: {
  url: string;
  rate: number;
  durationS: number;
  connections: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const args = [
    '-j',
    '-c',
    String(options.connections),
    '-d',
    String(options.durationS),
    '-R',
    String(options.rate),
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(options.url);
  const child = spawn(resolve(TEST_ROOT, 'node_modules/.bin/autocannon'), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((done, fail) => {
    child.once('exit', (code) => {
      if (code !== 0) return fail(new Error(`autocannon exited with ${code}`));
      done(loadResult(JSON.parse(out) as AutocannonReport));
    });
  });
}

/** Sends every request once, `concurrency` at a time; counts the answers by status (0: none). */
export async function sendAll(
  url: string,
  requests: ReadonlyArray<{ method?: string; path: string; headers?: Record<string, string>; body?: string }>,
  concurrency: number,
): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        const status = await fetch(`${url}${r.path}`, {
          method: r.method ?? 'GET',
          headers: r.headers,
          body: r.body,
          signal: AbortSignal.timeout(30_000),
        })
          .then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          })
          .catch(() => 0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/** Resident memory of a process, in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}
