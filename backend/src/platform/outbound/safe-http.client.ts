import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

import { connectionFailureKind, systemErrorCode } from './connection-failure.util.js';
import {
  fetchErrorRetryAfterMs,
  FetchError,
  isRetryableFetchError,
  parseRetryAfterSeconds,
} from './fetch.error.js';
import { withRetry } from './retry.helper.js';
import { HostAllowlist } from './host-allowlist.policy.js';
import { HostBreaker } from './host-breaker.js';
import { blockedAddressReason } from './network-address.policy.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (injected in tests so no real DNS is used). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemHostResolver: HostResolver = async (hostname) => {
  const found = await systemLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * One lookup per host name at a time: concurrent requests to one host (a collection's 64 tokens in
 * flight) share its answer or its failure instead of queueing 64 lookups on the resolver.
 */
export function sharedLookups(resolve: HostResolver): HostResolver {
  const pending = new Map<string, Promise<ResolvedAddress[]>>();
  return (hostname) => {
    let lookup = pending.get(hostname);
    if (!lookup) {
      lookup = resolve(hostname).finally(() => pending.delete(hostname));
      pending.set(hostname, lookup);
    }
    return lookup;
  };
}

export interface SafeHttpClientOptions {
  /** `host` or `host:port` entries that may be internal addresses (the local dev gateway). */
  allowedHosts?: readonly string[];
  resolveHost?: HostResolver;
  userAgent?: string;
  /** Per-host failure memory (a dead host fails at once); false turns it off. */
  hostBreaker?: HostBreaker | false;
  /** Told of every request refused before connecting because its host is a private address. */
  onBlocked?: (host: string) => void;
}

export interface SafeFetchOptions {
  maxBytes: number;
  /** Budget of one attempt: DNS, connection, every redirect hop and the whole body. */
  timeoutMs: number;
  maxRedirects: number;
  /** Further attempts after a retryable failure (429, 5xx, timeout, dropped connection; never DNS). */
  retries?: number;
  retryBaseDelayMs?: number;
  accept?: string;
  signal?: AbortSignal;
  /**
   * A JSON body: the request is a POST (ERC-3668 gateways without `{data}` in their URL), and
   * redirects are not followed (a redirect answers as its status).
   */
  jsonBody?: string;
  /**
   * Whether a timeout counts against the host's breaker (default true). False for IPFS gateways: a
   * gateway that cannot find a CID times out on it while it serves every other.
   */
  timeoutIsHostFailure?: boolean;
}

export interface SafeResponse {
  /** URL of the answer after redirects. */
  url: string;
  status: number;
  /** Media type in lower case without parameters, null when the server sent none. */
  contentType: string | null;
  body: Buffer;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_RETRY_DELAY_MS = 2_000;
const TIMEOUT = Symbol('timeout');

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** `host:port` of a URL, the unit of failure memory; null when it does not parse. */
function hostKey(raw: string | URL): string | null {
  try {
    const url = new URL(raw);
    return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return null;
  }
}

function parseHttpUrl(raw: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchError('invalid-url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('invalid-url', `only http and https may be fetched, not ${url.protocol}`);
  }
  if (!url.hostname) throw new FetchError('invalid-url', 'the URL has no host');
  return url;
}

/** A lookup that only ever answers the addresses we already checked, so DNS cannot change them. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback) => {
    const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
    process.nextTick(() => {
      const first = usable[0];
      if (!first) {
        callback(Object.assign(new Error('no usable address'), { code: 'ENOTFOUND' }), '', 0);
      } else if (options.all) {
        callback(
          null,
          usable.map((a): LookupAddress => ({ address: a.address, family: a.family })),
        );
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

function mediaType(header: string | undefined): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

function abortError(signal: AbortSignal): FetchError {
  return signal.reason === TIMEOUT
    ? new FetchError('timeout', 'the server took too long to answer')
    : new FetchError('aborted', 'the request was cancelled');
}

function withAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * GET for untrusted URLs (NFT metadata and media). Every hop is checked after DNS resolution and
 * the socket connects to the checked address; redirects are followed by hand; bodies are counted
 * while streaming and cut at the cap.
 */
export class SafeHttpClient {
  private readonly allowlist: HostAllowlist;
  private readonly resolveHost: HostResolver;
  private readonly userAgent: string;
  private readonly hosts: HostBreaker | null;
  private readonly onBlocked: (host: string) => void;
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(options: SafeHttpClientOptions = {}) {
    this.allowlist = new HostAllowlist(options.allowedHosts ?? []);
    this.resolveHost = sharedLookups(options.resolveHost ?? systemHostResolver);
    this.hosts = options.hostBreaker === false ? null : (options.hostBreaker ?? new HostBreaker());
    this.userAgent = options.userAgent ?? 'Nexus/0.1 (NFT metadata fetcher)';
    this.onBlocked = options.onBlocked ?? (() => undefined);
  }

