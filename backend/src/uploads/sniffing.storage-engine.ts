import { PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';

import { sniffMediaType } from '../outbound/index.js';
import { newUploadKey, type StoredUpload, UploadRejectedException } from '../media/media-upload.service.js';
import type { MediaStorage } from '../media/media.storage.js';
import { claimsMatchContent } from './upload-type.rules.js';
import type { UploadPolicy } from './upload.policy.js';

/** Enough for every signature an upload may have (the sniffer reads at most 64 bytes but for SVG). */
export const SNIFF_BYTES = 64;

/** A multer file once this engine stored it. */
export interface StoredMediaFile extends Express.Multer.File {
  stored: StoredUpload;
}

export function isStoredMediaFile(file: Express.Multer.File): file is StoredMediaFile {
  return typeof (file as Partial<StoredMediaFile>).stored?.key === 'string';
}

/** busboy marks a file stream it cut at `limits.fileSize`. */
type FileStream = Express.Multer.File['stream'] & { truncated?: boolean };

/**
 * A multer storage engine that never holds a file in memory: it reads the first bytes, judges the
 * type by them (and refuses a declared type or extension that contradicts them), then streams the
 * rest to media storage under a random key. A file over the size limit, a client that goes away and
 * a storage failure all leave no object behind (MediaStorage.putStream is all or nothing).
 */
export class SniffingStorageEngine implements StorageEngine {
  constructor(
    private readonly storage: MediaStorage,
    private readonly policy: UploadPolicy,
  ) {}

  _handleFile(
    _req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<StoredMediaFile>) => void,
  ): void {
    this.store(file).then(
      (stored) => callback(null, { size: stored.size, stored }),
      (error: unknown) => callback(error),
    );
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    if (!isStoredMediaFile(file)) {
      callback(null);
      return;
    }
    this.storage.delete(file.stored.key).then(
      () => callback(null),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private async store(file: Express.Multer.File): Promise<StoredUpload> {
    const { policy } = this;
    const stream = file.stream as FileStream;
    let overLimit = false;
    stream.once('limit', () => {
      overLimit = true;
    });
    const tooLarge = (): PayloadTooLargeException => new PayloadTooLargeException(policy.messages.tooLarge);
    const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let headBytes = 0;
    while (headBytes < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      head.push(next.value);
      headBytes += next.value.length;
    }
    if (headBytes === 0) throw new UploadRejectedException('empty', policy.messages.empty);
    const sniffed = sniffMediaType(Buffer.concat(head, headBytes));
    if (
      !sniffed ||
      !policy.types.includes(sniffed.mime) ||
      !claimsMatchContent(sniffed.mime, file.mimetype, file.originalname)
    ) {
      // Ends our read; multer then drains the rest of the request before it answers.
      stream.destroy();
      throw new UploadRejectedException('unsupported-type', policy.messages.invalidType);
    }

    let size = 0;
    const counted = (chunk: Buffer): Buffer => {
      size += chunk.length;
      if (size > policy.maxBytes || overLimit) throw tooLarge();
      return chunk;
    };
    async function* body(): AsyncGenerator<Buffer> {
      for (const chunk of head) yield counted(chunk);
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        yield counted(next.value);
      }
      // busboy ends a file cut at the limit normally: the flag is how we know.
      if (overLimit || stream.truncated) throw tooLarge();
    }

    const { key, url } = newUploadKey(sniffed.extension);
    await this.storage.putStream(key, body(), sniffed.mime);
    return { key, url, contentType: sniffed.mime, kind: sniffed.kind, size };
  }
}
