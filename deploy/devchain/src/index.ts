import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probeChainId, startAnvil, type AnvilNode } from './anvil.process.js';
import { inspectNetwork, seedNetwork } from './chain.seeder.js';
import { ensGatewayUrl, manifestEns } from './ens.plan.js';
import { ensureEns } from './ens.seeder.js';
import { IpfsGateway, probePath } from './ipfs-gateway.server.js';
import type { DevchainManifest, DevchainNetwork } from './manifest.js';
import {
  DEFAULT_PORTS,
  DEVCHAIN_CHAIN_IDS,
  DEVCHAIN_NETWORKS,
  MULTICALL3_ADDRESS,
  PUBLIC_NODE_NETWORK,
  type DevchainPorts,
  type Network,
} from './networks.config.js';
import { providerLimits, type ProviderName } from './provider-profiles.js';
import { PublicNodeProxy, type PublicNodeLimits } from './public-node.proxy.js';
import { buildNetworkPlan, manifestCollection, manifestWallets, type NetworkPlan } from './seed.plan.js';
import { compileContracts } from './solidity.compiler.js';
import { worldShape, type WorldScale } from './world.config.js';
import { MessyMetadataServer } from './messy-metadata.server.js';
import { ensureWilds, WILDS_NETWORK } from './wilds.seeder.js';

export type { DevchainEns, DevchainEnsName, DevchainManifest } from './manifest.js';
export { readManifest } from './manifest.js';
export { minedReceipt } from './mined-receipt.js';
export {
  DEFAULT_PORTS,
  DEVCHAIN_CHAIN_IDS,
  DEVCHAIN_NETWORKS,
  ENS_DEPLOYER,
  MULTICALL3_ADDRESS,
} from './networks.config.js';
export type { DevchainPorts, Network } from './networks.config.js';
export { PublicNodeProxy, DEFAULT_PUBLIC_NODE_LIMITS, type PublicNodeLimits } from './public-node.proxy.js';
export {
  parseProviderName,
  PROVIDER_NAMES,
  PROVIDER_PROFILES,
  providerLimits,
  type ProviderName,
  type ProviderProfile,
} from './provider-profiles.js';
export { parseWorldScale, WORLD_SHAPES, type WorldScale } from './world.config.js';
export { MESSY_SHARES, MessyMetadataServer, messyKindOf, type MessyKind } from './messy-metadata.server.js';

export interface StartDevchainOptions {
  /** State directory, e.g. `<repo>/.nexus`: holds devchain.json and the compiled artifacts. */
  dir: string;
  /** Defaults 8545, 8546, 8547 and gateway 8580. */
  ports?: Partial<DevchainPorts>;
  /** A network with a URL here uses that node as is: nothing is started or seeded there. */
  rpcUrls?: Partial<Record<Network, string>>;
  log?: (line: string) => void;
  /** Compiled-contract cache (default `<dir>/artifacts`); tests share one across temp state dirs. */
  artifactsDir?: string;
  /** The dev world at the next scale (default off: the chains of the test suite). */
  world?: WorldScale;
  /** Limits of the public-node front (dev world): defaults 2,000 blocks per log query, 25 requests/s. */
  publicNode?: Partial<PublicNodeLimits>;
  /**
   * A real provider's limits and answers for that front (provider-profiles.ts); `publicNode`'s
   * numbers still override its own. Default: Nexus' own front.
   */
  publicNodeProvider?: ProviderName | null;
}

export interface Devchain {
  manifest: DevchainManifest;
  manifestPath: string;
  /** Stops what this call started (anvils, gateway); nodes it reused keep running. */
  stop(): Promise<void>;
}

interface NodeChoice {
  network: Network;
  rpcUrl: string;
  origin: DevchainNetwork['origin'];
  chainId: number;
  anvil?: AnvilNode;
}

async function chooseNode(
  network: Network,
  port: number,
  rpcUrl: string | undefined,
  log: (line: string) => void,
  genesisBlock?: bigint,
): Promise<NodeChoice> {
  const wanted = DEVCHAIN_CHAIN_IDS[network];
  if (rpcUrl) {
    const chainId = await probeChainId(rpcUrl, 5_000);
    if (chainId === null) log(`${network}: ${rpcUrl} did not answer eth_chainId; assuming chain ${wanted}`);
    return { network, rpcUrl, origin: 'external', chainId: chainId ?? wanted };
  }
  const url = `http://127.0.0.1:${port}`;
  const running = await probeChainId(url);
  if (running !== null) {
    if (running !== wanted) {
      throw new Error(
        `${network}: port ${port} answers chain id ${running}, expected ${wanted}; stop that node or choose another port`,
      );
    }
    return { network, rpcUrl: url, origin: 'reused', chainId: wanted };
  }
  const anvil = await startAnvil({ port, chainId: wanted, log, ...(genesisBlock ? { genesisBlock } : {}) });
  return { network, rpcUrl: url, origin: 'started', chainId: wanted, anvil };
}

