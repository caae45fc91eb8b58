import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { assertMediaKey, assertMediaPrefix, BaseMediaStorage } from './media.storage.js';
import type { ByteRange, MediaEntry, MediaObject, MediaObjectInfo, MediaSource } from './media.storage.js';

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
export class DiskMediaStorage extends BaseMediaStorage {
  constructor(private readonly root: string) {
    super();
  }

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
    const handle = await this.unlessMissing(() => open(paths.data, 'r'), null);
    if (!handle) return null;
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
    const info = await this.unlessMissing(() => stat(paths.data), null);
    return info?.isFile() ? { contentType: await this.contentType(paths.meta), size: info.size } : null;
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
    const entries = await this.unlessMissing(
      () => readdir(folder, { recursive: true, withFileTypes: true }),
      [],
    );
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(objects, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort();
  }

  async entries(prefix: string): Promise<MediaEntry[]> {
    const found: MediaEntry[] = [];
    for (const key of await this.list(prefix)) {
      // Removed since it was listed: not an entry any more.
      const info = await this.unlessMissing(() => stat(this.paths(key).data), null);
      if (info?.isFile()) found.push({ key, size: info.size, modifiedAt: info.mtime });
    }
    return found;
  }

  protected isMissing(error: unknown): boolean {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
  }

  private paths(key: string): { data: string; meta: string } {
    assertMediaKey(key);
    return { data: join(this.root, 'objects', key), meta: join(this.root, 'meta', `${key}.json`) };
  }

  private async contentType(metaPath: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { contentType?: unknown };
      return this.contentTypeOrFallback(meta.contentType);
    } catch {
      return this.contentTypeOrFallback(undefined);
    }
  }
}
