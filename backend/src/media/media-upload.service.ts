import { randomUUID } from 'node:crypto';

import { BadRequestException, Inject, Injectable } from '@nestjs/common';

import { type MediaKind, sniffMediaType } from '../platform/outbound/index.js';
import { exceedsPixelLimit, pixelLimitMessage, readImageSize } from './image-size.probe.js';
import { MEDIA_STORAGE, type MediaStorage } from './media.storage.js';

export const UPLOAD_PREFIX = 'uploads';
/** Public path the media controller serves uploads under. */
export const UPLOAD_ROUTE = '/api/media/files';
/** Names of stored uploads: a random UUID plus the extension of the sniffed type. */
export const UPLOAD_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|gif|webp|svg|mp4|mov|webm|avi)$/;

/** A fresh random key for an upload of the given extension, and the path it is served under. */
export function newUploadKey(extension: string): { key: string; url: string } {
  const name = `${randomUUID()}${extension}`;
  return { key: `${UPLOAD_PREFIX}/${name}`, url: `${UPLOAD_ROUTE}/${name}` };
}

/** The path the media controller serves an upload key under. */
export function uploadUrl(key: string): string {
  return `${UPLOAD_ROUTE}/${key.slice(UPLOAD_PREFIX.length + 1)}`;
}

export interface UploadRules {
  maxBytes: number;
  kinds: readonly MediaKind[];
}

export interface StoredUpload {
  key: string;
  /** Path under which the media controller serves the file. */
  url: string;
  contentType: string;
  kind: MediaKind;
  size: number;
}

export type UploadRejection = 'empty' | 'too-large' | 'unsupported-type' | 'too-many-pixels';

/** A 400 that says why; catch it to word the message the way a screen expects. */
export class UploadRejectedException extends BadRequestException {
  constructor(
    readonly rejection: UploadRejection,
    message: string,
  ) {
    super(message);
  }
}

function describeKinds(kinds: readonly MediaKind[]): string {
  const names: Record<MediaKind, string> = {
    image: 'PNG, JPEG, GIF, WEBP or SVG image',
    video: 'MP4, MOV, WEBM or AVI video',
  };
  return kinds.map((k) => names[k]).join(' or ');
}

/** Stores uploaded files after checking what they are by their bytes, under random keys. */
@Injectable()
export class MediaUploadService {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  async store(bytes: Buffer, rules: UploadRules): Promise<StoredUpload> {
    if (bytes.length === 0) throw new UploadRejectedException('empty', 'The file is empty');
    if (bytes.length > rules.maxBytes) {
      const limit =
        rules.maxBytes >= 1024 * 1024
          ? `${Math.floor(rules.maxBytes / 1024 / 1024)} MB`
          : `${rules.maxBytes} bytes`;
      throw new UploadRejectedException('too-large', `The file is larger than ${limit}`);
    }
    const sniffed = sniffMediaType(bytes);
    if (!sniffed || !rules.kinds.includes(sniffed.kind)) {
      throw new UploadRejectedException(
        'unsupported-type',
        `The file is not a ${describeKinds(rules.kinds)}`,
      );
    }
    const size = readImageSize(bytes);
    if (size && exceedsPixelLimit(size)) {
      throw new UploadRejectedException('too-many-pixels', pixelLimitMessage(size));
    }
    const { key, url } = newUploadKey(sniffed.extension);
    await this.storage.put(key, bytes, sniffed.mime);
    return {
      key,
      url,
      contentType: sniffed.mime,
      kind: sniffed.kind,
      size: bytes.length,
    };
  }

  /** Storage key of an upload URL we handed out (absolute or path); null for anything else. */
  keyFromUrl(url: string): string | null {
    let path: string;
    try {
      path = new URL(url, 'http://local').pathname;
    } catch {
      return null;
    }
    const name = path.startsWith(`${UPLOAD_ROUTE}/`) ? path.slice(UPLOAD_ROUTE.length + 1) : '';
    return UPLOAD_NAME.test(name) ? `${UPLOAD_PREFIX}/${name}` : null;
  }

  /** Removes an upload by the URL or key we handed out; unknown values are ignored. */
  async remove(urlOrKey: string): Promise<void> {
    const key = urlOrKey.startsWith(`${UPLOAD_PREFIX}/`) ? urlOrKey : this.keyFromUrl(urlOrKey);
    if (key && UPLOAD_NAME.test(key.slice(UPLOAD_PREFIX.length + 1))) await this.storage.delete(key);
  }
}
