import { CHAIN_IDS, ENABLED_NETWORKS, type Network } from '@nexus/contract';
import type { DevchainManifest } from './devchain-manifest.js';
import type { EnvReader } from './env-reader.js';
import { parseRpcUrls } from './rpc-urls.js';

export interface ChainConfig {
  chainId: number;
  /** The first of `rpcUrls`. */
  rpcUrl: string;
  /** Every node of the network (`<NETWORK>_RPC_URL=url1,url2,…`): requests go to the healthiest, fastest. */
  rpcUrls: string[];
  /** True when the URL comes from the local dev-chain manifest rather than configuration. */
  devchain: boolean;
  /** Widest eth_getLogs block range the node allows, when known (otherwise learnt from its refusals). */
  maxLogRange: number | null;
  /** Requests per second the node allows (a public node's budget); null: no limit to obey. */
  requestsPerSecond: number | null;
}

/** The transfer index of one network (issue 13 §4). */
export interface TransferIndexSettings {
  /** First block indexed: INDEX_FROM_BLOCK_<NETWORK> (genesis on dev chains). */
  fromBlock: bigint;
  /** Blocks on top of a block before it is indexed: INDEX_CONFIRMATIONS_<NETWORK>. */
  confirmations: number;
}

/**
 * A collection's transfers read on demand where its network's index is off (issue 24 §5): from
 * the contract's deployment when it is first scanned, then at the head while visitors look at it.
 */
export interface TransferHistorySettings {
  /** Blocks on top of a block before it is read: INDEX_CONFIRMATIONS_<NETWORK>. */
  confirmations: number;
}

/** The networks' nodes and their transfer index. */
export interface ChainSettings {
  alchemyApiKey: string | null;
  alchemyBaseUrl: string | null;
  chains: Record<Network, ChainConfig>;
  /** Networks whose transfers are indexed; a network absent here is read from its node only. */
  transferIndex: Partial<Record<Network, TransferIndexSettings>>;
  /** Networks whose collections' histories are read on demand (index off; INDEX_HISTORY=off: none). */
  transferHistory: Partial<Record<Network, TransferHistorySettings>>;
  /** How often each indexed network's pass is scheduled. */
  indexIntervalMs: number;
}

/** Confirmations before a block is indexed on the real networks (deep enough for their usual reorganisations). */
const DEFAULT_CONFIRMATIONS: Record<Network, number> = { ethereum: 12, polygon: 128, cronos: 12 };

/**
 * Each network's nodes: `<NETWORK>_RPC_URL`, else the dev-chain manifest's node (a problem when
 * neither is there), with the node's limits (`<NETWORK>_RPC_MAX_LOG_RANGE`,
 * `<NETWORK>_RPC_REQUESTS_PER_SECOND`).
 */
function parseChains(
  reader: EnvReader,
  manifest: DevchainManifest | null,
  manifestPath: string,
): Record<Network, ChainConfig> {
  const { env } = reader;
  const chains = {} as Record<Network, ChainConfig>;
  for (const network of ENABLED_NETWORKS) {
    const name = `${network.toUpperCase()}_RPC_URL`;
    const parsed = env[name]?.trim() ? parseRpcUrls(name, env[name]) : null;
    for (const problem of parsed?.problems ?? []) reader.problem(problem);
    const configured = parsed && parsed.problems.length === 0 ? parsed.urls : null;
    const fromManifest = manifest?.networks?.[network];
    const prefix = network.toUpperCase();
    const limits = {
      maxLogRange: env[`${prefix}_RPC_MAX_LOG_RANGE`]
        ? reader.int(`${prefix}_RPC_MAX_LOG_RANGE`, 0, 1, 100_000_000)
        : null,
      requestsPerSecond: env[`${prefix}_RPC_REQUESTS_PER_SECOND`]
        ? reader.int(`${prefix}_RPC_REQUESTS_PER_SECOND`, 0, 1, 100_000)
        : null,
    };
    if (configured) {
      chains[network] = {
        chainId: CHAIN_IDS[network],
        rpcUrl: configured[0],
        rpcUrls: configured,
        devchain: false,
        ...limits,
      };
    } else if (parsed) {
      // Refused above.
    } else if (fromManifest) {
      chains[network] = {
        chainId: fromManifest.chainId,
        rpcUrl: fromManifest.rpcUrl,
        rpcUrls: [fromManifest.rpcUrl],
        devchain: true,
        maxLogRange: limits.maxLogRange ?? fromManifest.publicNode?.maxLogRange ?? null,
        requestsPerSecond: limits.requestsPerSecond ?? fromManifest.publicNode?.requestsPerSecond ?? null,
      };
    } else {
      reader.problem(
        `${name} is not set and no dev-chain manifest was found at ${manifestPath} (run "npm run devchain" or set ${name})`,
      );
    }
  }
  return chains;
}

