import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  assertMediaKey,
  assertMediaPrefix,
  type ByteRange,
  type MediaObject,
  type MediaObjectInfo,
  type MediaSource,
  type MediaStorage,
} from './media.storage.js';

const FALLBACK_TYPE = 'application/octet-stream';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Writes next to the target and renames, so a reader never sees half a file. */
async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Media on the local disk: bytes under `<root>/objects/<key>`, the content type beside them under
 * `<root>/meta/<key>.json`; streamed writes go to `<root>/tmp/` first and are renamed into place.
 */
export class DiskMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const paths = this.paths(key);
    await writeAtomically(paths.meta, JSON.stringify({ contentType }));
    await writeAtomically(paths.data, bytes);
  }

  async putStream(key: string, source: MediaSource, contentType: string): Promise<{ size: number }> {
    const paths = this.paths(key);
    // Outside objects/: a half-written file is never listed or served, and a crash leaves it in tmp/ only.
    const temporary = join(this.root, 'tmp', `${randomUUID()}.part`);
    await mkdir(dirname(temporary), { recursive: true });
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    let metaWritten = false;
    try {
      await pipeline(source, count, createWriteStream(temporary, { flags: 'wx' }));
      await writeAtomically(paths.meta, JSON.stringify({ contentType }));
      metaWritten = true;
      await mkdir(dirname(paths.data), { recursive: true });
      await rename(temporary, paths.data);
    } catch (error) {
      await rm(temporary, { force: true });
      if (metaWritten && !(await this.exists(key))) await rm(paths.meta, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    const paths = this.paths(key);
    let handle;
    try {
      handle = await open(paths.data, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const contentType = await this.contentType(paths.meta);
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { contentType, size: info.size, body };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    const paths = this.paths(key);
    try {
      const info = await stat(paths.data);
      return info.isFile() ? { contentType: await this.contentType(paths.meta), size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const paths = this.paths(key);
    await rm(paths.data, { force: true });
    await rm(paths.meta, { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    assertMediaPrefix(prefix);
    const objects = join(this.root, 'objects');
    // Only the folder the prefix names is walked, not the whole store.
    const folder = join(objects, prefix.slice(0, prefix.lastIndexOf('/') + 1));
    let entries;
    try {
      entries = await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(objects, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort();
  }

  private paths(key: string): { data: string; meta: string } {
    assertMediaKey(key);
    return { data: join(this.root, 'objects', key), meta: join(this.root, 'meta', `${key}.json`) };
  }

  private async contentType(metaPath: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : FALLBACK_TYPE;
    } catch {
      return FALLBACK_TYPE;
    }
  }
}
