import { raceFirst } from './concurrency.helper.js';
import { FetchError } from './fetch.error.js';
import type { HostBreaker } from './host-breaker.js';
import { canonicalNftUri, type NftUri, parseNftUri } from './nft-uri.parser.js';
import { type HostResolver, SafeHttpClient, type SafeResponse } from './safe-http.client.js';

export interface GatewayFetcherOptions {
  /** IPFS gateways ending in `/ipfs/`, raced in this order; the first is used by `toHttpUrl`. */
  ipfsGateways?: readonly string[];
  /**
   * How long a gateway keeps an IPFS document before the next one is asked too (hedged race; a
   * failure asks the next at once). 0 asks every gateway at once.
   */
  ipfsHedgeMs?: number;
  /** Base URL an Arweave transaction id is appended to. */
  arweaveGateway?: string;
  /** `host` or `host:port` allowed to be internal addresses (the local dev gateway). */
  allowedHosts?: readonly string[];
  /** Budget of one attempt at one URL, redirects and body included. */
  timeoutMs?: number;
  /** Largest document accepted. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Further attempts after 429, 5xx, a timeout or a dropped connection. */
  retries?: number;
  retryBaseDelayMs?: number;
  /** Host name resolution; the system resolver by default. */
  resolveHost?: HostResolver;
  /** Per-host failure memory; a fresh one by default, false for none. */
  hostBreaker?: HostBreaker | false;
  /** Told of every request refused before connecting because its host is a private address. */
  onBlocked?: (host: string) => void;
}

export interface MediaFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  /** Further attempts after 429, 5xx, a timeout or a dropped connection (the fetcher's own by default). */
  retries?: number;
  accept?: string;
  signal?: AbortSignal;
}

/** What media needs to fetch NFT images through the same guarded path as metadata. */
export interface MediaFetcher {
  /** Fetches an ipfs://, ar:// or http(s) URI (IPFS raced over the gateways); throws FetchError. */
  fetchUri(uri: string, options?: MediaFetchOptions): Promise<SafeResponse>;
  /** One spelling per resource (ipfs://<cid>/<path> for every gateway form); null for junk. */
  canonicalUri(uri: string): string | null;
}

/**
 * A gateway that has not answered in a second is joined by the next: gateways answer a pinned
 * document in tens to hundreds of milliseconds, so a healthy first gateway is asked alone. Asking
 * every gateway at once cost each token one request per gateway and a cancelled connection per
 * loser (a million-token scan spent a fifth of its worker's time opening and closing them).
 */
const DEFAULT_IPFS_HEDGE_MS = 1_000;

export const DEFAULT_IPFS_GATEWAYS: readonly string[] = ['https://ipfs.io/ipfs/', 'https://dweb.link/ipfs/'];
export const DEFAULT_ARWEAVE_GATEWAY = 'https://arweave.net/';
export const DEFAULT_METADATA_TIMEOUT_MS = 10_000;
export const DEFAULT_METADATA_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_RETRIES = 2;

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

/**
 * Fetches what an NFT URI names (ipfs, ar, http(s), bare CIDs, other gateways' URLs) through
 * SSRF-guarded, size- and time-bounded requests, IPFS raced over the configured gateways.
 */
export class GatewayFetcher implements MediaFetcher {
  /** Largest document accepted when a fetch names no limit of its own. */
  readonly maxBytes: number;
  private readonly ipfsGateways: readonly string[];
  private readonly arweaveGateway: string;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly retries: number;
  private readonly retryBaseDelayMs: number;
  private readonly ipfsHedgeMs: number;
  private readonly http: SafeHttpClient;

