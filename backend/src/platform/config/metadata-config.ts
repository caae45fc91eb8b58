import type { DevchainManifest } from './devchain-manifest.js';
import type { EnvReader } from './env-reader.js';

/** Where token metadata and ENS answers are fetched from, and how hard. */
export interface MetadataSettings {
  ipfsGateways: string[];
  /** Hosts the metadata fetcher may reach although they are private (the dev gateway). */
  allowedMetadataHosts: string[];
  /** ENS Universal Resolver on ethereum; null: mainnet's. */
  ensUniversalResolver: string | null;
  /**
   * Hosts an ENS offchain resolver's gateway (CCIP-Read) may be reached at although private: the
   * metadata hosts and the dev world's gateway.
   */
  ensGatewayAllowedHosts: string[];
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
}

/**
 * IPFS_GATEWAYS, else the dev gateways of the manifest and two public ones; each an http(s) URL
 * ending in `/`.
 */
function parseIpfsGateways(reader: EnvReader, manifest: DevchainManifest | null): string[] {
  const gatewaysRaw = reader.env.IPFS_GATEWAYS
    ? reader.list('IPFS_GATEWAYS')
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
      reader.problem(`IPFS_GATEWAYS has an entry that is not an http(s) URL: "${gateway}"`);
    }
  }
  return ipfsGateways;
}

/** METADATA_ALLOWED_HOSTS, with the manifest's gateway and messy hosts unless configured otherwise. */
function parseAllowedMetadataHosts(reader: EnvReader, manifest: DevchainManifest | null): string[] {
  const { env } = reader;
  const allowedMetadataHosts = reader.list('METADATA_ALLOWED_HOSTS');
  if (manifest?.ipfsGateway && !env.IPFS_GATEWAYS)
    allowedMetadataHosts.push(new URL(manifest.ipfsGateway).host);
  if (!env.METADATA_ALLOWED_HOSTS)
    allowedMetadataHosts.push(...(manifest?.messyMetadata?.allowedHosts ?? []));
  return allowedMetadataHosts;
}

/** `ethereumDevchain`: ethereum's node is the dev world's, whose ENS contracts the manifest names. */
export function parseMetadataSettings(
  reader: EnvReader,
  manifest: DevchainManifest | null,
  ethereumDevchain: boolean,
): MetadataSettings {
  const ipfsGateways = parseIpfsGateways(reader, manifest);
  const allowedMetadataHosts = parseAllowedMetadataHosts(reader, manifest);
  return {
    ipfsGateways,
    allowedMetadataHosts,
    ensUniversalResolver:
      reader.env.ENS_UNIVERSAL_RESOLVER ||
      (ethereumDevchain ? (manifest?.ens?.universalResolver ?? null) : null),
    ensGatewayAllowedHosts: [
      ...allowedMetadataHosts,
      ...(ethereumDevchain && manifest?.ens?.gateway ? [new URL(manifest.ens.gateway).host] : []),
    ],
    metadataConcurrency: reader.int('METADATA_CONCURRENCY', 64, 1, 1024),
    metadataHostFailures: reader.int('METADATA_HOST_FAILURES', 3, 1, 1000),
    metadataHostRetryMs: reader.int('METADATA_HOST_RETRY_MS', 30_000, 100, 3_600_000),
    metadataScanTimeoutMs: reader.int('METADATA_SCAN_TIMEOUT_MS', 3_000, 100, 60_000),
    metadataRetryTimeoutMs: reader.int('METADATA_RETRY_TIMEOUT_MS', 30_000, 100, 300_000),
    metadataRetryDelayMs: reader.int('METADATA_RETRY_DELAY_MS', 300_000, 0, 86_400_000),
  };
}