/**
 * The transfer index: on by default on dev chains (from genesis), off on real networks unless a
 * start block is configured.
 */
/** Blocks on top of a block before the index or a history reads it. */
function confirmationsOf(reader: EnvReader, network: Network, devchain: boolean): number {
  return reader.int(
    `INDEX_CONFIRMATIONS_${network.toUpperCase()}`,
    devchain ? 2 : DEFAULT_CONFIRMATIONS[network],
    0,
    10_000,
  );
}

function parseTransferIndex(
  reader: EnvReader,
  chains: Record<Network, ChainConfig>,
): Partial<Record<Network, TransferIndexSettings>> {
  const transferIndex: Partial<Record<Network, TransferIndexSettings>> = {};
  for (const network of ENABLED_NETWORKS) {
    const prefix = network.toUpperCase();
    const name = `INDEX_FROM_BLOCK_${prefix}`;
    const raw = reader.env[name]?.trim();
    const devchain = chains[network]?.devchain ?? false;
    let fromBlock: bigint | null = devchain ? 0n : null;
    if (raw === 'off') fromBlock = null;
    else if (raw !== undefined && raw !== '') {
      if (/^\d{1,12}$/.test(raw)) fromBlock = BigInt(raw);
      else reader.problem(`${name} must be a block number or "off" (got "${raw}")`);
    }
    if (fromBlock === null) continue;
    transferIndex[network] = { fromBlock, confirmations: confirmationsOf(reader, network, devchain) };
  }
  return transferIndex;
}

/** Every network with a node and no index reads its collections' histories on demand, unless INDEX_HISTORY=off. */
function parseTransferHistory(
  reader: EnvReader,
  chains: Record<Network, ChainConfig>,
  transferIndex: Partial<Record<Network, TransferIndexSettings>>,
): Partial<Record<Network, TransferHistorySettings>> {
  const history: Partial<Record<Network, TransferHistorySettings>> = {};
  const raw = reader.env.INDEX_HISTORY?.trim() || 'on';
  if (raw !== 'on' && raw !== 'off') reader.problem(`INDEX_HISTORY must be "on" or "off" (got "${raw}")`);
  if (raw !== 'on') return history;
  for (const network of ENABLED_NETWORKS) {
    const chain = chains[network];
    if (!chain || transferIndex[network]) continue;
    history[network] = { confirmations: confirmationsOf(reader, network, chain.devchain) };
  }
  return history;
}

export function parseChainSettings(
  reader: EnvReader,
  manifest: DevchainManifest | null,
  manifestPath: string,
): ChainSettings {
  const chains = parseChains(reader, manifest, manifestPath);
  const transferIndex = parseTransferIndex(reader, chains);
  return {
    alchemyApiKey: reader.env.ALCHEMY_API_KEY || null,
    alchemyBaseUrl: reader.url('ALCHEMY_BASE_URL', null, ['http:', 'https:']),
    chains,
    transferIndex,
    transferHistory: parseTransferHistory(reader, chains, transferIndex),
    indexIntervalMs: reader.int('INDEX_INTERVAL_MS', 5_000, 200, 3_600_000),
  };
}