async function startGateway(
  port: number,
  plans: NetworkPlan[],
  log: (line: string) => void,
): Promise<IpfsGateway | null> {
  const gateway = new IpfsGateway();
  for (const plan of plans) for (const collection of plan.collections) gateway.register(collection);
  const ens = plans.find((plan) => plan.ens)?.ens;
  if (ens) gateway.registerEns(ens);
  try {
    await gateway.listen(port);
    log(`ipfs gateway on http://127.0.0.1:${port}/ipfs/`);
    return gateway;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  }
  // Something holds the port: reuse it if it is a gateway serving the same content.
  const collections = plans.flatMap((plan) => plan.collections);
  const answers = await Promise.all(
    collections.map((collection) =>
      fetch(`http://127.0.0.1:${port}${probePath(collection)}`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.ok)
        .catch(() => false),
    ),
  );
  if (answers.every(Boolean)) {
    log(`ipfs gateway already running on port ${port}: reusing it`);
    return null;
  }
  throw new Error(`gateway port ${port} is taken by something that does not serve the dev collections`);
}

async function writeManifest(path: string, manifest: DevchainManifest): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary, path);
}

/**
 * Local EVM chains for ethereum, polygon and cronos with demo collections, plus the IPFS-style
 * gateway for their metadata. Idempotent: nodes already running with the complete seed are reused
 * as they are, so a second start costs a few requests.
 */
