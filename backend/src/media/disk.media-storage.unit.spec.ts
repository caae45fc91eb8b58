import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DiskMediaStorage } from './disk.media-storage.js';
import { describeMediaStorageContract } from './testing/media-storage.contract.js';

describe(DiskMediaStorage.name, () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'nexus-media-'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  describeMediaStorageContract(() => new DiskMediaStorage(root));

  it('keeps everything inside its directory and leaves no temporary files', async () => {
    const sut = new DiskMediaStorage(root);
    await sut.put('nested/deeper/file.png', Buffer.from('png'), 'image/png');
    expect(await readdir(join(root, 'objects', 'nested', 'deeper'))).toEqual(['file.png']);
    expect(await readdir(join(root, 'meta', 'nested', 'deeper'))).toEqual(['file.png.json']);
  });

  it('streams through tmp/ and leaves nothing there, whether the write succeeds or fails', async () => {
    const sut = new DiskMediaStorage(root);
    await sut.putStream('streamed/ok.bin', [Buffer.from('ok')], 'application/octet-stream');
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(1024);
      throw new Error('client went away');
    }
    await expect(sut.putStream('streamed/no.bin', failing(), 'video/mp4')).rejects.toThrow(
      'client went away',
    );
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
    expect(await readdir(join(root, 'objects', 'streamed'))).toEqual(['ok.bin']);
    expect(await readdir(join(root, 'meta', 'streamed'))).toEqual(['ok.bin.json']);
  });

  it('removes the streamed bytes when they cannot be moved into place', async () => {
    const sut = new DiskMediaStorage(root);
    // A file where the key's folder should be: the final rename fails after the whole stream.
    await writeFile(join(root, 'objects', 'blocked'), 'not a folder');
    await expect(sut.putStream('blocked/file.png', [Buffer.alloc(4096)], 'image/png')).rejects.toMatchObject({
      code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/),
    });
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
    await expect(sut.exists('blocked/file.png')).resolves.toBe(false);
    await expect(readdir(join(root, 'meta', 'blocked'))).resolves.toEqual([]);
  });
});
