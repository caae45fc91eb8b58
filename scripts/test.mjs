// npm test: installs what is missing, then the whole suite (unit, PostgreSQL/Redis/anvil, browser)
// and, for a whole run, the static checks beside it (types, lint with the import boundaries,
// format), as CI needs them.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, ensureChromium, ensureInstalled, ensureServices, log, nodeBin, root } from './lib.mjs';

ensureInstalled();
await ensureServices();
process.env.CHROMIUM_PATH ??= ensureChromium();
build();
log('running the test suite…');

/** Resolves with the exit code of `command`; its output goes to ours, or into `captured`. */
function exitOf(command, args, { env = process.env, captured } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (captured) {
    child.stdout.on('data', (chunk) => captured.push(chunk));
    child.stderr.on('data', (chunk) => captured.push(chunk));
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function jest(args, env = {}, captured = undefined) {
  return exitOf(
    nodeBin(),
    [
      '--experimental-vm-modules',
      // Unit, integration and browser tests run the TypeScript under plain Node (jest.config.js,
      // test/support/node-ts); the web app's component tests stay in jest's jsdom VM.
      '--import',
      './test/support/node-ts/register.mjs',
      'node_modules/jest/bin/jest.js',
      '--forceExit',
      ...args,
    ],
    { env: { ...process.env, NODE_ENV: 'test', ...env }, captured },
  );
}

/**
 * Ends the API and worker processes of this checkout a test left running: one whose test timed out
 * while it was starting outlives the test, and would hold its port for the next run. Linux (/proc).
 */
function stopLeftovers() {
  const ours = [resolve(root, 'backend/dist/main.js'), resolve(root, 'workers/dist/main.js')];
  let stopped = 0;
  for (const pid of existsSync('/proc') ? readdirSync('/proc').filter((name) => /^\d+$/.test(name)) : []) {
    let args;
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (Number(pid) === process.pid || !args.some((arg) => ours.includes(arg))) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      stopped += 1;
    } catch {
      // Gone already.
    }
  }
  if (stopped > 0) log(`stopped ${stopped} API or worker process(es) a test left running`);
}

// Three jest workers by default, each on its own slot (database, dev chains, ports: test/slots.mjs),
// on one run of every project: most files wait on a chain, a page or a rate limit, and a third file
// fills those waits (2 cores: 436 s against 511 s with two, docs/PERFORMANCE.md). Four held the load
// at 12-20 on a machine needing 2,680 CPU-seconds for the suite, where waits ran out.
// NEXUS_TEST_WORKERS=2 (or 4, or 1: one file at a time) overrides it.
const workers = Number(process.env.NEXUS_TEST_WORKERS) || 3;
const args = process.argv.slice(2);
if (args.length > 0) {
  const explicit = args.some(
    (arg) => arg.startsWith('--maxWorkers') || arg === '--runInBand' || arg === '-i',
  );
  const code = await jest(explicit ? args : [`--maxWorkers=${workers}`, ...args]);
  stopLeftovers();
  process.exit(code);
}

// Beside the tests, with their output after the tests': the static checks (about one core for a
// minute and a half), and the web app's component tests, whose jsdom runner jest would otherwise
// start only after the plain-Node files of one run.
const checkOutput = [];
const checks = exitOf('npm', ['run', 'check'], { captured: checkOutput });
const webOutput = [];
const web = jest(['--selectProjects', 'web', '--maxWorkers=2'], {}, webOutput);
// One run for the other projects: the latency-bound integration files share the machine with the
// browser files, and the slots' databases and dev chains start once.
// A browser test's hook starts a whole system beside Chromium on busy cores: minutes, not seconds.
let status = await jest(['--selectProjects', 'unit', 'integration', 'e2e', `--maxWorkers=${workers}`], {
  NEXUS_TEST_TIMEOUT_MS: process.env.NEXUS_TEST_TIMEOUT_MS ?? '180000',
});
stopLeftovers();
for (const [name, finished, output] of [
  ["the web app's component tests", web, webOutput],
  ['static checks (npm run check)', checks, checkOutput],
]) {
  const code = await finished;
  log(`${name}:`);
  process.stdout.write(Buffer.concat(output));
  if (status === 0) status = code;
}
process.exit(status);