export async function startDevchain(options: StartDevchainOptions): Promise<Devchain> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const ports: DevchainPorts = { ...DEFAULT_PORTS, ...options.ports };
  await mkdir(options.dir, { recursive: true });

  const world = options.world ?? 'off';
  const shape = worldShape(world);
  const choices: NodeChoice[] = [];
  let gateway: IpfsGateway | null = null;
  let front: PublicNodeProxy | null = null;
  let messy: MessyMetadataServer | null = null;
  const stopStarted = async (): Promise<void> => {
    await front?.close();
    await messy?.close();
    await gateway?.close();
    await Promise.all(choices.map((choice) => choice.anvil?.stop()));
  };

  try {
    // Nodes first, compiler second: solc-js blocks the event loop for seconds, which would time
    // out the probes that tell a running node from a free port.
    const settled = await Promise.allSettled(
      DEVCHAIN_NETWORKS.map((network) =>
        chooseNode(
          network,
          ports[network],
          options.rpcUrls?.[network],
          log,
          shape && network === PUBLIC_NODE_NETWORK ? shape.cronosGenesisBlock : undefined,
        ),
      ),
    );
    for (const result of settled) if (result.status === 'fulfilled') choices.push(result.value);
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;

    const artifacts = await compileContracts({
      artifactsDir: options.artifactsDir ?? join(options.dir, 'artifacts'),
      log,
    });
    if (artifacts.fromCache) log(`contracts from cache ${artifacts.key}`);

    const local = choices.filter((choice) => choice.origin !== 'external');
    const plans = local.map((choice) =>
      buildNetworkPlan(choice.network, log, world, ensGatewayUrl(ports.gateway)),
    );

    await Promise.all(
      local.map(async (choice, index) => {
        const plan = plans[index]!;
        const fresh = choice.origin !== 'reused';
        // ENS comes from its own deployer: seeded alongside the collections, checked on its own,
        // and added to a running node seeded before ENS existed.
        const ensPlan = plan.ens;
        const ens = (): Promise<void> =>
          ensPlan ? ensureEns(plan, ensPlan, choice.rpcUrl, artifacts, { fresh, log }) : Promise.resolve();
        if (!fresh) {
          const state = await inspectNetwork(plan, choice.rpcUrl, artifacts);
          if (state.state === 'complete') {
            await ens();
            log(`${choice.network}: reusing the running node at ${choice.rpcUrl}`);
            return;
          }
          if (state.state === 'mismatch') {
            throw new Error(
              `${choice.network}: the node at ${choice.rpcUrl} holds something else (${state.reason}); ` +
                'stop it or choose other ports',
            );
          }
        }
        const spread = shape && choice.network === PUBLIC_NODE_NETWORK ? shape.cronosSpreadBlocks : 0;
        await Promise.all([seedNetwork(plan, choice.rpcUrl, artifacts, log, spread), ens()]);
      }),
    );

    gateway = await startGateway(ports.gateway, plans, log);

    // The dev world's public node: cronos through a front that enforces a public node's limits.
    const limited = shape ? choices.find((choice) => choice.network === PUBLIC_NODE_NETWORK) : undefined;
    if (limited && limited.origin !== 'external') {
      const provider = options.publicNodeProvider ?? null;
      const limits = provider
        ? providerLimits(provider, options.publicNode ?? {})
        : (options.publicNode ?? {});
      front = await PublicNodeProxy.start(limited.rpcUrl, limits, ports.publicNode ?? 0);
      log(
        `${limited.network}: public node${provider ? ` as ${provider}` : ''} on ${front.url} ` +
          `(${front.limits.maxLogRange ?? 'any number of'} blocks per log query, ` +
          `${front.limits.requestsPerSecond} requests/s) in front of ${limited.rpcUrl}`,
      );
    }

    // Nexus Wilds: mainnet's metadata mess on hosts of its own, its token URIs spread over them.
    const wildsNode = shape?.wildsTokens
      ? local.find((choice) => choice.network === WILDS_NETWORK && choice.origin !== 'external')
      : undefined;
    let messyMetadata: DevchainManifest['messyMetadata'];
    if (shape && wildsNode) {
      const hosts = { firstPort: ports.messyMetadata ?? ports.gateway + 20 };
      try {
        messy = await MessyMetadataServer.start(hosts);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        log(`messy metadata hosts already running from port ${hosts.firstPort}: reusing them`);
      }
      const served = messy ?? MessyMetadataServer.describe(hosts);
      const wildsStarted = Date.now();
      const address = await ensureWilds({
        rpcUrl: wildsNode.rpcUrl,
        chainId: wildsNode.chainId,
        artifacts,
        messy: served,
        count: shape.wildsTokens,
        log,
      });
      log(`Nexus Wilds ready in ${Date.now() - wildsStarted} ms (hosts from port ${hosts.firstPort})`);
      messyMetadata = {
        allowedHosts: served.allowedHosts,
        ipfsGateways: served.ipfsGateways,
        wilds: { network: WILDS_NETWORK, address, tokens: shape.wildsTokens },
      };
    }

    const networks = Object.fromEntries(
      choices.map((choice): [Network, DevchainNetwork] => {
        const plan = plans.find((candidate) => candidate.network === choice.network);
        return [
          choice.network,
          {
            chainId: choice.chainId,
            rpcUrl: front && choice === limited ? front.url : choice.rpcUrl,
            seeded: plan !== undefined,
            origin: choice.origin,
            ...(plan ? { deployer: plan.deployer } : {}),
            ...(front && choice === limited
              ? {
                  nodeUrl: choice.rpcUrl,
                  publicNode: {
                    maxLogRange: front.limits.maxLogRange,
                    requestsPerSecond: front.limits.requestsPerSecond,
                    ...(options.publicNodeProvider ? { provider: options.publicNodeProvider } : {}),
                  },
                  ...(shape ? { genesisBlock: Number(shape.cronosGenesisBlock) } : {}),
                }
              : {}),
          },
        ];
      }),
    ) as Record<Network, DevchainNetwork>;
    const manifest: DevchainManifest = {
      version: 1,
      networks,
      ipfsGateway: `http://127.0.0.1:${ports.gateway}/ipfs/`,
      multicall3: MULTICALL3_ADDRESS,
      collections: plans.flatMap((plan) => plan.collections.map(manifestCollection)),
      wallets: plans.flatMap(manifestWallets),
    };
    const ens = plans.find((plan) => plan.ens)?.ens;
    if (ens) manifest.ens = manifestEns(ens);
    if (messyMetadata) manifest.messyMetadata = messyMetadata;
    const manifestPath = join(options.dir, 'devchain.json');
    await writeManifest(manifestPath, manifest);
    log(`devchain ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    let stopped = false;
    return {
      manifest,
      manifestPath,
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopStarted();
      },
    };
  } catch (error) {
    await stopStarted();
    throw error;
  }
}
