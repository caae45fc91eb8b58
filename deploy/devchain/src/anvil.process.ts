import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ANVIL_MNEMONIC, BLOCK_GAS_LIMIT } from './networks.config.js';

const require = createRequire(import.meta.url);

/**
 * The anvil binary of the npm package `@foundry-rs/anvil-<os>-<arch>`, run directly rather than
 * through the package's node wrapper so that stopping it stops the node itself. ANVIL_BIN
 * overrides it.
 */
export function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const os = process.platform === 'win32' ? 'win32' : process.platform;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const packageName = `@foundry-rs/anvil-${os}-${arch}`;
  try {
    const binary = join(
      dirname(require.resolve(`${packageName}/package.json`)),
      'bin',
      os === 'win32' ? 'anvil.exe' : 'anvil',
    );
    if (existsSync(binary)) return binary;
  } catch {
    // Fall through to PATH.
  }
  return 'anvil';
}

/** eth_chainId of whatever answers at `url`, or null when nothing answers JSON-RPC there. */
export async function probeChainId(url: string, timeoutMs = 1_500): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: string };
    return typeof body.result === 'string' ? Number(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

/** Anvils of this process, killed synchronously if the process exits without stopping them. */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function track(child: ChildProcess): void {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const live of liveChildren) live.kill('SIGKILL');
  });
}

export interface AnvilNode {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startAnvil(options: {
  port: number;
  chainId: number;
  log?: (line: string) => void;
  /**
   * Number of the genesis block: the chain starts there, as if the blocks before it were empty
   * history (anvil mines a few hundred empty blocks a second: a million would take an hour).
   */
  genesisBlock?: bigint;
}): Promise<AnvilNode> {
  const url = `http://127.0.0.1:${options.port}`;
  const genesis: string[] = [];
  if (options.genesisBlock) {
    const path = join(tmpdir(), `nexus-genesis-${options.chainId}-${options.genesisBlock}.json`);
    writeFileSync(
      path,
      JSON.stringify({
        config: { chainId: options.chainId },
        nonce: '0x0',
        timestamp: '0x0',
        extraData: '0x',
        gasLimit: `0x${BLOCK_GAS_LIMIT.toString(16)}`,
        difficulty: '0x0',
        mixHash: `0x${'0'.repeat(64)}`,
        coinbase: `0x${'0'.repeat(40)}`,
        number: `0x${options.genesisBlock.toString(16)}`,
        alloc: {},
      }),
    );
    genesis.push('--init', path);
  }
  const args = [
    ...genesis,
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--chain-id',
    String(options.chainId),
    '--mnemonic',
    ANVIL_MNEMONIC,
    '--accounts',
    '10',
    '--gas-limit',
    BLOCK_GAS_LIMIT.toString(),
    '--silent',
  ];
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  track(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  const deadline = Date.now() + 15_000;
  for (;;) {
    const failed = await Promise.race([
      spawnError,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 40)),
    ]);
    if (failed) throw new Error(`cannot start anvil (${anvilBinary()}): ${failed.message}`);
    if (exited) {
      throw new Error(
        `anvil on port ${options.port} exited at start (${JSON.stringify(exited)}): ${stderr.trim()}`,
      );
    }
    if ((await probeChainId(url, 500)) === options.chainId) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil on port ${options.port} did not answer within 15 s: ${stderr.trim()}`);
    }
  }
  options.log?.(`anvil chain ${options.chainId} started on ${url} (pid ${child.pid})`);

  return {
    url,
    pid: child.pid!,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
