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
const result = spawnSync(
  nodeBin(),
  [
    '--experimental-vm-modules',
    // One process runs every test file (--runInBand), and jest's ESM module registries are not all
    // given back between files: the heap grows to about 4 GB by the end, Node's default limit here.
    '--max-old-space-size=8192',
    'node_modules/jest/bin/jest.js',
    '--runInBand',
    '--forceExit',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
let status = result.status ?? 1;
const wholeSuite = process.argv.length <= 2;
if (wholeSuite) {
  log('static checks (npm run check)…');
  const check = spawnSync('npm', ['run', 'check'], { cwd: root, stdio: 'inherit', shell: false });
  if (status === 0) status = check.status ?? 1;
}
process.exit(status);
