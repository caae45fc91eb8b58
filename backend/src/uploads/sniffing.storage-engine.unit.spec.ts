import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';

import { PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';

import { DiskMediaStorage, UploadRejectedException } from '../media/index.js';
import { SniffingStorageEngine, type StoredMediaFile } from './sniffing.storage-engine.js';
import { MEDIA } from './testing/media-files.fixture.js';
import type { UploadPolicy } from './upload.policy.js';

const POLICY: UploadPolicy = {
  fileFields: ['file'],
  textFields: [],
  types: ['image/png', 'video/mp4'],
  maxBytes: 4096,
  messages: { noFile: 'no file', invalidType: 'wrong type', tooLarge: 'too large', empty: 'empty' },
};

/** A file as multer hands it to a storage engine: busboy's stream plus what the client said. */
function multerFile(
  name: string,
  mimetype: string,
): { file: Express.Multer.File; stream: PassThrough & { truncated?: boolean } } {
  const stream = new PassThrough();
  const file = {
    fieldname: 'file',
    originalname: name,
    encoding: '7bit',
    mimetype,
    stream,
  } as unknown as Express.Multer.File;
  return { file, stream };
}

describe(SniffingStorageEngine.name, () => {
  let dir: string;
  let storage: DiskMediaStorage;
  let sut: SniffingStorageEngine;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nexus-engine-'));
    storage = new DiskMediaStorage(dir);
    sut = new SniffingStorageEngine(storage, POLICY);
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const handle = (file: Express.Multer.File): Promise<Partial<StoredMediaFile>> =>
    new Promise((resolve, reject) => {
      sut._handleFile({} as Request, file, (error, info) => (error ? reject(error) : resolve(info ?? {})));
    });
  const nothingLeft = async () => {
    expect(await storage.list('uploads/')).toEqual([]);
    expect(await readdir(join(dir, 'tmp')).catch(() => [])).toEqual([]);
  };

  it('streams a file in chunks under a random key with the type of its bytes', async () => {
    const { file, stream } = multerFile('clip.mp4', 'video/mp4');
    const stored = handle(file);
    // The signature arrives split across chunks.
    stream.write(MEDIA.mp4.subarray(0, 5));
    stream.write(MEDIA.mp4.subarray(5, 20));
    stream.end(MEDIA.mp4.subarray(20));
    const info = await stored;
    expect(info.size).toBe(MEDIA.mp4.length);
    expect(info.stored).toEqual({
      key: expect.stringMatching(/^uploads\/[0-9a-f-]{36}\.mp4$/),
      url: expect.stringMatching(/^\/api\/media\/files\/[0-9a-f-]{36}\.mp4$/),
      contentType: 'video/mp4',
      kind: 'video',
      size: MEDIA.mp4.length,
    });
    await expect(storage.stat(info.stored!.key)).resolves.toEqual({
      contentType: 'video/mp4',
      size: MEDIA.mp4.length,
    });
  });

  it('refuses an empty file', async () => {
    const { file, stream } = multerFile('logo.png', 'image/png');
    stream.end();
    await expect(handle(file)).rejects.toMatchObject({ rejection: 'empty', message: 'empty' });
    await nothingLeft();
  });

  // More than the sniffed head each, and no end: the engine decides before the file is over.
  it.each([
    ['bytes of no accepted type', Buffer.concat([MEDIA.gif, Buffer.alloc(64)]), 'logo.png', 'image/png'],
    ['a declared type that contradicts the bytes', MEDIA.png, 'logo', 'video/mp4'],
    ['an extension that contradicts the bytes', MEDIA.png, 'logo.mp4', 'application/octet-stream'],
  ])('refuses %s and stops reading', async (_case, bytes, name, type) => {
    const { file, stream } = multerFile(name, type);
    stream.write(bytes);
    const refused = handle(file);
    await expect(refused).rejects.toBeInstanceOf(UploadRejectedException);
    await expect(refused).rejects.toMatchObject({ rejection: 'unsupported-type', message: 'wrong type' });
    expect(stream.destroyed).toBe(true);
    await nothingLeft();
  });

  it('refuses a file over the limit while streaming, leaving nothing', async () => {
    const { file, stream } = multerFile('logo.png', 'image/png');
    const refused = handle(file);
    stream.write(MEDIA.png);
    stream.end(Buffer.alloc(POLICY.maxBytes));
    await expect(refused).rejects.toBeInstanceOf(PayloadTooLargeException);
    await nothingLeft();
  });

  it('refuses a file busboy cut at the limit, leaving nothing', async () => {
    const { file, stream } = multerFile('logo.png', 'image/png');
    const refused = handle(file);
    stream.write(MEDIA.png);
    stream.emit('limit');
    stream.truncated = true;
    stream.end();
    await expect(refused).rejects.toMatchObject({ message: 'too large' });
    await nothingLeft();
  });

  it('leaves nothing when the client goes away halfway', async () => {
    const { file, stream } = multerFile('clip.mp4', 'video/mp4');
    const failed = handle(file);
    stream.write(MEDIA.mp4);
    stream.write(Buffer.alloc(1024));
    setImmediate(() => stream.destroy(new Error('Request aborted')));
    await expect(failed).rejects.toThrow('Request aborted');
    await nothingLeft();
  });

  it('removes a stored file when multer asks', async () => {
    const { file, stream } = multerFile('logo.png', 'image/png');
    stream.end(MEDIA.png);
    const info = await handle(file);
    await new Promise<void>((resolve, reject) =>
      sut._removeFile({} as Request, { ...file, ...info } as Express.Multer.File, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    await nothingLeft();
  });
});
