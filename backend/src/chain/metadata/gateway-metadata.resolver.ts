import { sniffMediaType } from '../../media/media-type.sniffer.js';
import type { MetadataResolver, ResolvedMetadata } from '../nft-source.js';
import { raceFirst } from './concurrency.helper.js';
import { FetchError } from './fetch.error.js';
import { mediaOnlyMetadata, normalizeMetadata } from './metadata.normalizer.js';
import { canonicalNftUri, decodeDataPayload, type NftUri, parseNftUri } from './nft-uri.parser.js';
import { type HostResolver, SafeHttpClient, type SafeResponse } from './safe-http.client.js';

export interface GatewayMetadataResolverOptions {
  /** IPFS gateways ending in `/ipfs/`, raced in this order; the first is used by `toHttpUrl`. */
  ipfsGateways?: readonly string[];
  /** Base URL an Arweave transaction id is appended to. */
  arweaveGateway?: string;
  /** `host` or `host:port` allowed to be internal addresses (the local dev gateway). */
  allowedHosts?: readonly string[];
  /** Budget of one attempt at one URL, redirects and body included. */
  timeoutMs?: number;
  /** Largest metadata document accepted. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Further attempts after 429, 5xx, a timeout or a dropped connection. */
  retries?: number;
  retryBaseDelayMs?: number;
  /** Host name resolution; the system resolver by default. */
  resolveHost?: HostResolver;
}

export interface MediaFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  accept?: string;
  signal?: AbortSignal;
}

/** What a resolver needs to offer so media can be fetched through the same guarded path. */
export interface MediaFetcher {
  /** Fetches an ipfs://, ar:// or http(s) URI (IPFS raced over the gateways); throws FetchError. */
  fetchUri(uri: string, options?: MediaFetchOptions): Promise<SafeResponse>;
  /** One spelling per resource (ipfs://<cid>/<path> for every gateway form); null for junk. */
  canonicalUri(uri: string): string | null;
}

export const DEFAULT_IPFS_GATEWAYS: readonly string[] = ['https://ipfs.io/ipfs/', 'https://dweb.link/ipfs/'];
export const DEFAULT_ARWEAVE_GATEWAY = 'https://arweave.net/';
export const DEFAULT_METADATA_TIMEOUT_MS = 10_000;
export const DEFAULT_METADATA_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_RETRIES = 2;
const METADATA_ACCEPT = 'application/json, text/plain;q=0.9, image/*;q=0.8, */*;q=0.5';

