import { PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';

import { sniffMediaType } from '../platform/outbound/index.js';
import {
  exceedsPixelLimit,
  ImageSizeProbe,
  pixelLimitMessage,
  newUploadKey,
  type StoredUpload,
  UploadRejectedException,
  type MediaStorage,
} from '../media/index.js';
import { clientKey } from '../platform/security/index.js';
import type { UploadBudget, UploadGrant } from './upload-budget.service.js';
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
    /** Counts each client address's stored bytes when the route is public (policy.budgetPerClient). */
    private readonly budget: UploadBudget | null = null,
  ) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<StoredMediaFile>) => void,
  ): void {
    this.store(req, file).then(
      (stored) => callback(null, { size: stored.size, stored }),
      (error: unknown) => callback(error),
    );
  }

  _removeFile(req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    if (!isStoredMediaFile(file)) {
      callback(null);
      return;
    }
    const removed = this.storage.delete(file.stored.key);
    const released = removed.then(() => this.budget?.release(clientKey(req.ip), [file.stored.key]));
    released.then(
      () => callback(null),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private async store(req: Request, file: Express.Multer.File): Promise<StoredUpload> {
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

    const { key, url } = newUploadKey(sniffed.extension);
    const budget = this.budget;
    let grant: UploadGrant | null = null;
    if (budget) {
      try {
        grant = await budget.reserve(clientKey(req.ip), key);
      } catch (error) {
        stream.destroy();
        throw error;
      }
    }

    let size = 0;
    // An image's declared size is read from its header as it streams in (a JPEG's may come late).
    let probe: ImageSizeProbe | null = sniffed.kind === 'image' ? new ImageSizeProbe() : null;
    const counted = (chunk: Buffer): Buffer => {
      size += chunk.length;
      if (size > policy.maxBytes || overLimit) throw tooLarge();
      const declared = probe?.push(chunk);
      if (declared !== undefined) {
        probe = null;
        if (declared && exceedsPixelLimit(declared))
          throw new UploadRejectedException('too-many-pixels', pixelLimitMessage(declared));
      }
      return chunk;
    };
    /** The budget grants bytes just before they are stored; Redis away lets the rest through. */
    const granted = async (chunk: Buffer): Promise<Buffer> => {
      while (grant && budget && size + chunk.length > grant.bytes) {
        const more = await budget.extend(grant);
        if (more === null) grant = null;
        else if (!more) throw budget.exceeded();
      }
      return counted(chunk);
    };
    async function* body(): AsyncGenerator<Buffer> {
      for (const chunk of head) yield await granted(chunk);
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        yield await granted(next.value);
      }
      // busboy ends a file cut at the limit normally: the flag is how we know.
      if (overLimit || stream.truncated) throw tooLarge();
    }

    try {
      await this.storage.putStream(key, body(), sniffed.mime);
    } catch (error) {
      if (grant) await budget?.release(grant.client, [key]);
      throw error;
    }
    if (grant) await budget?.settle(grant, size);
    return { key, url, contentType: sniffed.mime, kind: sniffed.kind, size };
  }
}
