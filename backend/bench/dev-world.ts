import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { DevchainManifest } from '../../deploy/devchain/src/manifest.js';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface DevWorld {
  manifest: DevchainManifest;
  stop(): Promise<void>;
}

/**
 * The dev chains and their gateway in a process of their own (the devchain CLI), as `npm start`
 * runs them, with the bench's own state directory, ports and world (`env`, over the shell's).
 * Resolves once the CLI prints its manifest.
 */
export async function startDevWorld(stateDir: string, env: NodeJS.ProcessEnv): Promise<DevWorld> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NEXUS_STATE_DIR: resolve(root, '.nexus', stateDir),
    ...env,
  };
  // A network the bench leaves to the shell is left out only when the bench says so: our own chains otherwise.
  for (const name of ['ETHEREUM_RPC_URL', 'POLYGON_RPC_URL', 'CRONOS_RPC_URL']) {
    if (!(name in env)) delete childEnv[name];
  }
  const child = spawn(process.execPath, [...process.execArgv, resolve(root, 'deploy/devchain/src/cli.ts')], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  for await (const line of createInterface({ input: child.stdout! })) {
    const ready = /^devchain ready (.+)$/.exec(line);
    if (ready) {
      const manifest = JSON.parse(await readFile(ready[1]!, 'utf8')) as DevchainManifest;
      child.stdout!.resume(); // keep draining what it prints later
      return { manifest, stop };
    }
  }
  throw new Error(`the dev chains exited with ${String(await exited)} before they were ready`);
}
