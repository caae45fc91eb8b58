import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ClientToServerEvents, ServerToClientEvents } from '@nexus/contract';
import { io, type Socket } from 'socket.io-client';
import { TEST_MANIFEST, TEST_ROOT, testEnv } from './test-env.js';

export interface ManifestCollection {
  network: 'ethereum' | 'polygon' | 'cronos';
  address: string;
  name: string;
  symbol: string;
  standard: 'ERC-721' | 'ERC-1155';
  totalSupply: number;
  enumerable?: boolean;
}

export interface TestManifest {
  networks: Record<string, { chainId: number; rpcUrl: string }>;
  collections: ManifestCollection[];
  wallets: Array<{ network: string; address: string; label: string }>;
}

export function readTestManifest(): TestManifest {
  return JSON.parse(readFileSync(TEST_MANIFEST, 'utf8')) as TestManifest;
}

/** ERC-721 collections of the test chains, largest first. */
export function bigCollections(manifest: TestManifest): ManifestCollection[] {
  return manifest.collections
    .filter((c) => c.standard === 'ERC-721' && c.totalSupply >= 1000)
    .sort((a, b) => b.totalSupply - a.totalSupply);
}

const NODE = resolve(TEST_ROOT, 'node_modules/.bin/node');

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  output: string[];
}

function startNode(
  name: string,
  script: string,
  env: Record<string, string>,
  readyLine: string,
): Promise<RunningProcess> {
  const child = spawn(NODE, [resolve(TEST_ROOT, script)], {
    cwd: TEST_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready:\n${output.join('\n')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        output.push(line);
        if (line.includes(readyLine)) {
          clearTimeout(timer);
          resolveReady({ name, child, output });
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output.join('\n')}`));
    });
  });
}

export interface RunningSystem {
  url: string;
  /** One URL per API process (the first is `url`). */
  urls: string[];
  api: RunningProcess;
  workers: RunningProcess[];
  /**
   * Stops the API process at `index` of `urls` (SIGTERM, or SIGKILL for a crash) and starts a new
   * one on the same port; answers once it listens.
   */
  restartApi(index: number, signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  stop(): Promise<void>;
}

function stopProcess({ child }: RunningProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** The compiled API and workers as separate processes, on the test database, chains and a Redis prefix. */
export async function startSystem(options: {
  prefix: string;
  port: number;
  workers: number;
  /** API processes on consecutive ports from `port` (default 1). */
  apis?: number;
  env?: Record<string, string>;
}): Promise<RunningSystem> {
  const env = testEnv(options.prefix, options.env);
  const ports = Array.from({ length: options.apis ?? 1 }, (_, i) => options.port + i);
  // The first API migrates the database; the others start once it is up. A process that does not
  // start stops those started before it: none is left listening for the next file.
  const started: RunningProcess[] = [];
  const start = async (name: string, main: string, processEnv: Record<string, string>, ready: string) => {
    const child = await startNode(name, main, processEnv, ready);
    started.push(child);
    return child;
  };
  const apis: RunningProcess[] = [];
  const workers: RunningProcess[] = [];
  try {
    for (const [i, port] of ports.entries())
      apis.push(
        await start(
          `api-${i + 1}`,
          'backend/dist/main.js',
          { ...env, PORT: String(port) },
          'Nexus API listening',
        ),
      );
    // Every worker settled before a failure stops them: none still starting is left behind.
    const results = await Promise.allSettled(
      Array.from({ length: options.workers }, (_, i) =>
        start(`worker-${i + 1}`, 'workers/dist/main.js', env, 'ready'),
      ),
    );
    for (const result of results) {
      if (result.status === 'rejected') throw result.reason;
      workers.push(result.value);
    }
  } catch (error) {
    await Promise.all(started.map((p) => stopProcess(p)));
    throw error;
  }
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  return {
    url: urls[0]!,
    urls,
    api: apis[0]!,
    workers,
    async restartApi(index, signal = 'SIGTERM') {
      const old = apis[index]!;
      await stopProcess(old, signal);
      apis[index] = await startNode(
        old.name,
        'backend/dist/main.js',
        { ...env, PORT: String(ports[index]) },
        'Nexus API listening',
      );
    },
    async stop() {
      await Promise.all([...apis, ...workers].map((p) => stopProcess(p)));
    },
  };
}

/** What POST /api/nfts is asked: a collection or a wallet on a network. */
export interface NftsRequest {
  address: string;
  network: string;
  searchType: 'collection' | 'wallet';
  forceRefresh?: boolean;
}

/** POST /api/nfts once, as a browser sends it; the answer as it comes (202 while a scan runs on). */
export function postNfts(
  url: string,
  request: NftsRequest,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${url}/api/nfts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(request),
  });
}

/** A browser's Socket.IO connection to an API (websocket only), once connected. */
export async function connectSocket(
  url: string,
): Promise<Socket<ServerToClientEvents, ClientToServerEvents>> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}
