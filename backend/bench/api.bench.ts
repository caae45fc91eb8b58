// Over 400 lines for that reason: a benchmark run alone (npm run bench:api): its servers, scenarios and
// report read best as one script.
/**
 * API read-path benchmark: one run, loopback only, each server in its own child process.
 *   npx tsc -b && npm run bench:api
 *
 * Scenarios (about 10 s each): a bare NestJS endpoint for comparison, GET /api/whitelisted-collections,
 * GET /api/trending-searches, and POST /api/nfts answered from the Redis cache for a 100-NFT wallet
 * and a 10,000-NFT collection (primed through ScanCacheRepository.set, so no chain is needed).
 *
 * The API is the compiled backend (backend/dist) on the database `nexus_bench_api` (recreated and
 * migrated by each run, dropped at the end) with its own Redis key prefix (removed at the end).
 * Rate limits stay on with budgets out of reach (every request comes from one address), so the
 * figures include the limiter's Redis round trip per request.
 * Every scenario is measured in NEXUS_BENCH_ROUNDS rounds (default 3) of NEXUS_BENCH_DURATION s each
 * (default 5), the scenarios taking turns, so that a change in the machine's load between scenarios
 * weighs on all of them; each round gives its own share of the bare endpoint, the median is reported.
 * Each scenario starts once the servers are idle (the last one's work done).
 * Settings: NEXUS_BENCH_DATABASE_URL, NEXUS_BENCH_CONNECTIONS
 * (default 10), NEXUS_BENCH_WRITE=0 to leave docs/PERFORMANCE.md alone, NEXUS_BENCH_PROFILE=<dir> for a
 * CPU profile of the API process, NEXUS_BENCH_ONLY=<text> to run only the bare endpoints and the scenarios whose name has it,
 * NEXUS_BENCH_NODE_FLAGS for more Node flags in the server processes.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { scanKey, type Network, type Nft, type NftAttribute, type NftsResponse } from '@nexus/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { deleteMatching } from '../src/platform/redis/redis-json.js';
import type { AppConfig } from '../src/platform/config/app-config.js';
import { seededRandom } from '../src/platform/common/seeded-random.js';

const here = fileURLToPath(import.meta.url);
const repoRoot = resolve(dirname(here), '..', '..');
const dist = join(repoRoot, 'backend', 'dist');
const docPath = join(repoRoot, 'docs', 'PERFORMANCE.md');

const DATABASE_URL =
  process.env.NEXUS_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/nexus_bench_api';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const DURATION_S = Math.max(1, Number(process.env.NEXUS_BENCH_DURATION ?? 5) || 5);
/** Each round measures every scenario once, in turn: the bare endpoint's figure sits next to the others'. */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.NEXUS_BENCH_ROUNDS ?? 3) || 3));
const CONNECTIONS = Math.max(1, Number(process.env.NEXUS_BENCH_CONNECTIONS ?? 10) || 10);
const WARMUP_S = 2;
/** The bench API's admin password (production refuses to start without a strong one). */
const ADMIN_PASSWORD = randomBytes(18).toString('base64url');
/**
 * Every request of a scenario comes from one address, far past a visitor's budget: the limits are
 * raised out of reach, not switched off, so the figures include what the limiter costs.
 */
const BENCH_RATE_LIMIT = '1000000000/60';

const WALLET = '0x' + '7e'.repeat(20);
const COLLECTION = '0x' + 'c0'.repeat(20);
const NETWORK: Network = 'polygon';
const WALLET_NFTS = 100;
const COLLECTION_NFTS = 10_000;

// ---------------------------------------------------------------- autocannon (no type declarations)

interface AutocannonOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
  ): void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => AutocannonInstance;

// ---------------------------------------------------------------- the servers (child processes)

type ServerKind = 'api' | 'bare' | 'bare-server';
interface ReadyMessage {
  port: number;
}

/** The comparison: one trivial controller, nothing else. Decorators are applied as calls because tsx
 *  (esbuild) compiles decorator syntax as standard decorators, which Nest's are not. */
class BareController {
  ping(): { ok: boolean } {
    return { ok: true };
  }
}
Controller('bare')(BareController);
Get()(BareController.prototype, 'ping', Object.getOwnPropertyDescriptor(BareController.prototype, 'ping')!);
class BareModule {}
Module({ controllers: [BareController] })(BareModule);

