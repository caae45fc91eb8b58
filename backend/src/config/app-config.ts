import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CHAIN_IDS,
  ENABLED_NETWORKS,
  RATE_LIMIT_POLICIES,
  type Network,
  type RateLimitPolicy,
} from '@nexus/contract';
import {
  isBitcoinAddress,
  isEvmAddress,
  isSolanaAddress,
  NEXUS_DONATION_ADDRESSES,
} from './donation-address.js';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_SCAN_QUEUE_LIMITS,
  DEFAULT_SUSPICIOUS_IP_RULES,
  parseCountPerSeconds,
  type RateLimitRule,
  type ScanQueueLimits,
  type ThresholdRule,
} from './rate-limit-rules.js';
import { loadEnvFiles } from './env-files.js';
import { DEFAULT_MEDIA_LIMITS, MEGABYTE, type MediaLimits } from './media-limits.js';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits.js';
import { adminPasswordProblem } from './admin-password.js';
import { parseRpcUrls } from './rpc-urls.js';
import { LOG_LEVELS, type LogSettings } from '../logging/log-settings.js';

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

export interface S3Config {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

/** Every setting of the API and the workers, validated once at start (STYLE habit 3). */
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of every Redis key and Bull queue of this deployment (tests use their own). */
  redisPrefix: string;
  s3: S3Config | null;
  mediaDir: string;
  /** Image cache size, uploads budget per address, unreferenced uploads' lifetime. */
  mediaLimits: MediaLimits;
  /** Shared admin password; null: admin login is refused (never in production, where it is required). */
  adminPassword: string | null;
  /** How long an admin session lasts without use. */
  adminSessionTtlMs: number;
  /** How long an admin session lasts at most, however often it is used (ADMIN_SESSION_LIFETIME_MINUTES). */
  adminSessionLifetimeMs: number;
  /** Failed admin logins of all addresses together per window; then every login waits (ADMIN_LOGIN_FAILURE_BUDGET). */
  adminLoginFailureBudget: RateLimitRule;
  production: boolean;
  /** Express `trust proxy`: false takes the client address from the socket. */
  trustProxy: boolean | number | string;
  /** Origins besides the app's own that may send mutations (a dev server on another port). */
  allowedOrigins: string[];
  alchemyApiKey: string | null;
  alchemyBaseUrl: string | null;
  chains: Record<Network, ChainConfig>;
  /** Networks whose transfers are indexed; a network absent here is read from its node only. */
  transferIndex: Partial<Record<Network, TransferIndexSettings>>;
  /** How often each indexed network's pass is scheduled. */
  indexIntervalMs: number;
  ipfsGateways: string[];
  /** Hosts the metadata fetcher may reach although they are private (the dev gateway). */
  allowedMetadataHosts: string[];
  devchainManifest: string;
  /** ENS Universal Resolver on ethereum; null: mainnet's. */
  ensUniversalResolver: string | null;
  /**
   * Hosts an ENS offchain resolver's gateway (CCIP-Read) may be reached at although private: the
   * metadata hosts and the dev world's gateway.
   */
  ensGatewayAllowedHosts: string[];
  frontendDist: string | null;
  /** How long POST /api/nfts waits for a running scan before answering `pending`. */
  scanWaitMs: number;
  /** A cache read slower than this is a miss (answered from PostgreSQL). */
  cacheReadTimeoutMs: number;
  /** API requests of one client address in the works at once, the others waiting their turn (0: no limit). */
  clientTurns: number;
  /**
   * The largest collection POST /api/nfts answers whole (SPEC §7); a larger one is answered with its
   * first page and the page route (FULL_ANSWER_MAX_NFTS).
   */
  fullAnswerMaxNfts: number;
  /** Bull lock duration: a worker that dies loses its job to another after about this long. */
  jobLockMs: number;
  workerConcurrency: number;
  metadataConcurrency: number;
  /** A metadata or image host is not asked again after this many failures in a row… */
  metadataHostFailures: number;
  /** …until this long has passed (ms); then one request tries it again. */
  metadataHostRetryMs: number;
  /**
   * Budget of one metadata request during a scan (ms), without retries: a slower host's tokens are
   * listed without metadata and left to the metadata-retry job, which waits longer.
   */
  metadataScanTimeoutMs: number;
  /** Budget of one metadata request of the metadata-retry job (ms): slow hosts get their time there. */
  metadataRetryTimeoutMs: number;
  /** Pause before the metadata-retry job first asks a scan's unreachable hosts again (ms). */
  metadataRetryDelayMs: number;
  /** Votes counted per client address per submission per 24 h (the fingerprint is the browser's to choose). */
  votesPerIpPerSubmission: number;
  /** Key of the HMAC that stores voters' addresses; null: one generated once and kept in Redis. */
  voteIpHashKey: string | null;
  /** Per-address request budgets, by policy (RATE_LIMIT_<POLICY>=<requests>/<seconds>). */
  rateLimits: Record<RateLimitPolicy, RateLimitRule>;
  /** Scans queued or running at once: per client address, and in all (SCAN_QUEUE_PER_CLIENT, SCAN_QUEUE_TOTAL). */
  scanQueueLimits: ScanQueueLimits;
  /** Open connections and sockets per client address and in all; what one socket may do. */
  connectionLimits: ConnectionLimits;
  /** When an address is listed as suspicious (SUSPICIOUS_IP_BREACHES, SUSPICIOUS_IP_FAILED_LOGINS). */
  suspiciousIps: { rateLimitBreaches: ThresholdRule; failedLogins: ThresholdRule };
  donations: DonationAddresses;
  /** LOG_LEVEL and LOG_FORMAT: JSON lines in production, readable lines in development. */
  log: LogSettings;
  /** How long a stopping API or worker may take to finish its requests and jobs (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Where a worker writes its heartbeat for health probes (WORKER_HEARTBEAT_FILE); null: none. */
  workerHeartbeatFile: string | null;
}