function gatewayBase(setting: string, name: string): string {
  let url: URL;
  try {
    url = new URL(setting.trim());
  } catch {
    throw new Error(`${name}: "${setting}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name}: "${setting}" must be an http or https URL`);
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, not ${value}`);
  return value;
}

/** JSON metadata, or an image/video served directly; null when the bytes are neither. */
function interpret(body: Buffer, contentType: string | null, uri: string): ResolvedMetadata | null {
  if (contentType?.startsWith('image/')) return mediaOnlyMetadata(uri, 'image');
  if (contentType?.startsWith('video/')) return mediaOnlyMetadata(uri, 'video');
  const text = body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  if (text.startsWith('{')) {
    try {
      return normalizeMetadata(JSON.parse(text) as unknown);
    } catch {
      return null;
    }
  }
  const sniffed = sniffMediaType(body);
  return sniffed ? mediaOnlyMetadata(uri, sniffed.kind) : null;
}

/**
 * Resolves token metadata from every URI form collections use (ipfs, ar, data, http(s), bare CIDs,
 * other gateways' URLs) through SSRF-guarded, size- and time-bounded fetches.
 */
export class GatewayMetadataResolver implements MetadataResolver, MediaFetcher {
  private readonly ipfsGateways: readonly string[];
  private readonly arweaveGateway: string;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly retries: number;
  private readonly retryBaseDelayMs: number;
  private readonly http: SafeHttpClient;

  constructor(options: GatewayMetadataResolverOptions = {}) {
    const gateways = options.ipfsGateways ?? DEFAULT_IPFS_GATEWAYS;
    if (gateways.length === 0) throw new Error('ipfsGateways: configure at least one IPFS gateway');
    this.ipfsGateways = gateways.map((g) => gatewayBase(g, 'ipfsGateways'));
    this.arweaveGateway = gatewayBase(options.arweaveGateway ?? DEFAULT_ARWEAVE_GATEWAY, 'arweaveGateway');
    this.timeoutMs = positive(options.timeoutMs, DEFAULT_METADATA_TIMEOUT_MS, 'timeoutMs');
    this.maxBytes = positive(options.maxBytes, DEFAULT_METADATA_MAX_BYTES, 'maxBytes');
    this.maxRedirects = positive(options.maxRedirects, DEFAULT_MAX_REDIRECTS, 'maxRedirects');
    this.retries = positive(options.retries, DEFAULT_RETRIES, 'retries');
    this.retryBaseDelayMs = positive(options.retryBaseDelayMs, 250, 'retryBaseDelayMs');
    this.http = new SafeHttpClient({
      allowedHosts: options.allowedHosts ?? [],
      resolveHost: options.resolveHost,
    });
  }

  async resolve(uri: string): Promise<ResolvedMetadata | null> {
    try {
      return await this.resolveOrFail(uri);
    } catch {
      return null;
    }
  }

  toHttpUrl(uri: string): string | null {
    const parsed = typeof uri === 'string' ? parseNftUri(uri) : null;
    return parsed ? (this.httpUrls(parsed)[0] ?? null) : null;
  }

  canonicalUri(uri: string): string | null {
    const parsed = typeof uri === 'string' ? parseNftUri(uri) : null;
    return parsed && parsed.kind !== 'json' ? canonicalNftUri(parsed) : null;
  }

  async fetchUri(uri: string, options: MediaFetchOptions = {}): Promise<SafeResponse> {
    const parsed = parseNftUri(uri);
    if (!parsed) throw new FetchError('invalid-url', 'not an ipfs, ar, http or https URI');
    const urls = this.httpUrls(parsed);
    if (urls.length === 0)
      throw new FetchError('invalid-url', `${parsed.kind} URIs are decoded, not fetched`);
    return raceFirst(
      urls.map((url) => (signal: AbortSignal) => this.get(url, signal, options)),
      options.signal,
    );
  }

  /** Closes idle keep-alive connections (at shutdown, and in tests). */
  destroy(): void {
    this.http.destroy();
  }

  private async resolveOrFail(uri: string): Promise<ResolvedMetadata | null> {
    // A data: URI is the document itself; a percent-encoded one is at most three times its bytes.
    if (typeof uri !== 'string' || uri.length > this.maxBytes * 3 + 1024) return null;
    const parsed = parseNftUri(uri);
    if (!parsed) return null;
    if (parsed.kind === 'json') return interpret(Buffer.from(parsed.text, 'utf8'), 'application/json', uri);
    if (parsed.kind === 'data') {
      if (parsed.mediaType.startsWith('image/')) return mediaOnlyMetadata(uri.trim(), 'image');
      if (parsed.mediaType.startsWith('video/')) return mediaOnlyMetadata(uri.trim(), 'video');
      const bytes = decodeDataPayload(parsed, this.maxBytes);
      return bytes ? interpret(bytes, null, uri.trim()) : null;
    }
    return raceFirst(
      this.httpUrls(parsed).map((url) => (signal: AbortSignal) => this.fetchMetadata(url, uri, signal)),
    );
  }

  private async fetchMetadata(url: string, uri: string, signal: AbortSignal): Promise<ResolvedMetadata> {
    const response = await this.get(url, signal, { accept: METADATA_ACCEPT });
    const metadata = interpret(response.body, response.contentType, uri.trim());
    // Not an answer: let a slower gateway win the race instead.
    if (!metadata) throw new FetchError('invalid-response', 'the answer is not token metadata');
    return metadata;
  }

  private get(url: string, signal: AbortSignal, options: MediaFetchOptions): Promise<SafeResponse> {
    return this.http.get(url, {
      maxBytes: options.maxBytes ?? this.maxBytes,
      timeoutMs: options.timeoutMs ?? this.timeoutMs,
      maxRedirects: this.maxRedirects,
      retries: this.retries,
      retryBaseDelayMs: this.retryBaseDelayMs,
      accept: options.accept ?? '*/*',
      signal,
    });
  }

  /** Where a URI can be fetched over http(s), in race order; empty for data: and inline JSON. */
  private httpUrls(uri: NftUri): string[] {
    const valid = (text: string): string | null => {
      try {
        return new URL(text).href;
      } catch {
        return null;
      }
    };
    const urls =
      uri.kind === 'ipfs'
        ? this.ipfsGateways.map((g) => valid(`${g}${uri.cid}${uri.path}`))
        : uri.kind === 'arweave'
          ? [valid(`${this.arweaveGateway}${uri.id}${uri.path}`)]
          : uri.kind === 'http'
            ? [uri.url.href]
            : [];
    return urls.filter((u): u is string => u !== null);
  }
}
