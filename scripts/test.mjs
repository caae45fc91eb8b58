// npm test: installs what is missing, then the whole suite (unit, PostgreSQL/Redis/anvil, browser),
// then, for a whole run, the static checks (types, lint with the import boundaries, format) as CI
// needs them.
import { spawnSync } from 'node:child_process';
import { build, ensureChromium, ensureInstalled, ensureServices, log, nodeBin, root } from './lib.mjs';

ensureInstalled();
await ensureServices();
process.env.CHROMIUM_PATH ??= ensureChromium();
build();
log('running the test suite…');
// Test files run one at a time in a jest worker that is restarted once a file leaves more than 1 GB
// in use. NEXUS_TEST_WORKERS=2 runs the unit, web and integration tests in two workers, each on its
// own slot (database, dev chains, ports: test/slots.mjs), then the browser tests in one: each of
// those starts an API, workers and Chromium, which fill both cores on their own.
const workers = Number(process.env.NEXUS_TEST_WORKERS) || 1;
const args = process.argv.slice(2);
const runs =
  args.length > 0
    ? [args.some((arg) => arg.startsWith('--maxWorkers')) ? args : [`--maxWorkers=${workers}`, ...args]]
    : workers > 1
      ? [
          ['--selectProjects', 'unit', 'web', 'integration', `--maxWorkers=${workers}`],
          ['--selectProjects', 'e2e', '--maxWorkers=1'],
        ]
      : [['--maxWorkers=1']];
let failed = false;
for (const run of runs) {
  const result = spawnSync(
    nodeBin(),
    [
      '--experimental-vm-modules',
      // The unit tier runs the TypeScript under plain Node (jest.config.js, test/support/node-ts).
      '--import',
      './test/support/node-ts/register.mjs',
      'node_modules/jest/bin/jest.js',
      '--forceExit',
      ...run,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
  );
  if (result.status !== 0) failed = true;
}
let status = failed ? 1 : 0;
const wholeSuite = args.length === 0;
if (wholeSuite) {
  log('static checks (npm run check)…');
  const check = spawnSync('npm', ['run', 'check'], { cwd: root, stdio: 'inherit', shell: false });
  if (status === 0) status = check.status ?? 1;
}
process.exit(status);
