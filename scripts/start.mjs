// npm start: everything Nexus needs, on one machine, ready on http://127.0.0.1:3000.
import {
  build,
  ensureAdminPassword,
  ensureInstalled,
  ensureServices,
  loadEnvFiles,
  log,
  startProcess,
  stopAll,
} from './lib.mjs';

loadEnvFiles();
const adminPassword = ensureAdminPassword();

const started = Date.now();
const port = Number(process.env.PORT || 3000);
const children = [];
let stopping = false;

function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  stopAll(children);
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  ensureInstalled();
  await ensureServices();
  build();

  const chain = startProcess('chain', ['deploy/dist/devchain/src/cli.js'], { readyLine: 'devchain ready' });
  children.push(chain.child);
  await chain.ready;

  const api = startProcess('api', ['backend/dist/main.js'], { readyLine: 'Nexus API listening' });
  children.push(api.child);
  const workers = [1, 2].map((n) =>
    startProcess(`worker-${n}`, ['workers/dist/main.js'], { readyLine: 'ready' }),
  );
  children.push(...workers.map((w) => w.child));
  await Promise.all([api.ready, ...workers.map((w) => w.ready)]);

  for (const child of children) {
    child.once('exit', (code) => {
      if (!stopping) {
        log(`a process exited (${code}); stopping everything`);
        shutdown(1);
      }
    });
  }
  log(adminPassword);
  log(
    `ready in ${((Date.now() - started) / 1000).toFixed(1)} s on http://127.0.0.1:${port}  (Ctrl-C stops everything)`,
  );
} catch (error) {
  console.error(`[nexus] ${error instanceof Error ? error.message : error}`);
  shutdown(1);
}
