import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';

import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { LoopbackServer, PNG_BYTES } from '../platform/outbound/testing/loopback-server.fixture.js';
import { deleteMatching, REDIS } from '../platform/redis/index.js';
import { DiskMediaStorage } from './disk.media-storage.js';
import { ImageProxyService } from './image-proxy.service.js';
import { jpegDeclaring, pngDeclaring } from './testing/image-headers.fixture.js';

const KB = 1024;
/** A PNG of 300 KB: its header, then padding. */
const IMAGE = Buffer.concat([PNG_BYTES, Buffer.alloc(300 * KB - PNG_BYTES.length)]);
const BOMB = pngDeclaring(60_000, 60_000);
const BOMB_MESSAGE = 'The image is 60000×60000 pixels; images may have at most 50 megapixels';

const encode = (src: string): string => `/api/media/image?src=${encodeURIComponent(src)}`;

describe(`${ImageProxyService.name} cache (IMAGE_CACHE_MAX_MB=1)`, () => {
  let source: LoopbackServer;
  let dir: string;
  let storage: DiskMediaStorage;
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let sibling: NestExpressApplication;

  beforeAll(async () => {
    source = await LoopbackServer.start((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/bomb.png') res.writeHead(200, { 'content-type': 'image/png' }).end(BOMB);
      else if (path === '/bomb.jpg')
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpegDeclaring(9000, 9000));
      else if (path?.endsWith('.png')) res.writeHead(200, { 'content-type': 'image/png' }).end(IMAGE);
      else res.writeHead(404).end();
    });
    dir = await mkdtemp(join(tmpdir(), 'nexus-image-cache-'));
    storage = new DiskMediaStorage(dir);
    isolated = await startIsolatedApi('image_cache', {
      env: {
        MEDIA_DIR: dir,
        IMAGE_CACHE_MAX_MB: '1',
        METADATA_ALLOWED_HOSTS: source.hostPort,
        RATE_LIMIT_MEDIA: '100000/60',
      },
    });
    sut = isolated.app;
    sibling = await isolated.sibling();
  });

  afterAll(async () => {
    await sibling?.close();
    await isolated?.close();
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    for (const key of await storage.list('image-cache/')) await storage.delete(key);
    await deleteMatching(sut.get(REDIS), `${isolated.prefix}:image-cache:*`);
  });

  const cachedBytes = async (): Promise<number> =>
    (await storage.entries('image-cache/')).reduce((sum, entry) => sum + entry.size, 0);
  const fetchesOf = (path: string): number => source.requests.filter((p) => p === path).length;
  const get = (app: NestExpressApplication, src: string) => request(app.getHttpServer()).get(encode(src));

  it('keeps the cache within its size across API processes, dropping the least recently served', async () => {
    for (const v of [1, 2, 3]) expect((await get(sut, `${source.origin}/img.png?v=${v}`)).status).toBe(200);
    expect(await cachedBytes()).toBe(900 * KB);
    // Served again by the other process: v=1 is now the most recently used.
    expect((await get(sibling, `${source.origin}/img.png?v=1`)).status).toBe(200);
    expect(fetchesOf('/img.png?v=1')).toBe(1);

    expect((await get(sibling, `${source.origin}/img.png?v=4`)).status).toBe(200);
    expect(await cachedBytes()).toBe(900 * KB);
    // v=2 went (least recently served), v=1 stayed.
    await get(sut, `${source.origin}/img.png?v=1`);
    expect(fetchesOf('/img.png?v=1')).toBe(1);
    await get(sut, `${source.origin}/img.png?v=2`);
    expect(fetchesOf('/img.png?v=2')).toBe(2);

    // A flood of distinct URLs (?v=5 … ?v=44, 12 MB) through both processes.
    for (let v = 5; v < 45; v++) {
      const res = await get(v % 2 ? sut : sibling, `${source.origin}/img.png?v=${v}`);
      expect(res.status).toBe(200);
    }
    expect(await cachedBytes()).toBeLessThanOrEqual(1024 * KB);
    expect(await sut.get(ImageProxyService).cachedBytes()).toBe(await cachedBytes());
  });

  it('keys the cache on the normalised URL: one fetch and one entry for its spellings', async () => {
    const spellings = [
      `${source.origin}/same.png`,
      `${source.origin}/same.png#one`,
      `${source.origin}/same.png?#two`,
      `HTTP://127.0.0.1:${source.port}/%73ame.png`,
    ];
    const etags = new Set<string>();
    for (const src of spellings) {
      const res = await get(sut, src);
      expect(res.status).toBe(200);
      etags.add(String(res.headers.etag));
    }
    expect(fetchesOf('/same.png')).toBe(1);
    expect(etags.size).toBe(1);
    expect(await storage.list('image-cache/')).toHaveLength(1);
  });

  it.each([
    ['a PNG bomb from a source', (origin: string) => `${origin}/bomb.png`],
    ['a JPEG bomb from a source', (origin: string) => `${origin}/bomb.jpg`],
    ['a PNG bomb in a data: URI', () => `data:image/png;base64,${BOMB.toString('base64')}`],
  ])('neither stores nor serves %s (422)', async (_case, src) => {
    const res = await get(sut, src(source.origin));
    expect(res.status).toBe(422);
    expect((res.body as { message: string }).message).toMatch(
      /pixels; images may have at most 50 megapixels$/,
    );
    expect(await storage.list('image-cache/')).toEqual([]);
    expect((await get(sut, `${source.origin}/bomb.png`)).body).toMatchObject({ message: BOMB_MESSAGE });
  });

  it('counts what was cached before its index, removing pixel bombs, down to its size', async () => {
    const legacy = Array.from({ length: 6 }, (_, i) => `image-cache/0${i}/${String(i).repeat(64)}`);
    for (const key of legacy) await storage.put(key, IMAGE, 'image/png');
    await storage.put('image-cache/ff/bomb', BOMB, 'image/png');
    const images = sut.get(ImageProxyService);

    expect(await images.reconcileCache()).toEqual({ counted: 6, removed: 1, evicted: 3 });
    expect(await storage.list('image-cache/ff/')).toEqual([]);
    expect(await cachedBytes()).toBe(900 * KB);
    expect(await images.cachedBytes()).toBe(900 * KB);
    // Once per index.
    expect(await images.reconcileCache()).toBeNull();
  });
});
