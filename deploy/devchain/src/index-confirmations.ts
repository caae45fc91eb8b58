import type { DevchainManifest, DevchainNetwork, Network } from './manifest.js';

/** Blocks the transfer index keeps below a dev chain's head (INDEX_CONFIRMATIONS_<NETWORK>'s default there). */
export const DEV_INDEX_CONFIRMATIONS = 2;

/** INDEX_CONFIRMATIONS_<NETWORK> as the API reads it, or the dev chains' default. */
export function indexConfirmations(network: Network, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[`INDEX_CONFIRMATIONS_${network.toUpperCase()}`]?.trim();
  if (raw && /^\d{1,5}$/.test(raw)) return Number(raw);
  return DEV_INDEX_CONFIRMATIONS;
}

async function mine(url: string, blocks: number): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_mine',
      params: [`0x${blocks.toString(16)}`],
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { error?: { message?: string } };
  if (!response.ok || body.error) {
    throw new Error(`anvil_mine on ${url} failed: ${body.error?.message ?? `HTTP ${response.status}`}`);
  }
}

/**
 * Mines as many empty blocks on each local chain as the transfer index stays behind its head.
 *
 * A dev chain mines a block only for a transaction, and Nexus sends none: the index, which reads
 * a block once INDEX_CONFIRMATIONS blocks are on top of it, would never read the last blocks of the
 * seeding (Nexus Wilds on ethereum, Nexus Polygon Passes on polygon), and the collection search
 * would not find those contracts by name. External nodes are left alone. Answers the blocks mined
 * per network.
 */
export async function mineIndexConfirmations(
  manifest: Pick<DevchainManifest, 'networks'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Partial<Record<Network, number>>> {
  const mined: Partial<Record<Network, number>> = {};
  await Promise.all(
    (Object.entries(manifest.networks) as Array<[Network, DevchainNetwork]>).map(async ([network, node]) => {
      if (node.origin === 'external') return;
      const blocks = indexConfirmations(network, env);
      if (blocks === 0) return;
      // The node itself: a public node's front may refuse or throttle anvil's methods.
      await mine(node.nodeUrl ?? node.rpcUrl, blocks);
      mined[network] = blocks;
    }),
  );
  return mined;
}
