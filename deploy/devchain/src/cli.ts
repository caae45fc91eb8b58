import { resolve } from 'node:path';
import { startDevchain } from './index.js';
import { parseWorldScale } from './world.config.js';
import { parseProviderName } from './provider-profiles.js';
import { DEFAULT_PORTS, DEVCHAIN_NETWORKS, type DevchainPorts, type Network } from './networks.config.js';
import { defaultStateDir } from './paths.util.js';
import { indexConfirmations, mineIndexConfirmations } from './index-confirmations.js';
import { startTransferTrickle } from './transfer-trickle.js';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new Error(`${name} must be a port number (1-65535), got "${raw}"`);
  }
  return value;
}

async function main(): Promise<void> {
  const ports: DevchainPorts = {
    ethereum: port('DEVCHAIN_ETHEREUM_PORT', DEFAULT_PORTS.ethereum),
    polygon: port('DEVCHAIN_POLYGON_PORT', DEFAULT_PORTS.polygon),
    cronos: port('DEVCHAIN_CRONOS_PORT', DEFAULT_PORTS.cronos),
    gateway: port('DEVCHAIN_GATEWAY_PORT', DEFAULT_PORTS.gateway),
    publicNode: port('DEVCHAIN_PUBLIC_NODE_PORT', DEFAULT_PORTS.publicNode!),
  };
  // Nexus Wilds' messy metadata hosts: 12 ports from here (default: the gateway's + 20).
  if (process.env.DEVCHAIN_MESSY_METADATA_PORT)
    ports.messyMetadata = port('DEVCHAIN_MESSY_METADATA_PORT', ports.gateway + 20);
  // The dev world at the next scale unless the machine is small (NEXUS_DEVWORLD_SCALE=off).
  const world = parseWorldScale(process.env.NEXUS_DEVWORLD_SCALE, 'full');
  const limit = (name: string): number | undefined => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a positive whole number, got "${raw}"`);
    return value;
  };
  // A real provider's limits and answers for cronos' public node (default: Nexus' own front).
  const provider = parseProviderName(process.env.NEXUS_DEVWORLD_PROVIDER);
  const maxLogRange = limit('PUBLIC_NODE_MAX_LOG_RANGE');
  const requestsPerSecond = limit('PUBLIC_NODE_REQUESTS_PER_SECOND');
  const rpcUrls: Partial<Record<Network, string>> = {};
  for (const network of DEVCHAIN_NETWORKS) {
    const url = process.env[`${network.toUpperCase()}_RPC_URL`];
    if (url) rpcUrls[network] = url;
  }
  const dir = process.env.NEXUS_STATE_DIR ? resolve(process.env.NEXUS_STATE_DIR) : defaultStateDir();
  const log = (line: string): void => console.log(`[devchain] ${line}`);

  const devchain = await startDevchain({
    dir,
    ports,
    rpcUrls,
    log,
    world,
    publicNodeProvider: provider,
    publicNode: {
      ...(maxLogRange ? { maxLogRange } : {}),
      ...(requestsPerSecond ? { requestsPerSecond } : {}),
    },
  });
  // The transfer index reads a block once its confirmations are on top: the seeding's last blocks too.
  const mined = await mineIndexConfirmations(devchain.manifest);
  if (Object.keys(mined).length > 0) {
    const list = Object.entries(mined).map(([network, blocks]) => `${network} ${blocks}`);
    log(`mined the transfer index's confirmations on top of the seeding (${list.join(', ')})`);
  }
  console.log(`devchain ready ${devchain.manifestPath}`);
  // Transfers on one demo collection every 10-20 s, so that open pages move (NEXUS_DEVWORLD_TRICKLE=off:
  // none). Only `npm start`'s chains: the tests' chains come from startDevchain and never see it.
  const trickle =
    process.env.NEXUS_DEVWORLD_TRICKLE === 'off'
      ? null
      : startTransferTrickle(devchain.manifest, {
          log,
          confirmations: (network) => indexConfirmations(network),
        });
  if (trickle) {
    log(`trickle: a transfer of ${trickle.collection.name} #${trickle.tokenId} every 10-20 s`);
  }

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    trickle?.stop();
    log(`${signal}: stopping`);
    devchain.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // Everything may have been reused (nothing of ours keeps the event loop busy): wait for a signal.
  setInterval(() => undefined, 1 << 30);
}

main().catch((error: unknown) => {
  console.error(`[devchain] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
