// npm start: everything Nexus needs, on one machine, ready on http://127.0.0.1:3000.
import { build, ensureAdminPassword, ensureInstalled, ensureServices, loadEnvFiles, log } from './lib.mjs';
import { Supervisor } from './supervisor.mjs';

loadEnvFiles();
const adminPassword = ensureAdminPassword();

const started = Date.now();
const port = Number(process.env.PORT || 3000);
// Each process is restarted with backoff when it dies; one dead worker leaves the site up.
const chain = new Supervisor('chain', ['deploy/dist/devchain/src/cli.js'], { readyLine: 'devchain ready' });
const api = new Supervisor('api', ['backend/dist/main.js'], { readyLine: 'Nexus API listening' });
// A worker's heap is capped (WORKER_HEAP_MB): V8 otherwise lets garbage grow to several times what a
// scan keeps alive before it collects, and a 100,000-token scan would take twice the memory it needs.
const workerHeap = `--max-old-space-size=${Number(process.env.WORKER_HEAP_MB) || 256}`;
// A transfer reaches an open page within about a second of its confirmations (issue 24's 2 s goal):
// the index's pass runs every 250 ms here unless INDEX_INTERVAL_MS says otherwise.
const indexInterval = { INDEX_INTERVAL_MS: process.env.INDEX_INTERVAL_MS || '250' };
const workers = [1, 2].map(
  (n) =>
    new Supervisor(`worker-${n}`, [workerHeap, 'workers/dist/main.js'], {
      readyLine: 'ready',
      env: indexInterval,
    }),
);
let stopping = false;

/** The API and workers drain first (a worker may finish its job on the chain), then the chain. */
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  for (const s of [chain, api, ...workers]) s.stopRestarting();
  await Promise.all([api, ...workers].map((s) => s.stop()));
  await chain.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  ensureInstalled();
  await ensureServices();
  build();

  await chain.start();
  // The API applies the migrations: a worker started beside it would run the transfer index's
  // first pass against a fresh database's missing tables.
  await api.start();
  await Promise.all(workers.map((w) => w.start()));
  log(adminPassword);
  log(
    `ready in ${((Date.now() - started) / 1000).toFixed(1)} s on http://127.0.0.1:${port}  (Ctrl-C stops everything)`,
  );
} catch (error) {
  console.error(`[nexus] ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
}
