import { Client } from 'minio';

import { assertMediaKey, assertMediaPrefix, BaseMediaStorage } from './media.storage.js';
import type { ByteRange, MediaEntry, MediaObject, MediaObjectInfo, MediaSource } from './media.storage.js';

export interface S3StorageConfig {
  /** `http(s)://host:port`, or `host:port` for plain http. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /**
   * Bytes per part of a streamed (multipart) upload, held in memory one at a time: default 8 MiB
   * (S3 refuses parts under 5 MiB but the last). A streamed object smaller than this is one PUT.
   */
  partSize?: number;
}

export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;

const MISSING_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);
const ALREADY_THERE = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Media in an S3-compatible bucket (MinIO in docker-compose); the bucket is created on first write. */
export class S3MediaStorage extends BaseMediaStorage {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly partSize: number;
  private bucketReady: Promise<void> | null = null;

  constructor(config: S3StorageConfig) {
    super();
    const endpoint = config.endpoint.includes('://') ? config.endpoint : `http://${config.endpoint}`;
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new Error(`S3 endpoint "${config.endpoint}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`S3 endpoint "${config.endpoint}" must be http or https`);
    }
    this.bucket = config.bucket;
    this.region = config.region ?? 'us-east-1';
    this.partSize = config.partSize ?? DEFAULT_PART_SIZE;
    if (!Number.isInteger(this.partSize) || this.partSize < MIN_PART_SIZE) {
      throw new Error(`S3 part size must be a whole number of bytes, at least ${MIN_PART_SIZE}`);
    }
    this.client = new Client({
      endPoint: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: this.region,
      pathStyle: true,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertMediaKey(key);
    await this.ensureBucket();
    await this.client.putObject(this.bucket, key, bytes, bytes.length, { 'Content-Type': contentType });
  }

  /**
   * A multipart upload, one part in memory at a time (the source is not read while a part is sent);
   * the object appears only when the upload completes, and a failure aborts the upload.
   */
  async putStream(key: string, source: MediaSource, contentType: string): Promise<{ size: number }> {
    assertMediaKey(key);
    await this.ensureBucket();
    const headers = { 'Content-Type': contentType };
    let size = 0;
    // Chunks of an object that may still fit in one PUT; once it cannot, one part buffer reused for
    // every part (no garbage of part size per part, which the GC would let pile up).
    let head: Buffer[] = [];
    let part: Buffer | null = null;
    let filled = 0;
    let uploadId: string | null = null;
    const parts: Array<{ part: number; etag: string }> = [];
    const sendPart = async (bytes: Buffer): Promise<void> => {
      uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, key, headers);
      const number = parts.length + 1;
      const sent = await this.client.uploadPart(
        { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: number, headers: {} },
        bytes,
      );
      parts.push({ part: number, etag: sent.etag });
    };
    try {
      for await (const chunk of source) {
        let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        size += bytes.length;
        if (part === null) {
          if (filled + bytes.length < this.partSize) {
            head.push(bytes);
            filled += bytes.length;
            continue;
          }
          part = Buffer.allocUnsafe(this.partSize);
          Buffer.concat(head, filled).copy(part);
          head = [];
        }
        while (bytes.length > 0) {
          const copied = bytes.copy(part, filled, 0, Math.min(bytes.length, this.partSize - filled));
          filled += copied;
          bytes = bytes.subarray(copied);
          if (filled === this.partSize) {
            // The source is not read while a part is sent: one part in memory at a time.
            await sendPart(part);
            filled = 0;
          }
        }
      }
      if (part === null) {
        await this.client.putObject(this.bucket, key, Buffer.concat(head, filled), filled, headers);
      } else {
        if (filled > 0) await sendPart(part.subarray(0, filled));
        await this.client.completeMultipartUpload(this.bucket, key, uploadId!, parts);
      }
    } catch (error) {
      if (uploadId !== null) await this.abortUpload(key, uploadId);
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    const info = await this.stat(key);
    if (!info) return null;
    const body = await this.unlessMissing(
      () =>
        range
          ? this.client.getPartialObject(this.bucket, key, range.start, range.end - range.start + 1)
          : this.client.getObject(this.bucket, key),
      null,
    );
    return body && { ...info, body };
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    assertMediaKey(key);
    const stat = await this.unlessMissing(() => this.client.statObject(this.bucket, key), null);
    if (!stat) return null;
    return { contentType: this.contentTypeOrFallback(stat.metaData['content-type']), size: stat.size };
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await this.unlessMissing(() => this.client.removeObject(this.bucket, key), undefined);
  }

  async list(prefix: string): Promise<string[]> {
    assertMediaPrefix(prefix);
    return this.unlessMissing(async () => {
      const keys: string[] = [];
      const items = this.client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<{ name?: string }>;
      for await (const item of items) if (item.name) keys.push(item.name);
      return keys.sort();
    }, []);
  }

  async entries(prefix: string): Promise<MediaEntry[]> {
    assertMediaPrefix(prefix);
    return this.unlessMissing(async () => {
      const found: MediaEntry[] = [];
      const items = this.client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<{
        name?: string;
        size?: number;
        lastModified?: Date;
      }>;
      for await (const item of items) {
        if (item.name) {
          found.push({ key: item.name, size: item.size ?? 0, modifiedAt: item.lastModified ?? new Date(0) });
        }
      }
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    }, []);
  }

  protected isMissing(error: unknown): boolean {
    return MISSING_CODES.has(errorCode(error) ?? '');
  }

  /**
   * Best effort: an unfinished upload is never an object, only parts the store keeps until aborted
   * (a bucket lifecycle rule, AbortIncompleteMultipartUpload, removes any this call could not).
   */
  private async abortUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.abortMultipartUpload(this.bucket, key, uploadId);
    } catch {
      // The upload already failed; its error is the one to report.
    }
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (await this.client.bucketExists(this.bucket)) return;
      try {
        await this.client.makeBucket(this.bucket, this.region);
      } catch (error) {
        // Another process created it between our check and our request.
        if (!ALREADY_THERE.has(errorCode(error) ?? '')) throw error;
      }
    })().catch((error: unknown) => {
      this.bucketReady = null;
      throw error;
    });
    return this.bucketReady;
  }
}
