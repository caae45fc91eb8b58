import type { Readable } from 'node:stream';

export interface MediaObjectInfo {
  contentType: string;
  /** Size of the whole object in bytes. */
  size: number;
}

export interface MediaObject extends MediaObjectInfo {
  /** The object's bytes, or only the requested range of them. Consume or destroy it: it holds a file or socket. */
  body: Readable;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** An object as a listing sees it. */
export interface MediaEntry {
  key: string;
  size: number;
  /** When the object was written. */
  modifiedAt: Date;
}

/** What `putStream` reads: a stream, or any (async) iterable of byte chunks. */
export type MediaSource = Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Object storage for media: S3/MinIO when configured, a local directory otherwise. */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Streams bytes into an object without holding them in memory; answers how many were stored.
   * All or nothing: when the source fails (an aborted upload, a limit) or storage does, no object is
   * left under the key and the error is rethrown.
   */
  putStream(key: string, source: MediaSource, contentType: string): Promise<{ size: number }>;
  /** Null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  stat(key: string): Promise<MediaObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Keys of the objects under a prefix such as `uploads/` (housekeeping and tests; sorted). */
  list(prefix: string): Promise<string[]>;
  /** The objects under a prefix with their sizes and ages (housekeeping; sorted by key). */
  entries(prefix: string): Promise<MediaEntry[]>;
}

/**
 * What the adapters share: `exists` from `stat`, and a missing object (or folder, or bucket) read as
 * an answer rather than an error, each store saying "missing" its own way.
 */
export abstract class BaseMediaStorage implements MediaStorage {
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  abstract putStream(key: string, source: MediaSource, contentType: string): Promise<{ size: number }>;
  abstract get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  abstract stat(key: string): Promise<MediaObjectInfo | null>;
  abstract delete(key: string): Promise<void>;
  abstract list(prefix: string): Promise<string[]>;
  abstract entries(prefix: string): Promise<MediaEntry[]>;

  /** Whether an error of this store means that there is nothing under the name asked for. */
  protected abstract isMissing(error: unknown): boolean;

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** The content type recorded with an object; an object stored without one is plain bytes. */
  protected contentTypeOrFallback(recorded: unknown): string {
    return typeof recorded === 'string' ? recorded : 'application/octet-stream';
  }

  /** The answer of `read`, or `missing` when the store says there is nothing there. */
  protected async unlessMissing<T, M>(read: () => Promise<T>, missing: M): Promise<T | M> {
    try {
      return await read();
    } catch (error) {
      if (this.isMissing(error)) return missing;
      throw error;
    }
  }
}

/** Injection token of the configured MediaStorage adapter. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i;
const MAX_KEY_LENGTH = 512;

/** Keys are relative slash-separated names; no '..', no leading slash, nothing a path could escape with. */
export function assertMediaKey(key: string): void {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY.test(key)) {
    throw new Error(`invalid media key ${JSON.stringify(key)}`);
  }
}

const PREFIX = /^(?:[a-z0-9][a-z0-9._-]*\/)*(?:[a-z0-9][a-z0-9._-]*)?$/i;

/** A list prefix: empty, or the start of a key (`uploads/`, `uploads/ab`); never a way out of the store. */
export function assertMediaPrefix(prefix: string): void {
  if (typeof prefix !== 'string' || prefix.length > MAX_KEY_LENGTH || !PREFIX.test(prefix)) {
    throw new Error(`invalid media prefix ${JSON.stringify(prefix)}`);
  }
}

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}
