import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

import { Inject, Injectable, Logger } from '@nestjs/common';

import {
  decodeDataPayload,
  FetchError,
  type MediaFetcher,
  parseNftUri,
  sniffMediaType,
} from '../outbound/index.js';
import { MEDIA_MODULE_OPTIONS, type MediaModuleOptions } from './media.options.js';
import { MEDIA_STORAGE, type MediaStorage } from './media.storage.js';

export const DEFAULT_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const DEFAULT_IMAGE_TIMEOUT_MS = 15_000;
/** Longer sources are refused before any work (a URL in a query string is bounded anyway). */
export const MAX_IMAGE_SRC_LENGTH = 8 * 1024;
const CACHE_PREFIX = 'image-cache';
const IMAGE_ACCEPT = 'image/*, video/*;q=0.9, */*;q=0.5';

export type ImageFailure =
  /** The src is not a URI we can fetch, or points at an address we never contact. */
  | 'invalid-source'
  | 'not-found'
  /** Timeout, connection failure or an error status from the source. */
  | 'unreachable'
  | 'not-an-image'
  | 'too-large';

export class ImageProxyError extends Error {
  override readonly name = 'ImageProxyError';

  constructor(
    readonly failure: ImageFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ProxiedImage {
  body: Buffer | Readable;
  /** The type sniffed from the bytes, never the one the source claimed. */
  contentType: string;
  size: number;
  /** Strong validator derived from the source URI. */
  etag: string;
  cacheHit: boolean;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function explain(error: unknown, maxBytes: number): ImageProxyError {
  if (!(error instanceof FetchError))
    return new ImageProxyError('unreachable', 'The image source could not be reached');
  switch (error.kind) {
    case 'blocked':
      return new ImageProxyError('invalid-source', 'src points to an address that may not be fetched');
    case 'too-large':
      return new ImageProxyError(
        'too-large',
        `The image is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB`,
      );
    case 'timeout':
      return new ImageProxyError('unreachable', 'The image source did not answer in time');
    case 'http-status':
      return error.status === 404 || error.status === 410
        ? new ImageProxyError('not-found', 'The image source has no such image')
        : new ImageProxyError('unreachable', `The image source answered ${error.status ?? 'an error'}`);
    default:
      return new ImageProxyError('unreachable', 'The image source could not be reached');
  }
}

/**
 * Fetches NFT images through the guarded resolver and keeps them in media storage under the sha256
 * of their canonical URI, so the next request for the same image is served from storage.
 */
@Injectable()
export class ImageProxyService {
  private readonly logger = new Logger(ImageProxyService.name);
  private readonly fetcher: MediaFetcher;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  /** Concurrent requests for one uncached image share one fetch. */
  private readonly inFlight = new Map<string, Promise<{ bytes: Buffer; mime: string }>>();

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(MEDIA_MODULE_OPTIONS) options: MediaModuleOptions,
  ) {
    this.fetcher = options.fetcher;
    this.maxBytes = options.imageMaxBytes ?? DEFAULT_IMAGE_MAX_BYTES;
    this.timeoutMs = options.imageTimeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS;
  }

  /** Throws ImageProxyError. */
  async getImage(src: string): Promise<ProxiedImage> {
    if (typeof src !== 'string' || src.trim() === '')
      throw new ImageProxyError('invalid-source', 'src is required');
    if (src.length > MAX_IMAGE_SRC_LENGTH) {
      throw new ImageProxyError('invalid-source', `src must be at most ${MAX_IMAGE_SRC_LENGTH} characters`);
    }
    const parsed = parseNftUri(src);
    if (parsed?.kind === 'data') return this.fromDataUri(src.trim(), parsed);
    const canonical = parsed && parsed.kind !== 'json' ? this.fetcher.canonicalUri(src) : null;
    if (!canonical) {
      throw new ImageProxyError(
        'invalid-source',
        'src must be an ipfs://, ar://, http(s):// or data:image URI',
      );
    }
    const digest = sha256(canonical);
    const key = this.cacheKey(canonical);
    const etag = `"${digest}"`;
    const cached = await this.storage.get(key).catch((error: unknown) => {
      this.logger.warn(`image cache read failed for ${key}: ${String(error)}`);
      return null;
    });
    if (cached)
      return { body: cached.body, contentType: cached.contentType, size: cached.size, etag, cacheHit: true };
    let fetching = this.inFlight.get(key);
    if (!fetching) {
      fetching = this.fetchAndStore(canonical, key).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, fetching);
    }
    const fetched = await fetching;
    return {
      body: fetched.bytes,
      contentType: fetched.mime,
      size: fetched.bytes.length,
      etag,
      cacheHit: false,
    };
  }

  /** Storage key of the cached copy of an image source. */
  cacheKey(canonicalSrc: string): string {
    const digest = sha256(canonicalSrc);
    return `${CACHE_PREFIX}/${digest.slice(0, 2)}/${digest}`;
  }

  private fromDataUri(
    src: string,
    parsed: Extract<ReturnType<typeof parseNftUri>, { kind: 'data' }>,
  ): ProxiedImage {
    const bytes = decodeDataPayload(parsed, this.maxBytes);
    const sniffed = bytes ? sniffMediaType(bytes) : null;
    if (!bytes || !sniffed)
      throw new ImageProxyError('invalid-source', 'src is a data: URI that holds no supported image');
    return {
      body: bytes,
      contentType: sniffed.mime,
      size: bytes.length,
      etag: `"${sha256(src)}"`,
      cacheHit: false,
    };
  }

  private async fetchAndStore(canonical: string, key: string): Promise<{ bytes: Buffer; mime: string }> {
    let bytes: Buffer;
    try {
      ({ body: bytes } = await this.fetcher.fetchUri(canonical, {
        maxBytes: this.maxBytes,
        timeoutMs: this.timeoutMs,
        accept: IMAGE_ACCEPT,
      }));
    } catch (error) {
      throw explain(error, this.maxBytes);
    }
    const sniffed = sniffMediaType(bytes);
    if (!sniffed) throw new ImageProxyError('not-an-image', 'The source did not answer a supported image');
    // A failed cache write costs a refetch next time, not this answer.
    await this.storage.put(key, bytes, sniffed.mime).catch((error: unknown) => {
      this.logger.warn(`image cache write failed for ${key}: ${String(error)}`);
    });
    return { bytes, mime: sniffed.mime };
  }
}
