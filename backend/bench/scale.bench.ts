// Over 400 lines for that reason: a benchmark run alone (npm run bench:scale): its scan, page, browser and
// report steps share one started system.
/**
 * Scale benchmark on the local dev chains, with the compiled API and worker as `npm start` runs them:
 *   npx tsc -b && npm run bench:scale
 *
 * 1. A cold scan with metadata of the largest collection of the dev chains (the dev world at full scale:
 *    Nexus Legion, 100,000 tokens; before it the largest one of at most a quarter of its size, Nexus
 *    Mfers), through POST /api/nfts (enqueue → worker: enumerate, metadata, store → answer), then its
 *    rarity job; the worker's peak resident memory (VmHWM of its process) after each.
 * 2. The first page of GET /api/collections/{network}/{address}/nfts (cold, then warm), and the first
 *    gallery page in Chromium: from navigation start to the frame that paints the first page of NFT
 *    cards, with a fresh API (cold) and again (warm); the built web app (npm run build -w frontend).
 * 3. Filter and sort changes answered by the server: p50/p95 over a fixed mix of sorts, searches
 *    and trait filters (each filter new to the API process, so its counts are computed, not cached).
 *
 * Starts its own dev chains (ports 19645-19647, public node 19648, gateway 19680, state
 * .nexus/bench-scale) in a child process, the API (port 19690) and one worker in theirs; database
 * nexus_bench_scale (recreated), a Redis prefix of its own (removed at the end). Loopback only; every
 * loop is bounded.
 * Settings: NEXUS_BENCH_WORKER=<path of a worker main.js> to measure another build's worker,
 * NEXUS_BENCH_WORKER_FLAGS=<node flags of the worker> (default those of npm start: --max-old-space-size=256),
 * NEXUS_BENCH_QUERIES (default 200) filter/sort requests, NEXUS_BENCH_PAGES_ONLY=1 to measure only the page
 * route on what the last run left in the database, NEXUS_BENCH_SYNTHETIC=<count> (e.g. 100000) to load a
 * synthetic collection of that many NFTs into the database (no chain, no scan) and measure section 3 on it,
 * NEXUS_BENCH_API=<path of an API main.js> to measure another build's page route in those two modes,
 * NEXUS_BENCH_SCAN_ONLY=1 to stop after sections 1-2, NEXUS_BENCH_LARGEST_ONLY=1 to scan only the
 * largest collection, NEXUS_DEVWORLD_SCALE (default full; small for the miniature world; huge for the
 * 1,000,000-token Nexus Myriad as the largest collection). Before a scan the worker's transfer index
 * first reaches the chain's head (timed and printed), as it has long before a visitor scans a
 * collection on a running Nexus; NEXUS_BENCH_SCAN_WITH_BACKFILL=1 scans while it still backfills.
 */
import { RATE_LIMIT_POLICIES, type CollectionPageResponse, type NftsResponse } from '@nexus/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { DevchainManifest } from '../../deploy/devchain/src/manifest.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { migrate, onMaintenanceDatabase } from '../src/platform/database/migrate.js';
import { ormConfig } from '../src/platform/database/mikro-orm.config.js';
import { deleteMatching } from '../src/platform/redis/redis-json.js';
import { launchChromium, returningVisitor } from '../../test/support/browser.js';
import { ENTITIES } from '../src/entities.js';
import { recountTraits } from '../src/collections/collection-trait-counts.js';
import { filterMix, percentile, syntheticTokens, toQuery } from './filter-mix.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATABASE_URL =
  process.env.NEXUS_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/nexus_bench_scale';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const PREFIX = `nexus-bench-scale:${randomBytes(3).toString('hex')}`;
