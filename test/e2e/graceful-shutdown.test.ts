import { MikroORM } from '@mikro-orm/postgresql';
import { QueueName, scanKey, type ScanJobPayload } from '@nexus/contract';
import Bull from 'bull';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ormConfig } from '../../backend/src/platform/database/mikro-orm.config.js';
import { HANDED_BACK } from '../../backend/src/jobs/scan-execution.service.js';
import { JOBS } from '../../backend/src/platform/queues/job.registry.js';
import { describeWith, TEST_CHAIN } from '../support/requirements.js';
import {
  postNfts,
  readTestManifest,
  startSystem,
  type RunningProcess,
  type RunningSystem,
} from '../support/system.js';
import {
  TEST_DATABASE_URL,
  TEST_PORT_OFFSET,
  TEST_REDIS_URL,
  TEST_ROOT,
  testPrefix,
} from '../support/test-env.js';
import { ENTITIES } from '../../backend/src/entities.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** An HTTP server on loopback that holds every request until the test releases it. */
async function holdingServer(
  answer: (req: IncomingMessage, body: Buffer, res: ServerResponse) => Promise<void>,
) {
  let release: () => void = () => undefined;
  let released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  let heard: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (heard = resolve));
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      held++;
      heard();
      void released.then(() => answer(req, Buffer.concat(chunks), res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    firstRequest: first,
    held: () => held,
    release: () => release(),
    hold: () => (released = new Promise<void>((resolve) => (release = resolve))),
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function exited(proc: RunningProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** The worker's health probe, as Docker runs it. */
function probe(file: string): { status: number | null; out: string } {
  const result = spawnSync(resolve(TEST_ROOT, 'node_modules/.bin/node'), ['workers/dist/health.js'], {
    cwd: TEST_ROOT,
    env: { ...process.env, WORKER_HEARTBEAT_FILE: file },
    encoding: 'utf8',
  });
  return { status: result.status, out: (result.stdout + result.stderr).trim() };
}

async function said(proc: RunningProcess, text: string): Promise<void> {
  while (!proc.output.some((line) => line.includes(text))) await new Promise((r) => setTimeout(r, 20));
}

async function refusesConnections(url: string): Promise<boolean> {
  for (;;) {
    try {
      await fetch(`${url}/api/health/live`, { signal: AbortSignal.timeout(2000) });
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('SIGTERM to the API (built process)', () => {
  let system: RunningSystem;
  let images: Awaited<ReturnType<typeof holdingServer>>;
  const prefix = testPrefix('shutdown-api');

  beforeAll(async () => {
    images = await holdingServer(async (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
    });
    // No worker: a scan request waits for its whole SCAN_WAIT_MS unless the stop answers it.
    system = await startSystem({
      prefix,
      port: 3271 + TEST_PORT_OFFSET,
      workers: 0,
      env: { METADATA_ALLOWED_HOSTS: images.host, SHUTDOWN_GRACE_MS: '30000', SCAN_WAIT_MS: '300000' },
    });
  });

  afterAll(async () => {
    await system?.stop();
    await images?.close();
  });

  it('stops taking connections, finishes the requests in flight and exits by itself', async () => {
    const src = `${images.url}/token/${randomUUID()}.png`;
    const inFlight = fetch(`${system.url}/api/media/image?src=${encodeURIComponent(src)}`);
    await images.firstRequest;
    const address = '0x' + randomUUID().replace(/-/g, '').padEnd(40, '0');
    const waiting = postNfts(system.url, { address, network: 'polygon', searchType: 'collection' });
    const queue = new Bull<ScanJobPayload>(QueueName.CollectionScan, {
      redis: TEST_REDIS_URL,
      prefix: `${prefix}:bull`,
    });
    while (!(await queue.getJob(scanKey('collection', 'polygon', address))))
      await new Promise((r) => setTimeout(r, 20));
    await queue.close();

    system.api.child.kill('SIGTERM');
    expect(await refusesConnections(system.url)).toBe(true);
    images.release();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    // The scan goes on in the workers; the visitor follows it on the socket.
    const scan = await waiting;
    expect(scan.status).toBe(202);
    expect(await scan.json()).toMatchObject({ pending: true, nfts: [] });
    const end = await exited(system.api);
    expect(end.signal === 'SIGTERM' || end.code === 0).toBe(true);
    expect(system.api.output.join('\n')).not.toContain('still stopping');
  });
});

const maybe = describeWith([TEST_CHAIN]);

maybe('SIGTERM to a worker in the middle of a job (built process, chains, PostgreSQL, Redis)', () => {
  let orm: MikroORM;
  const opened: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    orm = await MikroORM.init(ormConfig(TEST_DATABASE_URL, ENTITIES));
  });

  afterAll(async () => {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    await orm?.close(true);
  });

  /** One worker whose ethereum node is a proxy to the test chain that holds every call until released. */
  async function workerWithHeldNode(name: string, graceMs: number) {
    const manifest = readTestManifest();
    const upstream = manifest.networks.ethereum!.rpcUrl;
    const node = await holdingServer(async (_req, body, res) => {
      const answer = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.toString(),
      });
      res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(Buffer.from(await answer.arrayBuffer()));
    });
    opened.push(node.close);
    const prefix = testPrefix(name);
    const heartbeat = join(tmpdir(), `${prefix.replace(/[^\w-]/g, '_')}.heartbeat.json`);
    const system = await startSystem({
      prefix,
      port: 3281 + TEST_PORT_OFFSET + (name.endsWith('back') ? 1 : 0),
      workers: 1,
      env: {
        ETHEREUM_RPC_URL: node.url,
        SHUTDOWN_GRACE_MS: String(graceMs),
        JOB_LOCK_MS: '30000',
        WORKER_HEARTBEAT_FILE: heartbeat,
      },
    });
    opened.push(() => system.stop());
    const queue = new Bull<ScanJobPayload>(QueueName.CollectionScan, {
      redis: TEST_REDIS_URL,
      prefix: `${prefix}:bull`,
    });
    opened.push(() => queue.close());
    const collection = manifest.collections.find(
      (c) => c.network === 'ethereum' && c.standard === 'ERC-721' && c.totalSupply <= 50,
    )!;
    const key = scanKey('collection', 'ethereum', collection.address);
    const payload: ScanJobPayload = {
      key,
      kind: 'collection',
      network: 'ethereum',
      address: collection.address,
      includeMetadata: true,
      includeAllTokenTypes: true,
      requestId: randomUUID(),
      requestedAt: new Date().toISOString(),
    };
    // Kept after it ends, so the test can read its final state.
    await queue.add(payload, {
      ...JOBS[QueueName.CollectionScan].options,
      jobId: key,
      removeOnComplete: false,
      removeOnFail: false,
    });
    return { node, worker: system.workers[0]!, queue, key, heartbeat };
  }

  const runs = (key: string, worker: RunningProcess) =>
    orm.em
      .getConnection()
      .execute<Array<{ status: string; error: string | null }>>(
        `select status, error from scan where key = ? and worker like ? order by id`,
        [key, `%:${worker.child.pid}`],
      );

  it('lets the running job finish within the grace period, then exits', async () => {
    const { node, worker, queue, key, heartbeat } = await workerWithHeldNode('shutdown-finish', 60_000);
    // Its handler runs (the node's first request may be a start-up check of the API or the worker).
    await said(worker, `job ${key} started`);
    // Healthy while it works (the probe Docker runs), unhealthy once stopped.
    expect(probe(heartbeat)).toEqual({ status: 0, out: 'healthy' });
    expect(await (await queue.getJob(key))!.getState()).toBe('active');

    worker.child.kill('SIGTERM');
    // Released only once the worker is stopping: the job then finishes during the shutdown.
    await said(worker, 'stopping: no new jobs');
    node.release();

    const end = await exited(worker);
    expect(end.signal === 'SIGTERM' || end.code === 0).toBe(true);
    const job = (await queue.getJob(key))!;
    expect(await job.getState()).toBe('completed');
    expect(await runs(key, worker)).toEqual([{ status: 'complete', error: null }]);
    expect(probe(heartbeat)).toEqual({ status: 1, out: `unhealthy: no heartbeat at ${heartbeat}` });
    // The grace period alone is 60 s: the start of the API and worker, the scan and the exit come
    // on top, each several times slower on a loaded machine (115 s seen at load 16).
  }, 240_000);

  it('hands back a job that outlasts the grace period: waiting again, not stalled, failed or charged an attempt', async () => {
    const { worker, queue, key } = await workerWithHeldNode('shutdown-hand-back', 500);
    // Its handler runs (the node's first request may be a start-up check of the API or the worker).
    await said(worker, `job ${key} started`);

    worker.child.kill('SIGTERM');
    const end = await exited(worker);

    // On failure, the worker's last words say why it ended otherwise.
    const clean = end.signal === 'SIGTERM' || end.code === 0;
    expect(clean ? 'clean exit' : { end, output: worker.output.slice(-15) }).toBe('clean exit');
    // The scan is handed back; so is an index pass of the worker's start still waiting on the held
    // node (a loaded machine's start is slow enough for that).
    expect(worker.output.join('\n')).toMatch(
      new RegExp(`handed \\d+ running job\\(s\\) back to the queue: [^\\n]*${key}`),
    );
    const job = (await queue.getJob(key))!;
    expect(['waiting', 'delayed']).toContain(await job.getState());
    expect(job.attemptsMade).toBe(0);
    expect(await queue.getJobCounts()).toMatchObject({ active: 0, failed: 0 });
    expect(await runs(key, worker)).toEqual([{ status: 'failed', error: HANDED_BACK }]);
    // The start of the API and worker is most of it: 27 s on a quiet machine, 55 s at load 16.
  }, 180_000);
});
