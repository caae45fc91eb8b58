import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

import { Inject, Injectable, Logger, Optional } from '@nestjs/common';

import {
  decodeDataPayload,
  FetchError,
  type MediaFetcher,
  parseNftUri,
  sniffMediaType,
} from '../platform/outbound/index.js';
import { IMAGE_CACHE_INDEX, type ImageCacheIndex, MemoryImageCacheIndex } from './image-cache.index.js';
import { normaliseImageSource } from './image-source.normaliser.js';
import { exceedsPixelLimit, ImageSizeProbe, pixelLimitMessage, readImageSize } from './image-size.probe.js';
import { MEDIA_MODULE_OPTIONS, type MediaModuleOptions } from './media.options.js';
import { MEDIA_STORAGE, readAll, type MediaStorage } from './media.storage.js';

export const DEFAULT_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const DEFAULT_IMAGE_TIMEOUT_MS = 15_000;
/** Total bytes of the image cache when none is configured (IMAGE_CACHE_MAX_MB). */
export const DEFAULT_IMAGE_CACHE_MAX_BYTES = 1024 * 1024 * 1024;
/** Bytes of a cached image read to check the size its header declares (a JPEG's frame header may lie far in). */
const HEADER_READ_BYTES = 64 * 1024;
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
  | 'too-large'
  /** Its header declares more than MAX_IMAGE_PIXELS: never stored nor served. */
  | 'too-many-pixels';

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

/** Refuses an image whose header declares more pixels than a browser should be asked to decode. */
function refusePixelBomb(bytes: Buffer): void {
  const declared = readImageSize(bytes);
  if (declared && exceedsPixelLimit(declared)) {
    throw new ImageProxyError('too-many-pixels', pixelLimitMessage(declared));
  }
}

/**
 * Fetches NFT images through the guarded resolver and keeps them in media storage under the sha256
 * of their normalised URI, so the next request for the same image is served from storage. The
 * cache is bounded by its total size (IMAGE_CACHE_MAX_MB): the least recently served images go.
 */
@Injectable()
export class ImageProxyService {
  private readonly logger = new Logger(ImageProxyService.name);
  private readonly fetcher: MediaFetcher;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly cacheMaxBytes: number;
  private readonly index: ImageCacheIndex;
  /** Concurrent requests for one uncached image share one fetch. */
  private readonly inFlight = new Map<string, Promise<{ bytes: Buffer; mime: string }>>();

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(MEDIA_MODULE_OPTIONS) options: MediaModuleOptions,
    @Optional() @Inject(IMAGE_CACHE_INDEX) index?: ImageCacheIndex,
  ) {
    this.fetcher = options.fetcher;
    this.maxBytes = options.imageMaxBytes ?? DEFAULT_IMAGE_MAX_BYTES;
    this.timeoutMs = options.imageTimeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS;
    this.cacheMaxBytes = options.imageCacheMaxBytes ?? DEFAULT_IMAGE_CACHE_MAX_BYTES;
    this.index = index ?? new MemoryImageCacheIndex();
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
    const identity = normaliseImageSource(canonical);
    const key = this.cacheKey(identity);
    const etag = `"${sha256(identity)}"`;
    const cached = await this.storage.get(key).catch((error: unknown) => {
      this.logger.warn(`image cache read failed for ${key}: ${String(error)}`);
      return null;
    });
    if (cached) {
      this.index.touch(key, Date.now()).catch((error: unknown) => {
        this.logger.warn(`image cache index not updated for ${key}: ${String(error)}`);
      });
      return { body: cached.body, contentType: cached.contentType, size: cached.size, etag, cacheHit: true };
    }
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

  /** Storage key of the cached copy of an image source (its canonical URI, normalised here). */
  cacheKey(canonicalSrc: string): string {
    const digest = sha256(normaliseImageSource(canonicalSrc));
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
    refusePixelBomb(bytes);
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
    refusePixelBomb(bytes);
    await this.keep(key, bytes, sniffed.mime);
    return { bytes, mime: sniffed.mime };
  }

  /**
   * Stores a fetched image in the cache within its total size: the index makes room first (least
   * recently served entries go). A failed cache write costs a refetch next time, not this answer;
   * without the index (Redis away) nothing is stored, since nothing would bound it.
   */
  private async keep(key: string, bytes: Buffer, mime: string): Promise<void> {
    // Larger than the whole cache: served, never kept (it would only push everything else out).
    if (bytes.length > this.cacheMaxBytes) return;
    let evicted: string[];
    try {
      evicted = await this.index.add(key, bytes.length, Date.now(), this.cacheMaxBytes);
    } catch (error) {
      this.logger.warn(`image cache index unavailable, ${key} not cached: ${String(error)}`);
      return;
    }
    if (!evicted.includes(key)) {
      try {
        await this.storage.put(key, bytes, mime);
      } catch (error) {
        this.logger.warn(`image cache write failed for ${key}: ${String(error)}`);
        await this.index.remove(key).catch(() => undefined);
      }
    }
    await this.drop(evicted);
  }

  private async drop(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.delete(key).catch((error: unknown) => {
        this.logger.warn(`image cache entry ${key} not removed: ${String(error)}`);
      });
    }
  }

  /**
   * Counts the cached images the index does not know (stored before it existed, or before Redis
   * lost it) and removes those over the pixel limit, then trims the cache to its size. Runs once
   * per index: answers null when there was nothing to do.
   */
  async reconcileCache(): Promise<{ counted: number; removed: number; evicted: number } | null> {
    if (await this.index.reconciled()) return null;
    const entries = await this.storage.entries(`${CACHE_PREFIX}/`);
    entries.sort((a, b) => a.modifiedAt.getTime() - b.modifiedAt.getTime());
    const outcome = { counted: 0, removed: 0, evicted: 0 };
    for (const entry of entries) {
      if (await this.index.has(entry.key)) continue;
      if (await this.declaresTooManyPixels(entry.key, entry.size)) {
        await this.drop([entry.key]);
        outcome.removed++;
        continue;
      }
      const evicted = await this.index.add(
        entry.key,
        entry.size,
        entry.modifiedAt.getTime(),
        this.cacheMaxBytes,
      );
      await this.drop(evicted);
      outcome.counted++;
      outcome.evicted += evicted.length;
    }
    await this.index.markReconciled();
    return outcome;
  }

  /** Bytes the image cache holds, as its index counts them. */
  cachedBytes(): Promise<number> {
    return this.index.totalBytes();
  }

  private async declaresTooManyPixels(key: string, size: number): Promise<boolean> {
    if (size === 0) return false;
    const head = await this.storage.get(key, { start: 0, end: Math.min(size, HEADER_READ_BYTES) - 1 });
    if (!head) return false;
    const probe = new ImageSizeProbe();
    const declared = probe.push(await readAll(head.body)) ?? probe.end();
    return declared !== null && exceedsPixelLimit(declared);
  }
}