const API_PORT = 19690;
const SCAN_ONLY = Boolean(process.env.NEXUS_BENCH_SCAN_ONLY);
/** NFT cards on a gallery page (the web app's GALLERY_PAGE_SIZE). */
const GALLERY_PAGE = 50;
const QUERIES = Math.max(10, Number(process.env.NEXUS_BENCH_QUERIES ?? 200) || 200);
const WORKER = process.env.NEXUS_BENCH_WORKER ?? resolve(root, 'workers/dist/main.js');
/**
 * Node flags of the worker: by default those `npm start` gives it (its heap cap, WORKER_HEAP_MB);
 * e.g. `--max-old-space-size=160` to see what it needs with a tighter heap.
 */
const WORKER_FLAGS = (
  process.env.NEXUS_BENCH_WORKER_FLAGS ?? `--max-old-space-size=${Number(process.env.WORKER_HEAP_MB) || 256}`
)
  .split(' ')
  .filter(Boolean);
/** Hard bounds: the bench stops by itself (NEXUS_BENCH_SCAN_TIMEOUT_MIN for the huge world). */
const SCAN_TIMEOUT_MS = (Number(process.env.NEXUS_BENCH_SCAN_TIMEOUT_MIN) || 15) * 60_000;
/** How often the scan's progress is sampled: the gallery's first page and the worker's memory. */
const PROGRESS_EVERY_MS = 10_000;

function ms(start: number): number {
  return Math.round(performance.now() - start);
}

/** Peak and current resident memory of a process (Linux /proc), in MB. */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) };
}

interface Child {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Every child started: a bench stopped by a signal (a `timeout`, Ctrl-C) stops them too. */
const children = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    process.exit(130);
  });
}

