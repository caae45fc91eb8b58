import {
  decodeDataPayload,
  FetchError,
  GatewayFetcher,
  type GatewayFetcherOptions,
  isHostUnavailable,
  type MediaFetcher,
  type MediaFetchOptions,
  parseNftUri,
  type SafeResponse,
  sniffMediaType,
} from '../../outbound/index.js';
import type { MetadataLookup, MetadataResolver, ResolvedMetadata } from '../nft-source.js';
import { mediaOnlyMetadata, normalizeMetadata } from './metadata.normalizer.js';

export type GatewayMetadataResolverOptions = GatewayFetcherOptions;

const METADATA_ACCEPT = 'application/json, text/plain;q=0.9, image/*;q=0.8, */*;q=0.5';

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

  async lookup(uri: string): Promise<MetadataLookup> {
    try {
      const metadata = await this.resolveOrFail(uri);
      return metadata ? { metadata } : { metadata: null };
    } catch (error) {
      return isHostUnavailable(error) && error instanceof Error
        ? { metadata: null, unavailable: error.message }
        : { metadata: null };
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

  private async resolveOrFail(uri: string): Promise<ResolvedMetadata | null> {
    const maxBytes = this.fetcher.maxBytes;
    // A data: URI is the document itself; a percent-encoded one is at most three times its bytes.
    if (typeof uri !== 'string' || uri.length > maxBytes * 3 + 1024) return null;
    const parsed = parseNftUri(uri);
    if (!parsed) return null;
    if (parsed.kind === 'json') return interpret(Buffer.from(parsed.text, 'utf8'), 'application/json', uri);
    if (parsed.kind === 'data') {
      if (parsed.mediaType.startsWith('image/')) return mediaOnlyMetadata(uri.trim(), 'image');
      if (parsed.mediaType.startsWith('video/')) return mediaOnlyMetadata(uri.trim(), 'video');
      const bytes = decodeDataPayload(parsed, maxBytes);
      return bytes ? interpret(bytes, null, uri.trim()) : null;
    }
    return this.fetcher.fetchParsed(
      parsed,
      (response) => {
        const metadata = interpret(response.body, response.contentType, uri.trim());
        // Not an answer: let a slower gateway win the race instead.
        if (!metadata) throw new FetchError('invalid-response', 'the answer is not token metadata');
        return metadata;
      },
      { accept: METADATA_ACCEPT },
    );
  }
}
