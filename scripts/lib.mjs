// Shared steps of `npm start` and `npm test`. Plain JavaScript: it runs before dependencies exist.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'node_modules', '.bin');

/** Node 22 from the `node` devDependency once installed (asked after the install, not before). */
export function nodeBin() {
  return existsSync(join(bin, 'node')) ? join(bin, 'node') : process.execPath;
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export function log(message) {
  console.log(`[nexus] ${message}`);
}

function run(command, options = {}) {
  const result = spawnSync(command, { shell: true, stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) throw new Error(`"${command}" failed with exit code ${result.status}`);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Installs the workspace when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  // `npm install` rather than `npm ci`: it installs the locked versions too, and tolerates optional
  // platform packages (anvil's builds for other systems) that a registry mirror may not carry.
  if (!existsSync(marker)) {
    log('installing dependencies…');
    run('npm install --no-audit --no-fund');
  } else if (statSync(join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs + 1000) {
    log('dependencies changed: npm install…');
    run('npm install --no-audit --no-fund');
  }
}

export function portOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolvePort) => {
    const socket = net.connect({ port, host });
    const done = (open) => {
      socket.destroy();
      resolvePort(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port, host, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await portOpen(port, host)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function aptInstall(packages) {
  if (!isRoot || !has('apt-get')) {
    throw new Error(
      `Please install ${packages.join(' ')} (root and apt-get are needed to do it automatically)`,
    );
  }
  log(`installing ${packages.join(' ')} with apt-get…`);
  run('apt-get update -qq');
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`);
}

function endpoint(url, fallbackPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || fallbackPort) };
}

/** PostgreSQL and Redis: used where they answer, started (and installed as root) where they do not. */
export async function ensureServices(env = process.env) {
  const pg = endpoint(env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/nexus', 5432);
  if (!(await portOpen(pg.port, pg.host))) {
    const local = pg.host === '127.0.0.1' || pg.host === 'localhost';
    if (!local) throw new Error(`PostgreSQL is not reachable at ${pg.host}:${pg.port}`);
    if (!existsSync('/etc/postgresql') || readdirSync('/etc/postgresql').length === 0)
      aptInstall(['postgresql']);
    const version = readdirSync('/etc/postgresql').sort().at(-1);
    log(`starting PostgreSQL ${version}…`);
    run(
      `pg_ctlcluster --skip-systemctl-redirect ${version} main start || pg_ctlcluster ${version} main start`,
    );
    if (!(await waitForPort(pg.port, pg.host, 30))) throw new Error('PostgreSQL did not start');
    // Local trust for the postgres role over TCP, as the development machines have it.
    spawnSync('su', ['postgres', '-c', 'psql -qc "select 1"'], { stdio: 'ignore' });
  }
  const redis = endpoint(env.REDIS_URL || 'redis://127.0.0.1:6379/0', 6379);
  if (!(await portOpen(redis.port, redis.host))) {
    if (!has('redis-server')) aptInstall(['redis-server']);
    log('starting Redis…');
    run(`redis-server --daemonize yes --bind 127.0.0.1 --port ${redis.port} --save "" --appendonly no`);
    if (!(await waitForPort(redis.port, redis.host, 15))) throw new Error('Redis did not start');
  }
}

/** Debian's Chromium for the browser tests. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  aptInstall(['chromium']);
  return '/usr/bin/chromium';
}

/** Compiles the TypeScript workspaces and builds the web app when its sources changed. */
export function build() {
  log('building…');
  run(`"${nodeBin()}" node_modules/typescript/bin/tsc -b`);
  const frontend = join(root, 'frontend');
  const index = join(frontend, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(join(frontend, 'src')),
    newestMtime(join(frontend, 'index.html')),
    newestMtime(join(root, 'contract', 'src')),
  );
  // Vite builds React's development bundle when NODE_ENV says test: the served app is production's.
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    run('npm run build -w frontend', { env: { ...process.env, NODE_ENV: 'production' } });
  }
}

/** Starts a child process whose output is prefixed; resolves when `readyLine` appears. */
export function startProcess(name, args, { env = {}, readyLine, timeoutMs = 180_000 } = {}) {
  const child = spawn(nodeBin(), args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  let ready = !readyLine;
  let resolveReady;
  let rejectReady;
  const readyPromise = new Promise((res, rej) => {
    resolveReady = res;
    rejectReady = rej;
  });
  const onData = (stream) => (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      stream.write(prefix + line + '\n');
      if (!ready && line.includes(readyLine)) {
        ready = true;
        resolveReady(child);
      }
    }
  };
  child.stdout.on('data', onData(process.stdout));
  child.stderr.on('data', onData(process.stderr));
  child.once('exit', (code, signal) => {
    if (!ready) rejectReady(new Error(`${name} exited (${signal ?? code}) before it was ready`));
  });
  const timer = setTimeout(() => {
    if (!ready) rejectReady(new Error(`${name} was not ready after ${timeoutMs / 1000} s`));
  }, timeoutMs);
  timer.unref();
  if (ready) resolveReady(child);
  return { child, ready: readyPromise };
}

/** The user's `.env`, then the generated secrets; variables already set win (as in the API and workers). */
export const ENV_FILES = ['.env', '.nexus/secrets.env'];
export function loadEnvFiles() {
  for (const file of ENV_FILES) {
    const path = join(root, file);
    if (existsSync(path)) process.loadEnvFile(path);
  }
}

/**
 * The admin password: ADMIN_PASSWORD when set (environment or .env); otherwise one generated once,
 * kept in the git-ignored .nexus/secrets.env and printed. Production never gets a generated one.
 */
export function ensureAdminPassword() {
  const file = join(root, '.nexus', 'secrets.env');
  const kept = () =>
    existsSync(file) && readFileSync(file, 'utf8').includes(`ADMIN_PASSWORD=${process.env.ADMIN_PASSWORD}\n`);
  if (process.env.ADMIN_PASSWORD) {
    return kept()
      ? `admin password (generated, kept in .nexus/secrets.env): ${process.env.ADMIN_PASSWORD}`
      : 'admin password: the one ADMIN_PASSWORD sets';
  }
  if (process.env.NODE_ENV === 'production') return 'ADMIN_PASSWORD is not set';
  mkdirSync(dirname(file), { recursive: true });
  const password = randomBytes(18).toString('base64url');
  appendFileSync(file, `ADMIN_PASSWORD=${password}\n`, { mode: 0o600 });
  process.env.ADMIN_PASSWORD = password;
  return `admin password generated and kept in .nexus/secrets.env: ${password}`;
}

export function gitIgnoredDir(path) {
  try {
    execSync(`mkdir -p "${path}"`);
  } catch {
    // exists
  }
}