/** A child process, ready when it prints a line matching `ready`. */
async function startChild(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<Child & { match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`));
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = ready.exec(line);
    if (match) {
      // NEXUS_BENCH_CHILD_STDOUT=1: the children's further output too (e.g. the worker's --trace-gc).
      if (process.env.NEXUS_BENCH_CHILD_STDOUT) {
        child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(`[${name}] ${chunk.toString()}`));
      } else child.stdout!.resume();
      return { child, stop, match };
    }
  }
  throw new Error(`${name} exited with ${String(await exited)} before it was ready`);
}

/**
 * Samples a running scan every 10 s: the gallery's first page (what a visitor opening the collection
 * meanwhile waits for, and how many NFTs it holds) and the worker's memory.
 */
function watchScan(
  base: string,
  worker: Child,
  target: DevchainManifest['collections'][number],
  started: number,
): { stop(): Promise<{ firstStoredMs: number | null; pageMs: number[] }> } {
  const pagePath = `/api/collections/${target.network}/${target.address.toLowerCase()}/nfts?pageSize=50`;
  const pageMs: number[] = [];
  let firstStoredMs: number | null = null;
  let running = true;
  let wake: () => void = () => undefined;
  const loop = (async () => {
    while (running) {
      await new Promise<void>((done) => {
        wake = done;
        setTimeout(done, PROGRESS_EVERY_MS);
      });
      if (!running) break;
      const asked = performance.now();
      let line: string;
      try {
        const answer = await fetch(`${base}${pagePath}`, { signal: AbortSignal.timeout(30_000) });
        const took = ms(asked);
        const page = answer.ok ? ((await answer.json()) as CollectionPageResponse) : null;
        const stored = page?.scanning?.stored ?? page?.total ?? 0;
        if (page?.scanning && stored > 0) {
          pageMs.push(took);
          firstStoredMs ??= ms(started);
        }
        line = `page ${answer.status} in ${took} ms, ${stored} stored${page?.scanning ? ' (scanning)' : ''}`;
      } catch (error) {
        line = `page failed: ${(error as Error).message}`;
      }
      const memory = memoryOf(worker.child.pid!);
      console.log(
        `  +${Math.round(ms(started) / 1000)} s: ${line}; worker RSS ${memory.now} MB (peak ${memory.peak})`,
      );
    }
  })();
  return {
    async stop() {
      running = false;
      wake();
      await loop;
      return { firstStoredMs, pageMs };
    },
  };
}

/** A cold scan through POST /api/nfts, then its rarity job; the worker's memory after each. */
async function scanOnce(
  base: string,
  worker: Child,
  target: DevchainManifest['collections'][number],
): Promise<void> {
  console.log(
    `\ncold scan of ${target.name} (${target.network}, ${target.totalSupply} tokens) with metadata; worker ${[...WORKER_FLAGS, WORKER].join(' ')}`,
  );
  const idle = memoryOf(worker.child.pid!);
  const t = performance.now();
  const progress = watchScan(base, worker, target, t);
  // A scan longer than the API's wait answers 202: ask again (that joins the same job) until it answers.
  let scanned: Response;
  let answer: NftsResponse;
  do {
    scanned = await fetch(`${base}/api/nfts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: target.address, network: target.network, searchType: 'collection' }),
      signal: AbortSignal.timeout(SCAN_TIMEOUT_MS),
    });
    answer = (await scanned.json()) as NftsResponse;
  } while (scanned.status === 202 && performance.now() - t < SCAN_TIMEOUT_MS);
  const scanMs = ms(t);
  const afterScan = memoryOf(worker.child.pid!);
  const watched = await progress.stop();
  if (watched.firstStoredMs !== null) {
    console.log(
      `  first NFTs on the gallery's first page ${watched.firstStoredMs} ms into the scan; ` +
        `first page while scanning (${watched.pageMs.length} samples): p50 ${percentile(watched.pageMs, 50)} ms, ` +
        `p95 ${percentile(watched.pageMs, 95)} ms, max ${Math.max(...watched.pageMs)} ms`,
    );
  }
  console.log(
    `  POST /api/nfts ${scanned.status} in ${scanMs} ms (worker scanDuration ${answer.scanDuration} ms): ` +
      `${answer.nfts.length} NFTs answered${answer.paging ? `, paging ${JSON.stringify(answer.paging)}` : ''}`,
  );
  console.log(`  worker RSS: idle ${idle.now} MB, peak after the scan ${afterScan.peak} MB`);

  if (scanned.status !== 200) {
    console.log(
      `  the scan did not end within the bench's bound (${SCAN_TIMEOUT_MS / 60_000} min): no rarity job`,
    );
    return;
  }
  // The rarity job follows the scan: wait until the page route reports ranks.
  const pagePath = `/api/collections/${target.network}/${target.address.toLowerCase()}/nfts`;
  const r = performance.now();
  let ranked = 0;
  while (performance.now() - r < SCAN_TIMEOUT_MS) {
    const page = (await (await fetch(`${base}${pagePath}?pageSize=1`)).json()) as CollectionPageResponse;
    ranked = page.rankedTotal;
    if (ranked > 0) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  const afterRarity = memoryOf(worker.child.pid!);
  console.log(`  rarity job: ${ranked} ranked within ${ms(r)} ms of the scan answer`);
  console.log(`  worker peak RSS over scan and rarity job: ${afterRarity.peak} MB`);
}

/**
 * The first gallery page in Chromium, once scanned: from navigation start until the frame that
 * paints the first page of NFT cards, measured in the page (the web app asks POST /api/nfts, which
 * answers the first page and the page route for the others). Six loads in one browser, each in a
 * fresh context (no HTTP cache): the first on the API process as it started, the others warm.
 * Playwright's own wait for the cards is printed beside it: it polls, so it sees them up to a
 * second late, and its clock starts before the navigation does.
 */