  constructor(options: GatewayFetcherOptions = {}) {
    const gateways = options.ipfsGateways ?? DEFAULT_IPFS_GATEWAYS;
    if (gateways.length === 0) throw new Error('ipfsGateways: configure at least one IPFS gateway');
    this.ipfsGateways = gateways.map((g) => gatewayBase(g, 'ipfsGateways'));
    this.arweaveGateway = gatewayBase(options.arweaveGateway ?? DEFAULT_ARWEAVE_GATEWAY, 'arweaveGateway');
    this.timeoutMs = positive(options.timeoutMs, DEFAULT_METADATA_TIMEOUT_MS, 'timeoutMs');
    this.maxBytes = positive(options.maxBytes, DEFAULT_METADATA_MAX_BYTES, 'maxBytes');
    this.maxRedirects = positive(options.maxRedirects, DEFAULT_MAX_REDIRECTS, 'maxRedirects');
    this.retries = positive(options.retries, DEFAULT_RETRIES, 'retries');
    this.retryBaseDelayMs = positive(options.retryBaseDelayMs, 250, 'retryBaseDelayMs');
    this.ipfsHedgeMs = positive(options.ipfsHedgeMs, DEFAULT_IPFS_HEDGE_MS, 'ipfsHedgeMs');
    this.http = new SafeHttpClient({
      allowedHosts: options.allowedHosts ?? [],
      resolveHost: options.resolveHost,
      hostBreaker: options.hostBreaker,
      onBlocked: options.onBlocked,
    });
  }

  /** http(s) URL a browser or our media route can fetch for an ipfs://, ar:// or http(s) URI. */
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
    return this.fetchParsed(parsed, (response) => response, options);
  }

  /**
   * Races the URI's http(s) locations; `accept` turns an answer into the result or throws (a
   * FetchError) so a slower gateway can win instead.
   */
  async fetchParsed<T>(
    uri: NftUri,
    accept: (response: SafeResponse) => T,
    options: MediaFetchOptions = {},
  ): Promise<T> {
    const urls = this.httpUrls(uri, true);
    if (urls.length === 0) throw new FetchError('invalid-url', `${uri.kind} URIs are decoded, not fetched`);
    // A CID no node has times out at every gateway: that says nothing against the gateways.
    const timeoutIsHostFailure = uri.kind !== 'ipfs';
    return raceFirst(
      urls.map(
        (url) => async (signal: AbortSignal) =>
          accept(await this.get(url, signal, { ...options, timeoutIsHostFailure })),
      ),
      options.signal,
      { hedgeMs: this.ipfsHedgeMs },
    );
  }

  /** Closes idle keep-alive connections (at shutdown, and in tests). */
  destroy(): void {
    this.http.destroy();
  }

  private get(
    url: string,
    signal: AbortSignal,
    options: MediaFetchOptions & { timeoutIsHostFailure?: boolean },
  ): Promise<SafeResponse> {
    return this.http.get(url, {
      maxBytes: options.maxBytes ?? this.maxBytes,
      timeoutMs: options.timeoutMs ?? this.timeoutMs,
      maxRedirects: this.maxRedirects,
      retries: options.retries ?? this.retries,
      retryBaseDelayMs: this.retryBaseDelayMs,
      accept: options.accept ?? '*/*',
      signal,
      timeoutIsHostFailure: options.timeoutIsHostFailure,
    });
  }

  /**
   * Where a URI can be fetched over http(s), in race order; empty for data: and inline JSON. `live`:
   * without the IPFS gateways whose host is refused for now (they would only fail at once), unless
   * that leaves none.
   */
  private httpUrls(uri: NftUri, live = false): string[] {
    const valid = (text: string): string | null => {
      try {
        return new URL(text).href;
      } catch {
        return null;
      }
    };
    const urls =
      uri.kind === 'ipfs'
        ? this.liveGateways(live).map((g) => valid(`${g}${uri.cid}${uri.path}`))
        : uri.kind === 'arweave'
          ? [valid(`${this.arweaveGateway}${uri.id}${uri.path}`)]
          : uri.kind === 'http'
            ? [uri.url.href]
            : [];
    return urls.filter((u): u is string => u !== null);
  }

  private liveGateways(live: boolean): readonly string[] {
    if (!live || this.ipfsGateways.length < 2) return this.ipfsGateways;
    const usable = this.ipfsGateways.filter((g) => !this.http.refuses(g));
    return usable.length > 0 ? usable : this.ipfsGateways;
  }
}
