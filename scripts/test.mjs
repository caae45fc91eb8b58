// npm test: installs what is missing, then the whole suite (unit, PostgreSQL/Redis/anvil, browser),
// then, for a whole run, the static checks (types, lint with the import boundaries, format) as CI
// needs them.
import { spawn } from 'node:child_process';
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

function jest(args) {
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
    { env: { ...process.env, NODE_ENV: 'test' } },
  );
}

// Two jest workers by default, each on its own slot (database, dev chains, ports: test/slots.mjs):
// the unit, web and integration tests first, then the browser tests, which spend most of their time
// waiting on the API, the chain and the page. NEXUS_TEST_WORKERS=1 runs one file at a time.
const workers = Number(process.env.NEXUS_TEST_WORKERS) || 2;
const args = process.argv.slice(2);
if (args.length > 0) {
  const explicit = args.some(
    (arg) => arg.startsWith('--maxWorkers') || arg === '--runInBand' || arg === '-i',
  );
  process.exit(await jest(explicit ? args : [`--maxWorkers=${workers}`, ...args]));
}

let status = await jest(['--selectProjects', 'unit', 'web', 'integration', `--maxWorkers=${workers}`]);
// The static checks (about one core for minutes) use what the browser tests leave idle; their
// output follows the tests'.
log('browser tests, and the static checks (npm run check) beside them…');
const checkOutput = [];
const checks = exitOf('npm', ['run', 'check'], { captured: checkOutput });
const browser = await jest(['--selectProjects', 'e2e', `--maxWorkers=${workers}`]);
const checked = await checks;
log('static checks (npm run check):');
process.stdout.write(Buffer.concat(checkOutput));
for (const code of [browser, checked]) if (status === 0) status = code;
process.exit(status);