async function measureGallery(base: string, target: DevchainManifest['collections'][number]): Promise<void> {
  const browser = await launchChromium();
  const cardsOnPage = Math.min(GALLERY_PAGE, target.totalSupply);
  try {
    const url = `${base}/?view=collection&network=${target.network}&address=${target.address.toLowerCase()}`;
    const painted: number[] = [];
    const polled: number[] = [];
    for (let i = 0; i < 6; i++) {
      const context = await returningVisitor(browser, { width: 1280, height: 800 });
      try {
        // Marks, from navigation start: the page's last card in the DOM, and the next frame.
        await context.addInitScript((count) => {
          const marks: Record<string, number> = {};
          (window as unknown as { __nexusGallery: Record<string, number> }).__nexusGallery = marks;
          const observer = new MutationObserver(() => {
            if (document.querySelectorAll('[data-testid="nft-card"]').length < count) return;
            marks.cards = performance.now();
            requestAnimationFrame(() => (marks.painted = performance.now()));
            observer.disconnect();
          });
          observer.observe(document, { childList: true, subtree: true });
        }, cardsOnPage);
        const page = await context.newPage();
        // What the first load waited on: the API requests, by their start and end in the page.
        const t = performance.now();
        await page.goto(url, { waitUntil: 'commit' });
        await page
          .getByTestId('nft-card')
          .nth(cardsOnPage - 1)
          .waitFor({ state: 'visible', timeout: 60_000 });
        polled.push(ms(t));
        const marks = await page
          .waitForFunction(
            () => {
              const m = (window as unknown as { __nexusGallery: Record<string, number> }).__nexusGallery;
              return m.painted === undefined ? null : m;
            },
            undefined,
            { timeout: 10_000 },
          )
          .then((handle) => handle.jsonValue() as Promise<Record<string, number>>);
        painted.push(Math.round(marks.painted!));
        if (i === 0) {
          // (No named functions inside: the bench runs under tsx, whose helpers the page does not have.)
          const timeline = await page.evaluate(() => ({
            scriptsRun: Math.round(
              (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
                .domContentLoadedEventEnd,
            ),
            api: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter(
                (entry) =>
                  new URL(entry.name).pathname.startsWith('/api/') && !entry.name.includes('/media/'),
              )
              .map(
                (entry) =>
                  `${new URL(entry.name).pathname.split('/').slice(0, 4).join('/')} ${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)}`,
              ),
          }));
          console.log(
            `  first load: web app's scripts run by ${timeline.scriptsRun} ms, cards in the DOM at ${Math.round(marks.cards!)} ms, ` +
              `painted at ${painted[0]} ms; API requests (start-end, ms): ${timeline.api.join('; ')}`,
          );
        }
      } finally {
        await context.close();
      }
    }
    const warm = painted.slice(1);
    console.log(
      `first gallery page in Chromium (${cardsOnPage} cards painted, from navigation start): ` +
        `cold API ${painted[0]} ms, warm p50 ${percentile(warm, 50)} ms (${warm.join(', ')} ms); ` +
        `as Playwright saw them (polling, from before navigation): cold ${polled[0]} ms, warm p50 ${percentile(polled.slice(1), 50)} ms`,
    );
  } finally {
    await browser.close();
  }
}

/**
 * "Once scanned" is a collection at rest: the rarity job has just rewritten its 100,000 rows, and
 * PostgreSQL's autovacuum then takes a core for seconds. The browser loads start once no
 * autovacuum worker is busy (up to a minute), so they measure the page, not the maintenance.
 */
async function waitForQuietDatabase(): Promise<void> {
  const orm = await MikroORM.init(ormConfig(DATABASE_URL, ENTITIES));
  const t = performance.now();
  try {
    for (;;) {
      const [busy] = await orm.em
        .getConnection()
        .execute<Array<{ count: string }>>(
          `select count(*) from pg_stat_activity where backend_type = 'autovacuum worker' and state = 'active'`,
        );
      if (Number(busy!.count) === 0 || performance.now() - t > 60_000) break;
      await new Promise((done) => setTimeout(done, 250));
    }
  } finally {
    await orm.close(true);
  }
  console.log(`  database at rest after ${ms(t)} ms (no autovacuum worker busy)`);
}

/**
 * Waits until the worker's transfer index of `network` has caught up with the chain's head (less its
 * confirmations): on a running Nexus it has, long before a visitor scans a collection minted at genesis.
 */
async function waitForIndex(network: string, rpcUrl: string): Promise<void> {
  const orm = await MikroORM.init(ormConfig(DATABASE_URL, ENTITIES));
  const t = performance.now();
  try {
    const answer = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    });
    const head = Number(((await answer.json()) as { result: string }).result);
    for (;;) {
      const [cursor] = await orm.em
        .getConnection()
        .execute<Array<{ indexed_to: string; confirmations: number; transfers: string }>>(
          `select indexed_to, confirmations, transfers from transfer_index_cursor where network = ?`,
          [network],
        );
      if (cursor && Number(cursor.indexed_to) >= head - cursor.confirmations) {
        console.log(
          `  transfer index of ${network} at the head (block ${cursor.indexed_to}, ${cursor.transfers} transfers) after ${ms(t)} ms`,
        );
        return;
      }
      if (performance.now() - t > SCAN_TIMEOUT_MS) throw new Error(`the ${network} index did not catch up`);
      await new Promise((done) => setTimeout(done, 500));
    }
  } finally {
    await orm.close(true);
  }
}