function importDist<T>(path: string): Promise<T> {
  // The compiled backend: its decorator metadata (Nest injection) comes from tsc, not from tsx.
  return import(pathToFileURL(join(dist, path)).href) as Promise<T>;
}

async function serve(kind: ServerKind): Promise<void> {
  let app: NestExpressApplication;
  if (kind === 'bare' || kind === 'bare-server') {
    // 'bare-server': the same app on the API's HTTP server (requests born with Express's prototypes).
    const { ExpressServerAdapter } = await importDist<
      typeof import('../src/platform/common/express-server.adapter.js')
    >('platform/common/express-server.adapter.js');
    app =
      kind === 'bare'
        ? await NestFactory.create<NestExpressApplication>(BareModule, { logger: false })
        : await NestFactory.create<NestExpressApplication>(BareModule, new ExpressServerAdapter(), {
            logger: false,
          });
    app.setGlobalPrefix('api');
    app.disable('x-powered-by');
    app.enableShutdownHooks();
  } else {
    const { loadConfig } = await importDist<typeof import('../src/platform/config/app-config.js')>(
      'platform/config/app-config.js',
    );
    const { createApiApp } = await importDist<typeof import('../src/bootstrap.js')>('bootstrap.js');
    const { ScanCacheRepository } =
      await importDist<typeof import('../src/scans/index.js')>('scans/index.js');
    const config: AppConfig = loadConfig();
    app = await createApiApp(config, { logger: false });
    await app.init();
    await primeScanCache(app.get(ScanCacheRepository));
  }
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  process.send?.({ port: address.port } satisfies ReadyMessage);
}

// ---------------------------------------------------------------- fixtures

const TRAITS: Record<string, string[]> = {
  Background: ['Aquamarine', 'Army Green', 'Blue', 'Gray', 'New Punk Blue', 'Orange', 'Purple', 'Yellow'],
  Fur: [
    'Black',
    'Blue',
    'Brown',
    'Cheetah',
    'Cream',
    'Dark Brown',
    'Death Bot',
    'Golden Brown',
    'Gray',
    'Noise',
    'Pink',
    'Red',
    'Robot',
    'Solid Gold',
    'Tan',
    'Trippy',
    'White',
    'Zombie',
  ],
  Eyes: [
    '3d',
    'Angry',
    'Blindfold',
    'Bloodshot',
    'Blue Beams',
    'Bored',
    'Closed',
    'Coins',
    'Crazy',
    'Cyborg',
    'Eyepatch',
    'Heart',
    'Holographic',
    'Hypnotized',
    'Laser Eyes',
    'Robot',
    'Sad',
    'Sleepy',
    'Sunglasses',
    'X Eyes',
  ],
  Mouth: [
    'Bored',
    'Bored Bubblegum',
    'Bored Cigarette',
    'Bored Pipe',
    'Discomfort',
    'Grin',
    'Jovial',
    'Phoneme Vuh',
    'Rage',
    'Small Grin',
    'Tongue Out',
  ],
  Hat: [
    'Army Hat',
    'Bayc Flipped Brim',
    'Beanie',
    'Bunny Ears',
    'Cowboy Hat',
    'Fez',
    'Halo',
    "King's Crown",
    'Party Hat 1',
    'Prussian Helmet',
    'S&m Hat',
    "Sea Captain's Hat",
    'Short Mohawk',
    'Spinner Hat',
  ],
  Clothes: [
    'Admirals Coat',
    'Bandolier',
    'Bayc T Black',
    'Biker Vest',
    'Black Suit',
    'Blue Dress',
    'Hawaiian',
    'Hip Hop',
    'Kings Robe',
    'Leather Jacket',
    'Navy Striped Tee',
    'Sailor Shirt',
    'Tanktop',
    'Tweed',
  ],
  Earring: ['Cross', 'Diamond Stud', 'Gold Hoop', 'Gold Stud', 'Silver Hoop', 'Silver Stud'],
};

