import type { MetadataReason } from '@nexus/contract';
import JSON5 from 'json5';

import {
  decodeDataPayload,
  FetchError,
  GatewayFetcher,
  type GatewayFetcherOptions,
  isHostUnavailable,
  type MediaFetcher,
  type MediaFetchOptions,
  type NftUri,
  parseNftUri,
  type SafeResponse,
  sniffMediaType,
} from '../../platform/outbound/index.js';
import type {
  MetadataLookup,
  MetadataLookupOptions,
  MetadataResolver,
  ResolvedMetadata,
} from '../nft-source.js';
import { mediaOnlyMetadata, normalizeMetadata } from './metadata.normalizer.js';

export type GatewayMetadataResolverOptions = GatewayFetcherOptions;

const METADATA_ACCEPT = 'application/json, text/plain;q=0.9, image/*;q=0.8, */*;q=0.5';

/** Metadata, or why the bytes are not metadata. */
type Interpreted = { metadata: ResolvedMetadata } | { metadata: null; reason: MetadataReason };

/**
 * A JSON document as hosts serve it: strict JSON first (the fast path), then JSON5, which reads
 * what hand-written and templated metadata carries (comments, trailing commas, single quotes).
 */
function parseLenient(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return JSON5.parse(text) as unknown;
  }
}

/** JSON metadata, or an image/video served directly; else why the bytes are neither. */
function interpret(body: Buffer, contentType: string | null, uri: string): Interpreted {
  if (contentType?.startsWith('image/')) return { metadata: mediaOnlyMetadata(uri, 'image') };
  if (contentType?.startsWith('video/')) return { metadata: mediaOnlyMetadata(uri, 'video') };
  const text = body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  // A document may open with a comment before its object.
  if (text.startsWith('{') || text.startsWith('/')) {
    try {
      const metadata = normalizeMetadata(parseLenient(text));
      if (metadata) return { metadata };
    } catch {
      // Not even JSON5: unreadable.
    }
    return { metadata: null, reason: 'invalid' };
  }
  const sniffed = sniffMediaType(body);
  if (sniffed) return { metadata: mediaOnlyMetadata(uri, sniffed.kind) };
  const html = contentType === 'text/html' || /^<(!doctype|html|head|body)[\s>]/i.test(text);
  return { metadata: null, reason: html ? 'not-json' : 'invalid' };
}

/** Thrown for an answer that is not metadata, so that a slower gateway may win the race instead. */
class NotMetadataError extends FetchError {
  constructor(readonly reason: MetadataReason) {
    super('invalid-response', 'the answer is not token metadata');
  }
}

/** The visitor-facing cause of a failed fetch of `uri`. */
export function failureReason(error: unknown, uri: NftUri): MetadataReason {
  if (error instanceof NotMetadataError) return error.reason;
  if (!(error instanceof FetchError)) return 'unreachable';
  const cause = error.kind === 'host-unavailable' && error.cause instanceof FetchError ? error.cause : error;
  const missingOnIpfs = uri.kind === 'ipfs' && (cause.kind === 'timeout' || cause.status === 404);
  if (missingOnIpfs) return 'ipfs-missing';
  switch (cause.kind) {
    case 'timeout':
      return 'timeout';
    case 'blocked':
      return 'private-address';
    case 'too-large':
      return 'too-large';
    case 'too-many-redirects':
      return 'too-many-redirects';
    case 'invalid-url':
    case 'unsupported':
      return 'bad-uri';
    case 'invalid-response':
      return 'invalid';
    case 'http-status':
      if (cause.status === 429) return 'rate-limited';
      return cause.status !== undefined && cause.status >= 400 && cause.status < 500
        ? 'not-found'
        : 'unreachable';
    default:
      return 'unreachable';
  }
}

/**
 * Resolves token metadata from every URI form collections use (ipfs, ar, data, http(s), bare CIDs,
 * other gateways' URLs) through the outbound layer's SSRF-guarded, size- and time-bounded fetches.
 * It is also the media fetcher the image proxy uses, so both share one guarded path.
 */
export class GatewayMetadataResolver implements MetadataResolver, MediaFetcher {
  private readonly fetcher: GatewayFetcher;

  constructor(options: GatewayMetadataResolverOptions = {}) {
    this.fetcher = new GatewayFetcher(options);
  }

  async resolve(uri: string): Promise<ResolvedMetadata | null> {
    return (await this.lookup(uri)).metadata;
  }

  async lookup(uri: string, options: MetadataLookupOptions = {}): Promise<MetadataLookup> {
    if (typeof uri !== 'string') return { metadata: null, reason: 'bad-uri' };
    // A data: URI is the document itself; a percent-encoded one is at most three times its bytes.
    if (uri.length > this.fetcher.maxBytes * 3 + 1024) return { metadata: null, reason: 'too-large' };
    const parsed = parseNftUri(uri);
    if (!parsed) return { metadata: null, reason: 'bad-uri' };
    try {
      const found = await this.resolveOrFail(uri, parsed, options);
      return found.metadata ? { metadata: found.metadata } : { metadata: null, reason: found.reason };
    } catch (error) {
      const reason = failureReason(error, parsed);
      return isHostUnavailable(error) && error instanceof Error
        ? { metadata: null, unavailable: error.message, reason }
        : { metadata: null, reason };
    }
  }

  toHttpUrl(uri: string): string | null {
    return this.fetcher.toHttpUrl(uri);
  }

  canonicalUri(uri: string): string | null {
    return this.fetcher.canonicalUri(uri);
  }

  fetchUri(uri: string, options?: MediaFetchOptions): Promise<SafeResponse> {
    return this.fetcher.fetchUri(uri, options);
  }

  /** Closes idle keep-alive connections (at shutdown, and in tests). */
  destroy(): void {
    this.fetcher.destroy();
  }

  private async resolveOrFail(
    uri: string,
    parsed: NftUri,
    options: MetadataLookupOptions,
  ): Promise<Interpreted> {
    const maxBytes = this.fetcher.maxBytes;
    if (parsed.kind === 'json') return interpret(Buffer.from(parsed.text, 'utf8'), 'application/json', uri);
    if (parsed.kind === 'data') {
      if (parsed.mediaType.startsWith('image/')) return { metadata: mediaOnlyMetadata(uri.trim(), 'image') };
      if (parsed.mediaType.startsWith('video/')) return { metadata: mediaOnlyMetadata(uri.trim(), 'video') };
      const bytes = decodeDataPayload(parsed, maxBytes);
      return bytes ? interpret(bytes, null, uri.trim()) : { metadata: null, reason: 'invalid' };
    }
    return this.fetcher.fetchParsed(
      parsed,
      (response) => {
        const found = interpret(response.body, response.contentType, uri.trim());
        // Not an answer: let a slower gateway win the race instead.
        if (!found.metadata) throw new NotMetadataError(found.reason);
        return found;
      },
      { accept: METADATA_ACCEPT, ...options },
    );
  }
}