/** First page cold and warm, then a fixed mix of filter and sort changes, on one page route. */
async function measurePages(base: string, pagePath: string, filters = true): Promise<void> {
  const timed = async (path: string) => {
    const start = performance.now();
    const res = await fetch(`${base}${path}`);
    const body = (await res.json()) as CollectionPageResponse;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - start, body };
  };
  const first = await timed(pagePath);
  const warm: number[] = [];
  for (let i = 0; i < 20; i++) warm.push((await timed(pagePath)).ms);
  console.log(
    `\nfirst page (${first.body.nfts.length} of ${first.body.total}): cold ${Math.round(first.ms)} ms, ` +
      `warm p50 ${percentile(warm, 50).toFixed(1)} ms, p95 ${percentile(warm, 95).toFixed(1)} ms`,
  );
  if (!filters) return;

  // A collection of more than 200,000 NFTs is answered by PostgreSQL while the API builds its index:
  // the mix is measured once searches (each new, so never a kept count) answer from the index.
  const t = performance.now();
  for (let probe = 0; performance.now() - t < 180_000; probe++) {
    if ((await timed(`${pagePath}?search=${encodeURIComponent(`~${probe}`)}`)).ms < 60) break;
    await new Promise((done) => setTimeout(done, 500));
  }
  console.log(`index answering after ${ms(t)} ms (a new search under 60 ms)`);

  // A fixed mix: every sort and order, pages, searches, one and two trait types with one or two values.
  const queries = filterMix(first.body.traitTypes, QUERIES).map((change) => `${pagePath}?${toQuery(change)}`);
  const times: number[] = [];
  const slowest: Array<{ ms: number; query: string }> = [];
  for (const query of queries) {
    const took = (await timed(query)).ms;
    times.push(took);
    slowest.push({ ms: took, query: query.slice(query.indexOf('?') + 1) });
  }
  const distinct = new Set(queries).size;
  console.log(
    `filter/sort changes (${queries.length} requests, ${distinct} distinct): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
  );
  for (const { ms: took, query } of slowest.sort((a, b) => b.ms - a.ms).slice(0, 5)) {
    console.log(`  ${took.toFixed(0)} ms  ${decodeURIComponent(query)}`);
  }
}

type BenchConnection = ReturnType<MikroORM['em']['getConnection']>;

/**
 * Stores a collection at `address` in place of any there, without a scan: its row from `row` (a
 * VALUES list or a SELECT of the collection's columns, `params` its parameters), its NFTs written by
 * `fill`, then its trait counts and the planner's statistics, as a scan's end leaves them.
 */
async function storeCollection<T>(
  address: string,
  row: string,
  params: unknown[],
  fill: (connection: BenchConnection, collectionId: string) => Promise<T>,
): Promise<T> {
  const orm = await MikroORM.init(ormConfig(DATABASE_URL, ENTITIES));
  try {
    const connection = orm.em.getConnection();
    await connection.execute(`delete from collection where address = ?`, [address]);
    const [stored] = await connection.execute<Array<{ id: string }>>(
      `insert into collection (created_at, updated_at, network, address, name, symbol, standard, total_supply,
         enumerable, image_url, description, nft_count, last_scanned_at, scan_duration, is_complete)
       ${row}
       returning id`,
      params,
    );
    const filled = await fill(connection, stored!.id);
    await recountTraits(orm.em.fork(), stored!.id);
    await connection.execute('analyze nft');
    return filled;
  } finally {
    await orm.close(true);
  }
}

/** A copy of a stored collection `times` over, under a new address: SQL only, no chain. */
async function syntheticCopy(address: string, times: number): Promise<{ address: string; count: number }> {
  const copy = `0x${'5ca1e'.padEnd(40, '0')}`;
  const count = await storeCollection(
    copy,
    `select now(), now(), network, ?, name || ' ×${times}', symbol, standard, total_supply * ${times}, enumerable,
         image_url, description, nft_count * ${times}, now(), scan_duration, is_complete
       from collection where address = ?`,
    [copy, address],
    async (connection, collectionId) => {
      await connection.execute(
        `insert into nft (created_at, updated_at, collection_id, token_id, token_uri, name, description, image,
         image_fallback, attributes, metadata_status, rarity_score, rarity_rank)
       select now(), now(), ?, (n.token_id::numeric + copy * 100000)::text, n.token_uri,
         case when n.name = '' then '' else n.name || ' / ' || copy end, n.description, n.image, n.image_fallback,
         n.attributes, n.metadata_status, n.rarity_score, n.rarity_rank * ${times} - copy
       from nft n join collection c on c.id = n.collection_id, generate_series(0, ${times - 1}) as copy
       where c.address = ?`,
        [collectionId, address],
      );
      const [counted] = await connection.execute<Array<{ count: number }>>(
        `select count(*)::int as count from nft where collection_id = ?`,
        [collectionId],
      );
      return counted!.count;
    },
  );
  return { address: copy, count };
}

async function main(): Promise<void> {
  if (process.env.NEXUS_BENCH_SYNTHETIC) return syntheticOnly(Number(process.env.NEXUS_BENCH_SYNTHETIC));
  if (process.env.NEXUS_BENCH_PAGES_ONLY) return pagesOnly();
  const chainEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NEXUS_STATE_DIR: resolve(root, '.nexus', 'bench-scale'),
    DEVCHAIN_ETHEREUM_PORT: '19645',
    DEVCHAIN_POLYGON_PORT: '19646',
    DEVCHAIN_CRONOS_PORT: '19647',
    DEVCHAIN_GATEWAY_PORT: '19680',
    // Its own public-node front: the default, 8548, is npm start's.
    DEVCHAIN_PUBLIC_NODE_PORT: '19648',
    NEXUS_DEVWORLD_SCALE: process.env.NEXUS_DEVWORLD_SCALE ?? 'full',
  };
  for (const name of ['ETHEREUM_RPC_URL', 'POLYGON_RPC_URL', 'CRONOS_RPC_URL']) delete chainEnv[name];
  const t = performance.now();
  const chains = await startChild(
    'devchain',
    [...process.execArgv, resolve(root, 'deploy/devchain/src/cli.ts')],
    chainEnv,
    /^devchain ready (.+)$/,
  );
  const manifestPath = chains.match[1]!;
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as DevchainManifest;
  console.log(`dev chains ready in ${ms(t)} ms (own process)`);
  // The chains stop whatever fails after they started.
  try {
    await onMaintenanceDatabase(DATABASE_URL, `drop database if exists "nexus_bench_scale" with (force)`);
    await onMaintenanceDatabase(DATABASE_URL, `create database "nexus_bench_scale"`);
    await migrate(DATABASE_URL, ENTITIES);

    const env: NodeJS.ProcessEnv = {
      ...chainEnv,
      NODE_ENV: 'development',
      DATABASE_URL,
      REDIS_URL,
      REDIS_PREFIX: PREFIX,
      DEVCHAIN_MANIFEST: manifestPath,
      NEXUS_ROOT: root,
      MEDIA_DIR: resolve(root, '.nexus', 'bench-scale', 'media'),
      ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      SCAN_WAIT_MS: '300000',
      JOB_LOCK_MS: '120000',
      WORKER_CONCURRENCY: '1',
    };
    for (const policy of RATE_LIMIT_POLICIES) env[`RATE_LIMIT_${policy.toUpperCase()}`] = '1000000000/60';

    const api = await startChild('api', [resolve(root, 'backend/dist/main.js')], env, /listening on/);
    const base = `http://127.0.0.1:${API_PORT}`;
    try {
      // Peak memory against collection size: each collection scanned by a worker of its own.
      const bySize = [...manifest.collections].sort((a, b) => a.totalSupply - b.totalSupply);
      const largest = bySize.at(-1)!;
      const smaller = bySize
        .filter((c) => c.totalSupply >= 1_000 && c.totalSupply <= largest.totalSupply / 4)
        .at(-1);
      for (const target of process.env.NEXUS_BENCH_LARGEST_ONLY ? [largest] : [smaller, largest]) {
        if (!target) continue;
        const worker = await startChild('worker', [...WORKER_FLAGS, WORKER], env, /ready/);
        try {
          if (!process.env.NEXUS_BENCH_SCAN_WITH_BACKFILL) {
            await waitForIndex(target.network, manifest.networks[target.network].rpcUrl);
          }
          await scanOnce(base, worker, target);
        } finally {
          await worker.stop();
        }
      }
      const target = largest;
      const pagePath = `/api/collections/${target.network}/${target.address.toLowerCase()}/nfts`;

      // A fresh API process: nothing of the collection is in its memory yet.
      await api.stop();
      const first = await startChild('api', [resolve(root, 'backend/dist/main.js')], env, /listening on/);
      try {
        await measurePages(base, pagePath, false);
      } finally {
        await first.stop();
      }
      // Again a fresh API for the browser's first load.
      const fresh = await startChild('api', [resolve(root, 'backend/dist/main.js')], env, /listening on/);
      try {
        await waitForQuietDatabase();
        await measureGallery(base, target);
        if (SCAN_ONLY) return;
        await measurePages(base, pagePath);
        // The server at ten times the size: the scanned collection's rows copied ten times over
        // (token ids shifted, same traits and ranks) into a synthetic collection, read by the same API.
        const synthetic = await syntheticCopy(target.address.toLowerCase(), 10);
        console.log(`\nsynthetic collection of ${synthetic.count} NFTs (the scanned one's rows ×10)`);
        await measurePages(base, `/api/collections/${target.network}/${synthetic.address}/nfts`);
      } finally {
        await fresh.stop();
      }
    } finally {
      await api.stop();
      const redis = new Redis(REDIS_URL);
      await deleteMatching(redis, `${PREFIX}:*`);
      await redis.quit();
    }
  } finally {
    await chains.stop();
  }
}