/** NFTs as the API answers them, built with the backend's own mapper, metadata and ranks included. */
async function buildNfts(count: number, collections: number, seed: number): Promise<Nft[]> {
  const { toApiNft } = await importDist<typeof import('../src/collections/index.js')>('collections/index.js');
  const next = seededRandom(seed);
  const nfts: Nft[] = [];
  for (let i = 0; i < count; i++) {
    const c = i % collections;
    const address = '0x' + (0xa0 + c).toString(16).repeat(20);
    const attributes: NftAttribute[] = [];
    for (const [traitType, values] of Object.entries(TRAITS)) {
      if (traitType !== 'Background' && next() < 0.15) continue;
      attributes.push({ trait_type: traitType, value: values[Math.floor(next() * values.length)]! });
    }
    const name = collections === 1 ? 'Bench Apes' : `Bench Collection ${c + 1}`;
    nfts.push(
      toApiNft(
        {
          tokenId: String(i),
          tokenUri: `ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/${i}`,
          name: `${name} #${i}`,
          description: `${name} #${i}: one of ${count.toLocaleString('en-US')} tokens drawn from their traits.`,
          image: `ipfs://bafybeihpjhkeuiq3k6nqa3fkgeigeri7iebtrsuyuey5y6vy36n345xmbi/${i}.png`,
          attributes,
          metadataStatus: 'ok',
          rarityScore: Math.round(next() * 1e6) / 1e4,
          rarityRank: (i % count) + 1,
        },
        { network: NETWORK, address, name, standard: 'ERC-721' },
        collections === 1 ? undefined : 1,
      ),
    );
  }
  return nfts;
}

async function primeScanCache(cache: {
  set: (
    key: string,
    kind: 'wallet' | 'collection',
    value: {
      meta: { scanDuration: number; totalCollections: number; isComplete: boolean; cachedAt: number };
      nftsJson: string;
    },
  ) => Promise<void>;
}): Promise<void> {
  const now = Date.now();
  await cache.set(scanKey('wallet', NETWORK, WALLET), 'wallet', {
    meta: { scanDuration: 4200, totalCollections: 5, isComplete: true, cachedAt: now },
    nftsJson: JSON.stringify(await buildNfts(WALLET_NFTS, 5, 1)),
  });
  await cache.set(scanKey('collection', NETWORK, COLLECTION), 'collection', {
    meta: { scanDuration: 31_000, totalCollections: 1, isComplete: true, cachedAt: now },
    nftsJson: JSON.stringify(await buildNfts(COLLECTION_NFTS, 1, 2)),
  });
}

/** A fresh, migrated bench database with 20,000 recorded searches over 400 terms. */
async function prepareDatabase(): Promise<void> {
  const { databaseName, onMaintenanceDatabase } = await importDist<
    typeof import('../src/platform/database/migrate.js')
  >('platform/database/migrate.js');
  const name = databaseName(DATABASE_URL);
  await onMaintenanceDatabase(DATABASE_URL, `drop database if exists "${name}" with (force)`);
  await onMaintenanceDatabase(DATABASE_URL, `create database "${name}"`);
  const { ormConfig } = await importDist<typeof import('../src/platform/database/mikro-orm.config.js')>(
    'platform/database/mikro-orm.config.js',
  );
  const { ENTITIES } = await importDist<typeof import('../src/entities.js')>('entities.js');
  const orm = await MikroORM.init({ ...ormConfig(DATABASE_URL, ENTITIES), logger: () => undefined });
  try {
    await orm.migrator.up();
    // Zipf-like: term k is searched about 20,000 / (k * H) times.
    await orm.em.getConnection().execute(
      `insert into search (created_at, updated_at, term, network, search_type, from_cache)
       select now() - (g % 1000) * interval '1 minute', now(),
              '0x' || lpad(to_hex(1 + floor(power(400, random()))::int), 40, '0'),
              (array['ethereum', 'polygon', 'cronos'])[1 + g % 3], 'collection', g % 2 = 0
         from generate_series(1, 20000) as g`,
    );
  } finally {
    await orm.close(true);
  }
}

/** The admin session cookie, through the real login (whitelist writes are admin-only). */
async function adminCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('nexus_admin='));
  if (res.status !== 200 || !session)
    throw new Error(`Admin login failed: ${res.status} ${await res.text()}`);
  return session.split(';')[0]!;
}

