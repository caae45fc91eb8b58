import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PNG_BYTES } from '../platform/outbound/testing/loopback-server.fixture.js';
import { DiskMediaStorage } from './disk.media-storage.js';
import { MediaUploadService, UploadRejectedException } from './media-upload.service.js';

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
const IMAGES = { maxBytes: 10 * 1024 * 1024, kinds: ['image'] } as const;
const MEDIA = { maxBytes: 100 * 1024 * 1024, kinds: ['image', 'video'] } as const;

describe(MediaUploadService.name, () => {
  let directory: string;
  let storage: DiskMediaStorage;
  let sut: MediaUploadService;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'nexus-uploads-'));
    storage = new DiskMediaStorage(directory);
    sut = new MediaUploadService(storage);
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('stores a recognised file under a random key with the sniffed type', async () => {
    const first = await sut.store(PNG_BYTES, IMAGES);
    const second = await sut.store(PNG_BYTES, IMAGES);
    expect(first).toMatchObject({ contentType: 'image/png', kind: 'image', size: PNG_BYTES.length });
    expect(first.key).toMatch(/^uploads\/[0-9a-f-]{36}\.png$/);
    expect(first.url).toBe(`/api/media/files/${first.key.slice('uploads/'.length)}`);
    expect(second.key).not.toBe(first.key);
    await expect(storage.stat(first.key)).resolves.toEqual({
      contentType: 'image/png',
      size: PNG_BYTES.length,
    });
  });

  it('accepts videos where the rules allow them', async () => {
    await expect(sut.store(MP4, MEDIA)).resolves.toMatchObject({ contentType: 'video/mp4', kind: 'video' });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), IMAGES, 'empty'],
    ['a file over the limit', PNG_BYTES, { maxBytes: 10, kinds: ['image'] } as const, 'too-large'],
    [
      'HTML named like an image',
      Buffer.from('<html><script>alert(1)</script></html>'),
      IMAGES,
      'unsupported-type',
    ],
    ['a video where only images are allowed', MP4, IMAGES, 'unsupported-type'],
    ['a PDF', Buffer.from('%PDF-1.7 ...'), MEDIA, 'unsupported-type'],
  ])('rejects %s', async (_case, bytes, rules, rejection) => {
    const error = await sut.store(bytes, rules).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRejectedException);
    expect(error).toMatchObject({ rejection });
    expect((error as UploadRejectedException).getStatus()).toBe(400);
  });

  it('finds the key of a URL it handed out and removes the file', async () => {
    const stored = await sut.store(PNG_BYTES, IMAGES);
    expect(sut.keyFromUrl(`https://nexus.example${stored.url}`)).toBe(stored.key);
    expect(sut.keyFromUrl('/api/media/files/../../etc/passwd')).toBeNull();
    expect(sut.keyFromUrl('https://elsewhere.example/logo.png')).toBeNull();
    await sut.remove(stored.url);
    await expect(storage.exists(stored.key)).resolves.toBe(false);
    await expect(sut.remove('https://elsewhere.example/logo.png')).resolves.toBeUndefined();
  });
});