/**
 * NEXUS_BENCH_PAGES_ONLY=1: the page route only, on what the last full run left in the database (the
 * largest collection and its synthetic copy), with a fresh API; no chain, no scan.
 */
async function pagesOnly(only?: Array<{ network: string; address: string }>): Promise<void> {
  let collections = only;
  if (!collections) {
    const orm = await MikroORM.init(ormConfig(DATABASE_URL, ENTITIES));
    collections = await orm.em
      .getConnection()
      .execute<Array<{ network: string; address: string }>>(
        `select network, address from collection where last_scanned_at is not null order by nft_count desc limit 2`,
      );
    await orm.close(true);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    DEVCHAIN_MANIFEST: resolve(root, '.nexus', 'bench-scale', 'devchain.json'),
    NEXUS_ROOT: root,
    ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
    PORT: String(API_PORT),
    HOST: '127.0.0.1',
  };
  for (const policy of RATE_LIMIT_POLICIES) env[`RATE_LIMIT_${policy.toUpperCase()}`] = '1000000000/60';
  // Without the dev chains' manifest (a synthetic run on a fresh checkout) the page route needs no chain.
  if (!existsSync(env.DEVCHAIN_MANIFEST!))
    for (const name of ['ETHEREUM_RPC_URL', 'POLYGON_RPC_URL', 'CRONOS_RPC_URL'])
      env[name] ??= 'http://127.0.0.1:9/';
  const apiMain = process.env.NEXUS_BENCH_API ?? resolve(root, 'backend/dist/main.js');
  const api = await startChild('api', [apiMain], env, /listening on/);
  try {
    console.log(`API ${apiMain}: RSS ${memoryOf(api.child.pid!).now} MB idle`);
    for (const c of [...collections].reverse()) {
      console.log(`\n${c.network} ${c.address}`);
      await measurePages(`http://127.0.0.1:${API_PORT}`, `/api/collections/${c.network}/${c.address}/nfts`);
      const memory = memoryOf(api.child.pid!);
      console.log(`API RSS ${memory.now} MB (peak ${memory.peak} MB)`);
    }
  } finally {
    await api.stop();
    const redis = new Redis(REDIS_URL);
    await deleteMatching(redis, `${PREFIX}:*`);
    await redis.quit();
  }
}