async function seedWhitelist(base: string): Promise<void> {
  const cookie = await adminCookie(base);
  const names = [
    'Bench Apes',
    'Pixel Punks',
    'Cronos Critters',
    'Polygon Passes',
    'Moon Cats',
    'Loot Bags',
    'Art Blocks Curated',
    'Doodles',
    'Azuki',
    'Cool Cats',
    'World of Women',
    'Meebits',
  ];
  const networks: Network[] = ['ethereum', 'polygon', 'cronos'];
  for (const [i, name] of names.entries()) {
    const res = await fetch(`${base}/api/whitelisted-collections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        contractAddress: '0x' + (0x10 + i).toString(16).repeat(20),
        name,
        network: networks[i % 3],
        description: `${name}: a whitelisted collection with its banner, logo and social links.`,
        logoUrl: `/api/media/files/logo-${i}.png`,
        bannerUrl: `/api/media/files/banner-${i}.png`,
        website: 'https://example.org',
        twitter: 'https://x.com/example',
        discord: 'https://discord.gg/example',
        isFeatured: i === 0,
        backgroundImageUrls: [`/api/media/files/bg-${i}-1.png`, `/api/media/files/bg-${i}-2.png`],
      }),
    });
    if (res.status !== 201) throw new Error(`Whitelist seed failed: ${res.status} ${await res.text()}`);
  }
}

// ---------------------------------------------------------------- measuring

interface Scenario {
  name: string;
  server: ServerKind;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  /** Sent as `accept-encoding`; the check then also requires a `deflate` answer. */
  acceptEncoding?: string;
  /** Checked once before measuring: the answer is the one meant. */
  check: (status: number, body: unknown) => string | null;
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  kib: number;
  requests: number;
  failures: number;
  /** Server CPU time per request (µs): what the answer costs, whatever the load generator manages. */
  cpuUs: number | null;
  /** Load generator CPU time per request (µs): on 2 shared cores it caps what any server can show. */
  loadCpuUs: number;
  /** Response times (ms) of the 2xx answers. */
  times: number[];
  seconds: number;
}

const cachedNfts = (count: number) => (status: number, body: unknown) => {
  const r = body as NftsResponse;
  if (status !== 200 || !r.fromCache || r.cacheSource !== 'redis') return `not a cache hit (${status})`;
  return r.nfts.length === count ? null : `${r.nfts.length} NFTs instead of ${count}`;
};

/** The bare controller's `{ok: true}`. */
const bareAnswer: Scenario['check'] = (s, b) =>
  s === 200 && (b as { ok?: boolean }).ok === true ? null : `status ${s}`;

const SCENARIOS: Scenario[] = [
  {
    name: 'bare NestJS endpoint',
    server: 'bare',
    method: 'GET',
    path: '/api/bare',
    check: bareAnswer,
  },
  {
    name: "bare NestJS endpoint, the API's HTTP server",
    server: 'bare-server',
    method: 'GET',
    path: '/api/bare',
    check: bareAnswer,
  },
  {
    name: `POST /api/nfts wallet, cached (${WALLET_NFTS} NFTs)`,
    server: 'api',
    method: 'POST',
    path: '/api/nfts',
    body: { address: WALLET, network: NETWORK, searchType: 'wallet' },
    check: cachedNfts(WALLET_NFTS),
  },
  {
    name: `POST /api/nfts wallet, cached, deflate (${WALLET_NFTS} NFTs)`,
    server: 'api',
    method: 'POST',
    path: '/api/nfts',
    body: { address: WALLET, network: NETWORK, searchType: 'wallet' },
    acceptEncoding: 'gzip, deflate, br',
    check: cachedNfts(WALLET_NFTS),
  },
  {
    name: 'GET /api/whitelisted-collections',
    server: 'api',
    method: 'GET',
    path: '/api/whitelisted-collections',
    check: (s, b) => (s === 200 && Array.isArray(b) && b.length === 12 ? null : `status ${s}`),
  },
  {
    name: 'GET /api/trending-searches',
    server: 'api',
    method: 'GET',
    path: '/api/trending-searches',
    check: (s, b) => (s === 200 && Array.isArray(b) && b.length === 10 ? null : `status ${s}`),
  },
  {
    name: `POST /api/nfts collection, cached (${COLLECTION_NFTS.toLocaleString('en-US')} NFTs)`,
    server: 'api',
    method: 'POST',
    path: '/api/nfts',
    body: { address: COLLECTION, network: NETWORK, searchType: 'collection' },
    check: cachedNfts(COLLECTION_NFTS),
  },
  {
    name: `POST /api/nfts collection, cached, deflate (${COLLECTION_NFTS.toLocaleString('en-US')} NFTs)`,
    server: 'api',
    method: 'POST',
    path: '/api/nfts',
    body: { address: COLLECTION, network: NETWORK, searchType: 'collection' },
    acceptEncoding: 'gzip, deflate, br',
    check: cachedNfts(COLLECTION_NFTS),
  },
];

function headersOf(scenario: Scenario): Record<string, string> {
  const headers: Record<string, string> = scenario.body ? { 'content-type': 'application/json' } : {};
  if (scenario.acceptEncoding) headers['accept-encoding'] = scenario.acceptEncoding;
  return headers;
}

/** CPU time (ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return null;
  }
}

/**
 * Waits (at most 5 s) until the servers are idle: a scenario does not start while the last one's
 * work (a 10 MB answer still leaving, its garbage collected) takes the shared cores.
 */
async function settle(children: ChildProcess[]): Promise<void> {
  const deadline = Date.now() + 5000;
  let before = children.map((c) => cpuMs(c.pid));
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const now = children.map((c) => cpuMs(c.pid));
    // Under 4% of a core each over the last 250 ms.
    if (now.every((v, i) => v === null || before[i] === null || v - before[i]! < 10)) return;
    before = now;
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function run(
  base: string,
  scenario: Scenario,
  duration: number,
  record: boolean,
  server?: ChildProcess,
): Promise<Figures> {
  const body = scenario.body ? JSON.stringify(scenario.body) : undefined;
  const instance = autocannon({
    url: base + scenario.path,
    method: scenario.method,
    headers: headersOf(scenario),
    body,
    connections: CONNECTIONS,
    duration,
  });
  const times: number[] = [];
  let failures = 0;
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    else failures++;
  });
  const cpuBefore = cpuMs(server?.pid);
  const loadBefore = process.cpuUsage();
  const result = await instance;
  const load = process.cpuUsage(loadBefore);
  const cpuAfter = cpuMs(server?.pid);
  const sorted = Float64Array.from(times).sort();
  if (!record) {
    return {
      name: scenario.name,
      rps: 0,
      p50: 0,
      p95: 0,
      p99: 0,
      kib: 0,
      requests: 0,
      failures: 0,
      cpuUs: null,
      loadCpuUs: 0,
      times: [],
      seconds: 0,
    };
  }
  return {
    name: scenario.name,
    rps: times.length / result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    kib: result.throughput.average / 1024,
    requests: times.length,
    failures: failures + result.errors + result.timeouts,
    cpuUs:
      cpuBefore === null || cpuAfter === null || times.length === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / (times.length + failures),
    loadCpuUs: (load.user + load.system) / Math.max(1, times.length + failures),
    times,
    seconds: result.duration,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One scenario over every round: medians of the rounds' requests/s and CPU, percentiles of all answers. */
function combine(rounds: Figures[]): Figures {
  const times = Float64Array.from(rounds.flatMap((f) => f.times)).sort();
  const cpu = rounds.map((f) => f.cpuUs).filter((v): v is number => v !== null);
  return {
    name: rounds[0]!.name,
    rps: median(rounds.map((f) => f.rps)),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    kib: median(rounds.map((f) => f.kib)),
    requests: rounds.reduce((sum, f) => sum + f.requests, 0),
    failures: rounds.reduce((sum, f) => sum + f.failures, 0),
    cpuUs: cpu.length > 0 ? median(cpu) : null,
    loadCpuUs: median(rounds.map((f) => f.loadCpuUs)),
    times: [],
    seconds: rounds.reduce((sum, f) => sum + f.seconds, 0),
  };
}

async function check(base: string, scenario: Scenario): Promise<void> {
  const res = await fetch(base + scenario.path, {
    method: scenario.method,
    headers: headersOf(scenario),
    body: scenario.body ? JSON.stringify(scenario.body) : undefined,
  });
  const encoding = res.headers.get('content-encoding');
  const problem =
    scenario.check(res.status, await res.json()) ??
    (scenario.acceptEncoding && encoding !== 'deflate'
      ? `sent ${encoding ?? 'uncompressed'}, not deflate`
      : null);
  if (problem) throw new Error(`${scenario.name}: ${problem}`);
}

// ---------------------------------------------------------------- processes

function start(kind: ServerKind, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  // NEXUS_BENCH_PROFILE=<dir>: a V8 CPU profile of the API process, written when it stops.
  const profile =
    kind === 'api' && process.env.NEXUS_BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.NEXUS_BENCH_PROFILE)}`]
      : [];
  // NEXUS_BENCH_NODE_FLAGS: more Node flags for every server process (say --trace-gc-nvp).
  const flags = (process.env.NEXUS_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...process.execArgv, ...profile, ...flags, here, 'serve', kind], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolvePromise, reject) => {
    child.once('message', (m: ReadyMessage) => resolvePromise({ child, base: `http://127.0.0.1:${m.port}` }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code} before listening`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

async function clearPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    await deleteMatching(redis, `${prefix}:*`);
  } finally {
    await redis.quit();
  }
}

// ---------------------------------------------------------------- report

const ms = (v: number) => v.toFixed(v < 10 ? 2 : 1);

function table(figures: Figures[]): string {
  const lines = [
    '| scenario | req/s | p50 ms | p95 ms | p99 ms | server CPU µs/req | autocannon CPU µs/req | KiB/answer | KiB/s | requests | failures |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const f of figures) {
    lines.push(
      `| ${f.name} | ${Math.round(f.rps).toLocaleString('en-US')} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ` +
        `${f.cpuUs === null ? 'n/a' : Math.round(f.cpuUs).toLocaleString('en-US')} | ` +
        `${Math.round(f.loadCpuUs).toLocaleString('en-US')} | ` +
        `${f.rps > 0 ? (f.kib / f.rps).toLocaleString('en-US', { maximumFractionDigits: 1 }) : 'n/a'} | ` +
        `${Math.round(f.kib).toLocaleString('en-US')} | ${f.requests.toLocaleString('en-US')} | ${f.failures} |`,
    );
  }
  return lines.join('\n');
}

const START = '<!-- bench:api:start -->';
const END = '<!-- bench:api:end -->';

/** Replaces the figures between the markers of the "## API" section (added at the end if missing). */
function writeDoc(block: string): void {
  const text = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Performance\n';
  const figures = `${START}\n${block}\n${END}`;
  let next: string;
  if (text.includes(START) && text.includes(END)) {
    next = text.slice(0, text.indexOf(START)) + figures + text.slice(text.indexOf(END) + END.length);
  } else {
    next = `${text.trimEnd()}\n\n## API\n\nMeasured by \`npm run bench:api\` (backend/bench/api.bench.ts).\n\n${figures}\n`;
  }
  writeFileSync(docPath, next);
}

async function main(): Promise<void> {
  if (!existsSync(join(dist, 'bootstrap.js'))) {
    console.error('API bench: build the backend first (npx tsc -b).');
    process.exit(1);
  }
  const prefix = `nexus-bench:${randomBytes(3).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    DEVCHAIN_MANIFEST: join(repoRoot, '.nexus', 'bench', 'no-manifest.json'),
    ETHEREUM_RPC_URL: 'http://127.0.0.1:9/',
    POLYGON_RPC_URL: 'http://127.0.0.1:9/',
    CRONOS_RPC_URL: 'http://127.0.0.1:9/',
    FRONTEND_DIST: join(repoRoot, '.nexus', 'bench', 'no-frontend'),
    ADMIN_PASSWORD,
    RATE_LIMIT_API: BENCH_RATE_LIMIT,
    RATE_LIMIT_SCAN: BENCH_RATE_LIMIT,
  };
  console.log(
    `API bench: Node ${process.version}, ${cpus().length} cores shared by servers and load generator; ` +
      `${CONNECTIONS} connections, ${WARMUP_S} s warm-up, then ${ROUNDS} rounds of ${DURATION_S} s per scenario, loopback`,
  );
  await prepareDatabase();
  const servers: Partial<Record<ServerKind, { child: ChildProcess; base: string }>> = {};
  /** Per round, the figures of each scenario in SCENARIOS order (the bare endpoint first). */
  const rounds: Figures[][] = [];
  try {
    servers.bare = await start('bare', env);
    servers['bare-server'] = await start('bare-server', env);
    servers.api = await start('api', env);
    await seedWhitelist(servers.api.base);
    const only = process.env.NEXUS_BENCH_ONLY;
    const chosen = SCENARIOS.filter((x) => x.server !== 'api' || !only || x.name.includes(only));
    for (const scenario of chosen) {
      const base = servers[scenario.server]!.base;
      await check(base, scenario);
      await run(base, scenario, WARMUP_S, false);
    }
    for (let round = 1; round <= ROUNDS; round++) {
      const figures: Figures[] = [];
      for (const scenario of chosen) {
        const server = servers[scenario.server]!;
        await settle(Object.values(servers).map((x) => x.child));
        const f = await run(server.base, scenario, DURATION_S, true, server.child);
        figures.push(f);
        console.log(
          `  ${round}/${ROUNDS} ${f.name.padEnd(56)} ${Math.round(f.rps).toString().padStart(6)} req/s  ` +
            `p50 ${ms(f.p50)}  p99 ${ms(f.p99)} ms  server ${Math.round(f.cpuUs ?? NaN)} µs/req  ` +
            `autocannon ${Math.round(f.loadCpuUs)} µs/req  failures ${f.failures}`,
        );
      }
      rounds.push(figures);
    }
  } finally {
    await Promise.all(Object.values(servers).map((s) => stop(s.child)));
    await clearPrefix(prefix);
    const { databaseName, onMaintenanceDatabase } = await importDist<
      typeof import('../src/platform/database/migrate.js')
    >('platform/database/migrate.js');
    await onMaintenanceDatabase(
      DATABASE_URL,
      `drop database if exists "${databaseName(DATABASE_URL)}" with (force)`,
    );
  }

  const figures = rounds[0]!.map((_, i) => combine(rounds.map((r) => r[i]!)));
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  const verdicts: string[] = [];
  // The goal is set against Nest as it ships (the first scenario); the same app on the API's HTTP
  // server shows what the rest of the API costs.
  const sameServerName = SCENARIOS.find((x) => x.server === 'bare-server')!.name;
  const sameServer = figures.findIndex((f) => f.name === sameServerName);
  for (const [i, f] of figures.entries()) {
    if (!f.name.includes('wallet')) continue;
    // Each round's share against the bare endpoint of the same round.
    const shares = rounds.map((r) => r[i]!.rps / r[0]!.rps);
    const cpuShares = rounds.map((r) => (r[0]!.cpuUs ?? NaN) / (r[i]!.cpuUs ?? NaN));
    const sameServerShares = rounds.map((r) => r[i]!.rps / r[sameServer]!.rps);
    const share = median(shares);
    const how = f.name.includes('deflate') ? 'compressed, as browsers ask' : 'uncompressed';
    verdicts.push(
      `${how} ${(share * 100).toFixed(1)}% (${share >= 0.5 ? 'met' : 'NOT met'}; rounds ${shares.map(pct).join(', ')}; ` +
        `bare endpoint's server CPU per request against this one's: ${pct(median(cpuShares))}; ` +
        `against the bare endpoint on the API's HTTP server: ${pct(median(sameServerShares))})`,
    );
  }
  const verdict =
    verdicts.length > 0
      ? `Cached wallet answer, share of the bare endpoint's requests/s, median of ${ROUNDS} rounds ` +
        `(goal: at least 50%): ${verdicts.join('; ')}.`
      : 'Cached wallet answer not measured in this run.';
  console.log(`\n${table(figures)}\n\n${verdict}`);
  // Only a complete run replaces the figures on the page.
  if (process.env.NEXUS_BENCH_WRITE !== '0' && !process.env.NEXUS_BENCH_ONLY) {
    const day = new Date().toISOString().slice(0, 10);
    writeDoc(
      `Latest run (${day}): Node ${process.version}, ${cpus().length} cores shared by the servers and ` +
        `autocannon, ${CONNECTIONS} connections; ${ROUNDS} rounds of ${DURATION_S} s per scenario, the scenarios ` +
        `taking turns, after a ${WARMUP_S} s warm-up; req/s and CPU are medians of the rounds.\n\n` +
        `${table(figures)}\n\n${verdict}`,
    );
    console.log(`Figures written to ${docPath}`);
  }
}

if (process.argv[2] === 'serve') {
  serve((['bare', 'bare-server'] as const).find((k) => k === process.argv[3]) ?? 'api').catch(
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