/** Receiving addresses of the donations page (SPEC §2). */
/** Null: not configured (production never shows the development placeholders). */
export interface DonationAddresses {
  /** One address for ethereum, polygon and cronos. */
  evm: string | null;
  solana: string | null;
  bitcoin: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Confirmations before a block is indexed on the real networks (deep enough for their usual reorganisations). */
const DEFAULT_CONFIRMATIONS: Record<Network, number> = { ethereum: 12, polygon: 128, cronos: 12 };

/**
 * TRUST_PROXY as Express takes it: unset/false (socket address), true, a hop count, or addresses /
 * subnets / names like loopback (comma-separated).
 */
function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

interface ManifestShape {
  networks?: Partial<
    Record<
      Network,
      {
        chainId: number;
        rpcUrl: string;
        publicNode?: { maxLogRange: number; requestsPerSecond: number };
      }
    >
  >;
  ipfsGateway?: string;
  ens?: { universalResolver?: string; gateway?: string };
  /** The dev world's messy metadata hosts (Nexus Wilds): fetched from although they are local. */
  messyMetadata?: { allowedHosts?: string[]; ipfsGateways?: string[] };
}

function readManifest(path: string): ManifestShape | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ManifestShape;
  } catch {
    return null;
  }
}

/** Repository root, found from the working directory (npm scripts run there) or this file's place. */
export function repoRoot(): string {
  return process.env.NEXUS_ROOT ?? process.cwd();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const root = repoRoot();

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, fallback: string | null, protocols: string[]): string | null => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL (got "${raw}")`);
      return fallback;
    }
  };

  const devchainManifest = resolve(root, env.DEVCHAIN_MANIFEST || '.nexus/devchain.json');
  const manifest = readManifest(devchainManifest);

  const chains = {} as Record<Network, ChainConfig>;
  for (const network of ENABLED_NETWORKS) {
    const name = `${network.toUpperCase()}_RPC_URL`;
    const parsed = env[name]?.trim() ? parseRpcUrls(name, env[name]) : null;
    problems.push(...(parsed?.problems ?? []));
    const configured = parsed && parsed.problems.length === 0 ? parsed.urls : null;
    const fromManifest = manifest?.networks?.[network];
    const prefix = network.toUpperCase();
    const limits = {
      maxLogRange: env[`${prefix}_RPC_MAX_LOG_RANGE`]
        ? int(`${prefix}_RPC_MAX_LOG_RANGE`, 0, 1, 100_000_000)
        : null,
      requestsPerSecond: env[`${prefix}_RPC_REQUESTS_PER_SECOND`]
        ? int(`${prefix}_RPC_REQUESTS_PER_SECOND`, 0, 1, 100_000)
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
      problems.push(
        `${name} is not set and no dev-chain manifest was found at ${devchainManifest} (run "npm run devchain" or set ${name})`,
      );
    }
  }

  // The transfer index: on by default on dev chains (from genesis), off on real networks unless a
  // start block is configured.
  const transferIndex: Partial<Record<Network, TransferIndexSettings>> = {};
  for (const network of ENABLED_NETWORKS) {
    const prefix = network.toUpperCase();
    const name = `INDEX_FROM_BLOCK_${prefix}`;
    const raw = env[name]?.trim();
    const devchain = chains[network]?.devchain ?? false;
    let fromBlock: bigint | null = devchain ? 0n : null;
    if (raw === 'off') fromBlock = null;
    else if (raw !== undefined && raw !== '') {
      if (/^\d{1,12}$/.test(raw)) fromBlock = BigInt(raw);
      else problems.push(`${name} must be a block number or "off" (got "${raw}")`);
    }
    if (fromBlock === null) continue;
    transferIndex[network] = {
      fromBlock,
      confirmations: int(
        `INDEX_CONFIRMATIONS_${prefix}`,
        devchain ? 2 : DEFAULT_CONFIRMATIONS[network],
        0,
        10_000,
      ),
    };
  }

  const s3Endpoint = url('S3_ENDPOINT', null, ['http:', 'https:']);
  let s3: S3Config | null = null;
  if (s3Endpoint) {
    const missing = ['S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((n) => !env[n]);
    for (const n of missing) problems.push(`${n} is required when S3_ENDPOINT is set`);
    s3 = {
      endpoint: s3Endpoint,
      accessKey: env.S3_ACCESS_KEY ?? '',
      secretKey: env.S3_SECRET_KEY ?? '',
      bucket: env.S3_BUCKET || 'nexus-media',
    };
  }

  const gatewaysRaw = env.IPFS_GATEWAYS
    ? env.IPFS_GATEWAYS.split(',')
        .map((g) => g.trim())
        .filter(Boolean)
    : [
        manifest?.ipfsGateway,
        ...(manifest?.messyMetadata?.ipfsGateways ?? []),
        'https://ipfs.io/ipfs/',
        'https://cloudflare-ipfs.com/ipfs/',
      ].filter((g): g is string => Boolean(g));
  const ipfsGateways: string[] = [];
  for (const gateway of gatewaysRaw) {
    try {
      const parsed = new URL(gateway);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
      ipfsGateways.push(gateway.endsWith('/') ? gateway : `${gateway}/`);
    } catch {
      problems.push(`IPFS_GATEWAYS has an entry that is not an http(s) URL: "${gateway}"`);
    }
  }
  const allowedMetadataHosts = (env.METADATA_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (manifest?.ipfsGateway && !env.IPFS_GATEWAYS)
    allowedMetadataHosts.push(new URL(manifest.ipfsGateway).host);
  if (!env.METADATA_ALLOWED_HOSTS)
    allowedMetadataHosts.push(...(manifest?.messyMetadata?.allowedHosts ?? []));

  const production = env.NODE_ENV === 'production';
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword === null && production) {
    problems.push('ADMIN_PASSWORD is required in production (a long random secret)');
  } else if (adminPassword !== null) {
    const problem = adminPasswordProblem(adminPassword, production);
    if (problem !== null) problems.push(problem);
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const allowedOrigins: string[] = [];
  for (const origin of (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    try {
      allowedOrigins.push(new URL(origin).origin);
    } catch {
      problems.push(`ALLOWED_ORIGINS has an entry that is not an origin: "${origin}"`);
    }
  }

  const databaseUrl = url('DATABASE_URL', 'postgresql://postgres@127.0.0.1:5432/nexus', [
    'postgres:',
    'postgresql:',
  ])!;
  const redisUrl = url('REDIS_URL', 'redis://127.0.0.1:6379/0', ['redis:', 'rediss:'])!;

  const frontendDist = resolve(root, env.FRONTEND_DIST || 'frontend/dist');
  const voteIpHashKey = env.VOTE_IP_HASH_KEY || null;
  if (voteIpHashKey !== null && voteIpHashKey.length < 32)
    problems.push('VOTE_IP_HASH_KEY must be at least 32 characters (a long random secret)');

  const countPerSeconds = (
    name: string,
    fallback: { count: number; seconds: number },
    limits: { maxCount: number; maxSeconds: number },
  ): { count: number; seconds: number } => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = parseCountPerSeconds(raw, limits);
    if (parsed === null) {
      problems.push(
        `${name} must be <count>/<seconds> with a count from 1 to ${limits.maxCount} and seconds from 1 to ${limits.maxSeconds}, e.g. 120/60 (got "${raw}")`,
      );
      return fallback;
    }
    return parsed;
  };
  const rateLimits = {} as Record<RateLimitPolicy, RateLimitRule>;
  for (const policy of RATE_LIMIT_POLICIES) {
    const fallback = DEFAULT_RATE_LIMITS[policy];
    const { count, seconds } = countPerSeconds(
      `RATE_LIMIT_${policy.toUpperCase()}`,
      { count: fallback.points, seconds: fallback.durationS },
      { maxCount: 1_000_000_000, maxSeconds: 24 * 3600 },
    );
    rateLimits[policy] = { points: count, durationS: seconds };
  }
  const threshold = (name: string, fallback: ThresholdRule): ThresholdRule => {
    const { count, seconds } = countPerSeconds(
      name,
      { count: fallback.count, seconds: fallback.windowS },
      { maxCount: 1000, maxSeconds: 30 * 24 * 3600 },
    );
    return { count, windowS: seconds };
  };
  const adminLoginFailures = countPerSeconds(
    'ADMIN_LOGIN_FAILURE_BUDGET',
    { count: 50, seconds: 900 },
    { maxCount: 1_000_000, maxSeconds: 24 * 3600 },
  );
  const socketEvents = countPerSeconds(
    'SOCKET_EVENTS',
    {
      count: DEFAULT_CONNECTION_LIMITS.socketEvents.points,
      seconds: DEFAULT_CONNECTION_LIMITS.socketEvents.durationS,
    },
    { maxCount: 100_000, maxSeconds: 3600 },
  );
  const suspiciousIps = {
    rateLimitBreaches: threshold('SUSPICIOUS_IP_BREACHES', DEFAULT_SUSPICIOUS_IP_RULES.rateLimitBreaches),
    failedLogins: threshold('SUSPICIOUS_IP_FAILED_LOGINS', DEFAULT_SUSPICIOUS_IP_RULES.failedLogins),
  };

  // The built-in addresses only fill a development donations page; nobody holds their keys, so a
  // production deployment shows only the addresses it configures.
  const donationAddress = (
    name: string,
    fallback: string,
    valid: (text: string) => boolean,
    what: string,
  ): string | null => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return production ? null : fallback;
    if (!valid(raw)) problems.push(`${name} is not ${what} (got "${raw}")`);
    return raw;
  };
  const donations: DonationAddresses = {
    evm: donationAddress(
      'DONATION_EVM_ADDRESS',
      NEXUS_DONATION_ADDRESSES.evm,
      isEvmAddress,
      'an EVM address (0x and 40 hex digits, EIP-55 checksum if mixed case)',
    ),
    solana: donationAddress(
      'DONATION_SOLANA_ADDRESS',
      NEXUS_DONATION_ADDRESSES.solana,
      isSolanaAddress,
      'a Solana address (base58 of 32 bytes)',
    ),
    bitcoin: donationAddress(
      'DONATION_BITCOIN_ADDRESS',
      NEXUS_DONATION_ADDRESSES.bitcoin,
      isBitcoinAddress,
      'a Bitcoin mainnet address with a valid checksum (bc1…, 1… or 3…)',
    ),
  };

  const logLevel = (env.LOG_LEVEL || 'info') as LogSettings['level'];
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  const logFormat = (env.LOG_FORMAT || (production ? 'json' : 'pretty')) as LogSettings['format'];
  if (logFormat !== 'json' && logFormat !== 'pretty')
    problems.push(`LOG_FORMAT must be json or pretty (got "${env.LOG_FORMAT}")`);

  const config: AppConfig = {
    port: int('PORT', 3000, 1, 65535),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX || 'nexus',
    s3,
    mediaDir: resolve(root, env.MEDIA_DIR || '.nexus/media'),
    mediaLimits: {
      imageCacheMaxBytes:
        int('IMAGE_CACHE_MAX_MB', DEFAULT_MEDIA_LIMITS.imageCacheMaxBytes / MEGABYTE, 1, 1_048_576) *
        MEGABYTE,
      uploadBudgetBytes:
        int('UPLOAD_BUDGET_MB', DEFAULT_MEDIA_LIMITS.uploadBudgetBytes / MEGABYTE, 1, 100_000) * MEGABYTE,
      unreferencedUploadTtlMs:
        int(
          'UPLOAD_UNREFERENCED_MINUTES',
          DEFAULT_MEDIA_LIMITS.unreferencedUploadTtlMs / 60_000,
          1,
          7 * 24 * 60,
        ) * 60_000,
      uploadSweepIntervalMs:
        int(
          'UPLOAD_SWEEP_INTERVAL_SECONDS',
          DEFAULT_MEDIA_LIMITS.uploadSweepIntervalMs / 1000,
          1,
          24 * 3600,
        ) * 1000,
    },
    adminPassword,
    adminSessionTtlMs: int('ADMIN_SESSION_TTL_MINUTES', 12 * 60, 5, 30 * 24 * 60) * 60_000,
    adminSessionLifetimeMs: int('ADMIN_SESSION_LIFETIME_MINUTES', 24 * 60, 5, 90 * 24 * 60) * 60_000,
    adminLoginFailureBudget: { points: adminLoginFailures.count, durationS: adminLoginFailures.seconds },
    production,
    trustProxy,
    allowedOrigins,
    alchemyApiKey: env.ALCHEMY_API_KEY || null,
    alchemyBaseUrl: url('ALCHEMY_BASE_URL', null, ['http:', 'https:']),
    chains,
    transferIndex,
    indexIntervalMs: int('INDEX_INTERVAL_MS', 5_000, 200, 3_600_000),
    ipfsGateways,
    allowedMetadataHosts,
    devchainManifest,
    ensUniversalResolver:
      env.ENS_UNIVERSAL_RESOLVER ||
      (chains.ethereum?.devchain ? (manifest?.ens?.universalResolver ?? null) : null),
    ensGatewayAllowedHosts: [
      ...allowedMetadataHosts,
      ...(chains.ethereum?.devchain && manifest?.ens?.gateway ? [new URL(manifest.ens.gateway).host] : []),
    ],
    frontendDist: existsSync(frontendDist) ? frontendDist : null,
    scanWaitMs: int('SCAN_WAIT_MS', 25_000, 0, 300_000),
    cacheReadTimeoutMs: int('CACHE_READ_TIMEOUT_MS', 300, 10, 10_000),
    clientTurns: int('CLIENT_TURNS', 8, 0, 1_000),
    fullAnswerMaxNfts: int('FULL_ANSWER_MAX_NFTS', 10_000, 1, 1_000_000),
    jobLockMs: int('JOB_LOCK_MS', 6_000, 2_000, 600_000),
    workerConcurrency: int('WORKER_CONCURRENCY', 2, 1, 64),
    metadataConcurrency: int('METADATA_CONCURRENCY', 64, 1, 1024),
    metadataHostFailures: int('METADATA_HOST_FAILURES', 3, 1, 1000),
    metadataHostRetryMs: int('METADATA_HOST_RETRY_MS', 30_000, 100, 3_600_000),
    metadataScanTimeoutMs: int('METADATA_SCAN_TIMEOUT_MS', 3_000, 100, 60_000),
    metadataRetryTimeoutMs: int('METADATA_RETRY_TIMEOUT_MS', 30_000, 100, 300_000),
    metadataRetryDelayMs: int('METADATA_RETRY_DELAY_MS', 300_000, 0, 86_400_000),
    votesPerIpPerSubmission: int('VOTES_PER_IP_PER_SUBMISSION', 3, 1, 1000),
    voteIpHashKey,
    rateLimits,
    scanQueueLimits: {
      perClient: int('SCAN_QUEUE_PER_CLIENT', DEFAULT_SCAN_QUEUE_LIMITS.perClient, 1, 1000),
      total: int('SCAN_QUEUE_TOTAL', DEFAULT_SCAN_QUEUE_LIMITS.total, 1, 1_000_000),
    },
    connectionLimits: {
      httpPerClient: int('HTTP_CONNECTIONS_PER_CLIENT', DEFAULT_CONNECTION_LIMITS.httpPerClient, 1, 100_000),
      httpTotal: int('HTTP_CONNECTIONS_TOTAL', DEFAULT_CONNECTION_LIMITS.httpTotal, 1, 10_000_000),
      socketsPerClient: int('SOCKETS_PER_CLIENT', DEFAULT_CONNECTION_LIMITS.socketsPerClient, 1, 100_000),
      socketsTotal: int('SOCKETS_TOTAL', DEFAULT_CONNECTION_LIMITS.socketsTotal, 1, 10_000_000),
      socketRooms: int('SOCKET_ROOMS', DEFAULT_CONNECTION_LIMITS.socketRooms, 1, 10_000),
      socketEvents: { points: socketEvents.count, durationS: socketEvents.seconds },
    },
    suspiciousIps,
    donations,
    log: { level: logLevel, format: logFormat },
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    workerHeartbeatFile: env.WORKER_HEARTBEAT_FILE ? resolve(root, env.WORKER_HEARTBEAT_FILE) : null,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** For entry points: `.env` files loaded, then the configuration, or every problem printed and the process ended. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  loadEnvFiles(repoRoot(), env);
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