const SYNTHETIC_ADDRESS = `0x${'5e7a1'.padEnd(40, '0')}`;

/**
 * NEXUS_BENCH_SYNTHETIC=<count>: a synthetic collection of `count` NFTs (seeded, so the same each run)
 * stored straight into the bench database: each NFT draws each trait type's value by its frequency,
 * about 1% are unnamed (their name is the collection's name and token id) and 1% unranked; scores sum
 * -log of each value's frequency, ranks follow them.
 */
async function loadSynthetic(count: number): Promise<{ network: string; address: string; count: number }> {
  const { tokens, rank } = syntheticTokens(count);

  await migrate(DATABASE_URL, ENTITIES);
  await storeCollection(
    SYNTHETIC_ADDRESS,
    `values (now(), now(), 'ethereum', ?, 'Synthetic Apes', 'SAPE', 'ERC-721', ?, true, null, '', ?, now(), 0, true)`,
    [SYNTHETIC_ADDRESS, count, count],
    async (connection, collectionId) => {
      const BATCH = 2_000;
      for (let i = 0; i < tokens.length; i += BATCH) {
        const batch = tokens.slice(i, i + BATCH);
        await connection.execute(
          `insert into nft (created_at, updated_at, collection_id, token_id, token_uri, name, description, image,
           attributes, metadata_status, rarity_score, rarity_rank)
         select now(), now(), ?, t.token_id, null, t.name, '', null, t.attributes, 'ok', t.score, t.rank
         from jsonb_to_recordset(?::jsonb) as t(token_id text, name text, attributes jsonb, score float8, rank int)`,
          [
            collectionId,
            JSON.stringify(
              batch.map((t) => {
                const r = rank.get(t) ?? null;
                return {
                  token_id: t.id,
                  name: t.name,
                  attributes: t.attributes,
                  score: r === null ? null : t.score,
                  rank: r,
                };
              }),
            ),
          ],
        );
      }
    },
  );
  return { network: 'ethereum', address: SYNTHETIC_ADDRESS, count };
}

/** Section 3 on a synthetic collection loaded for it, with a fresh API. */
async function syntheticOnly(count: number): Promise<void> {
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    throw new Error('NEXUS_BENCH_SYNTHETIC must be a count of NFTs (1 to 1,000,000)');
  const t = performance.now();
  const synthetic = await loadSynthetic(count);
  console.log(`synthetic collection of ${synthetic.count} NFTs loaded in ${ms(t)} ms`);
  await pagesOnly([synthetic]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