  /**
   * GET with bounded retries; throws FetchError. Each attempt goes through the host's breaker: once
   * the host has failed a few times in a row, the remaining attempts and requests fail at once
   * ('host-unavailable', not retried).
   */
  get(url: string | URL, options: SafeFetchOptions): Promise<SafeResponse> {
    const host = hostKey(url);
    const attempt = (): Promise<SafeResponse> =>
      this.getOnce(url, options).catch((error: unknown) => {
        throw error instanceof FetchError ? error : new FetchError('unreachable', 'the request failed');
      });
    const counted = options.timeoutIsHostFailure ?? true;
    return withRetry(() => (this.hosts && host ? this.hosts.run(host, attempt, counted) : attempt()), {
      retries: options.retries ?? 0,
      baseDelayMs: options.retryBaseDelayMs ?? 250,
      maxDelayMs: MAX_RETRY_DELAY_MS,
      retryable: isRetryableFetchError,
      requestedDelayMs: fetchErrorRetryAfterMs,
      signal: options.signal,
    });
  }

  /**
   * True while a GET of `url` would fail at once as 'host-unavailable' (its host failed repeatedly
   * and is not tried again yet): a race can leave it out instead of paying for the failure.
   */
  refuses(url: string | URL): boolean {
    const host = hostKey(url);
    return Boolean(this.hosts && host && this.hosts.refuses(host));
  }

  /** Checks a URL against the address policy without fetching it; throws FetchError. */
  async assertFetchable(url: string | URL, signal?: AbortSignal): Promise<void> {
    await this.checkedAddresses(parseHttpUrl(url), signal ?? new AbortController().signal);
  }

  /** Closes idle keep-alive connections. */
  destroy(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private async getOnce(raw: string | URL, options: SafeFetchOptions): Promise<SafeResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMEOUT), options.timeoutMs);
    const onParentAbort = (): void => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) controller.abort(options.signal.reason);
    options.signal?.addEventListener('abort', onParentAbort, { once: true });
    const signal = controller.signal;
    try {
      let url = parseHttpUrl(raw);
      for (let hop = 0; ; hop++) {
        const addresses = await this.checkedAddresses(url, signal);
        const response = await this.send(url, addresses, options.accept ?? '*/*', signal, options.jsonBody);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location && options.jsonBody === undefined) {
          response.resume();
          if (hop >= options.maxRedirects) {
            throw new FetchError('too-many-redirects', `more than ${options.maxRedirects} redirects`);
          }
          url = parseHttpUrl(location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          throw new FetchError(
            'http-status',
            `the server answered ${status}`,
            status,
            parseRetryAfterSeconds(response.headers['retry-after']),
          );
        }
        const body = await this.readCapped(response, options.maxBytes);
        return { url: url.href, status, contentType: mediaType(response.headers['content-type']), body };
      }
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (signal.aborted) throw abortError(signal);
      const code = systemErrorCode(error);
      throw new FetchError(
        connectionFailureKind(error),
        code ? `connection failed (${code})` : 'connection failed',
      );
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onParentAbort);
    }
  }

  /** Resolves the host and checks every address; allowed hosts skip the address check only. */
  private async checkedAddresses(url: URL, signal: AbortSignal): Promise<ResolvedAddress[]> {
    const host = stripBrackets(url.hostname);
    const allowed = this.allowlist.allows(url);
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal) {
      addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await withAbort(this.resolveHost(host), signal);
      } catch (error) {
        if (error instanceof FetchError) throw error;
        const code = systemErrorCode(error);
        throw new FetchError('dns', `could not resolve ${host}${code ? ` (${code})` : ''}`);
      }
      if (addresses.length === 0) throw new FetchError('dns', `could not resolve ${host}`);
    }
    if (!allowed) {
      for (const { address } of addresses) {
        const reason = blockedAddressReason(address);
        if (reason) {
          this.onBlocked(host);
          throw new FetchError('blocked', `${host} is not a public address (${reason})`);
        }
      }
    }
    return addresses;
  }

  private send(
    url: URL,
    addresses: readonly ResolvedAddress[],
    accept: string,
    signal: AbortSignal,
    jsonBody?: string,
  ): Promise<IncomingMessage> {
    const secure = url.protocol === 'https:';
    const options: https.RequestOptions = {
      protocol: url.protocol,
      hostname: stripBrackets(url.hostname),
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: jsonBody === undefined ? 'GET' : 'POST',
      headers: {
        accept,
        'user-agent': this.userAgent,
        'accept-encoding': 'identity',
        ...(jsonBody === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(jsonBody)) }),
      },
      agent: secure ? this.httpsAgent : this.httpAgent,
      lookup: pinnedLookup(addresses),
      signal,
    };
    return new Promise((resolve, reject) => {
      const send = (again: boolean): void => {
        const request = (secure ? https : http).request(options, resolve);
        request.on('error', (error) => {
          // A kept-alive socket the server closed while it sat idle fails at once, before any answer:
          // a GET is sent once more, on a socket of its own (Node's documented remedy).
          const staleSocket = request.reusedSocket && systemErrorCode(error) === 'ECONNRESET';
          if (!again && staleSocket && jsonBody === undefined && !signal.aborted) send(true);
          else reject(error);
        });
        request.end(jsonBody);
      };
      send(false);
    });
  }

  private async readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
    const tooLarge = (): FetchError =>
      new FetchError('too-large', `the answer is larger than ${maxBytes} bytes`);
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        response.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, total);
  }
}
