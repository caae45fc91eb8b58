import { connectionFailureKind, systemErrorCode } from '../../platform/outbound/index.js';
import {
  fetchErrorRetryAfterMs,
  FetchError,
  isRetryableFetchError,
  parseRetryAfterSeconds,
} from '../../platform/outbound/index.js';
import { withRetry } from '../../platform/outbound/index.js';
import type { AlchemyErrorBody } from './alchemy-api.types.js';
import { type AlchemyNetwork, alchemySlug } from './alchemy.networks.js';

/** Alchemy's own hosts; `{network}` becomes the network slug (`eth-mainnet`, `polygon-mainnet`). */
export const DEFAULT_ALCHEMY_BASE_URL = 'https://{network}.g.alchemy.com';

const REDACTED = '[redacted]';
const MAX_DETAIL_LENGTH = 300;

export interface AlchemyHttpClientOptions {
  apiKey: string;
  /**
   * Replaces the scheme and host of `https://{network}.g.alchemy.com/nft/v3/{apiKey}/…`; the path
   * is kept. May hold `{network}` (the slug) and a path prefix: `http://127.0.0.1:PORT` and
   * `http://127.0.0.1:PORT/{network}` both work.
   */
  baseUrl?: string;
  /** Per attempt, answer body included. */
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx, a timeout or a dropped connection (never a DNS failure). */
  retries: number;
  /** First backoff; doubles per attempt, with jitter. */
  retryBaseDelayMs: number;
  /** Longest single wait, Retry-After included. */
  maxRetryDelayMs: number;
  fetch?: typeof fetch;
  /** Told when Alchemy refuses the key (401 or 403), for the security dashboard. */
  onKeyRefused?: (status: number) => void;
}

export type AlchemyQuery = Record<string, string | number | boolean | null | undefined>;

/** The API's own words for a failure, from a JSON error body or plain text. */
function errorDetail(body: string): string {
  let detail = body.trim();
  try {
    const json = JSON.parse(body) as AlchemyErrorBody;
    const nested = typeof json.error === 'string' ? json.error : json.error?.message;
    detail = nested ?? json.message ?? detail;
  } catch {
    // Not JSON: keep the text.
  }
  return detail.replace(/\s+/g, ' ').slice(0, MAX_DETAIL_LENGTH);
}

/**
 * GET requests to the Alchemy NFT API v3 with timeouts, retries and key redaction. The API key
 * lives in the URL path, so no URL and no underlying error object ever leaves this class: every
 * failure becomes a FetchError whose message is scrubbed of the key.
 */
export class AlchemyHttpClient {
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;

  constructor(private readonly options: AlchemyHttpClientOptions) {
    if (options.apiKey.trim() === '') throw new Error('The Alchemy API key is empty');
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.baseUrl = (options.baseUrl ?? DEFAULT_ALCHEMY_BASE_URL).replace(/\/+$/, '');
    // Fail at construction, not at the first scan, on a base URL that cannot be used.
    this.url('ethereum', 'getContractMetadata', {});
  }

  /** The request URL (holds the key: never log it). */
  url(network: AlchemyNetwork, method: string, query: AlchemyQuery): URL {
    const origin = this.baseUrl.replaceAll('{network}', alchemySlug(network));
    let url: URL;
    try {
      url = new URL(`${origin}/nft/v3/${encodeURIComponent(this.options.apiKey)}/${method}`);
    } catch {
      throw new Error(`The Alchemy base URL is not a valid URL: ${this.redact(this.baseUrl)}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Error(`The Alchemy base URL must be http(s): ${this.redact(this.baseUrl)}`);
    }
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url;
  }

  /** The parsed JSON body of a 2xx answer, after retries. */
  async get(network: AlchemyNetwork, method: string, query: AlchemyQuery): Promise<unknown> {
    const url = this.url(network, method, query);
    const what = `Alchemy ${method} on ${alchemySlug(network)}`;
    return withRetry(() => this.attempt(url, what), {
      retries: this.options.retries,
      baseDelayMs: this.options.retryBaseDelayMs,
      maxDelayMs: this.options.maxRetryDelayMs,
      retryable: isRetryableFetchError,
      requestedDelayMs: fetchErrorRetryAfterMs,
    });
  }

  /** Removes the API key (raw and URL-encoded) from text that may reach a log or a visitor. */
  redact(text: string): string {
    const key = this.options.apiKey;
    return text.replaceAll(key, REDACTED).replaceAll(encodeURIComponent(key), REDACTED);
  }

  private async attempt(url: URL, what: string): Promise<unknown> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let body: string;
    try {
      response = await this.fetch(url, { headers: { accept: 'application/json' }, signal });
      body = await response.text();
    } catch (error) {
      if (signal.aborted) {
        throw new FetchError('timeout', `${what} did not answer within ${this.options.timeoutMs} ms`);
      }
      const code = systemErrorCode(error);
      const kind = connectionFailureKind(error);
      const failed = kind === 'dns' ? 'could not resolve the host' : 'connection failed';
      throw new FetchError(kind, `${what} failed: ${failed}${code ? ` (${code})` : ''}`);
    }
    if (!response.ok) {
      if (response.status === 401 || response.status === 403) this.options.onKeyRefused?.(response.status);
      const detail = errorDetail(body);
      throw new FetchError(
        'http-status',
        this.redact(`${what} failed: HTTP ${response.status}${detail ? ` — ${detail}` : ''}`),
        response.status,
        parseRetryAfterSeconds(response.headers.get('retry-after')),
      );
    }
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new FetchError('invalid-response', `${what} answered something that is not JSON`);
    }
  }
}
