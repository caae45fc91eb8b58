import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';

import { GatewayFetcher } from '../platform/outbound/index.js';
import { LoopbackServer, PNG_BYTES } from '../platform/outbound/testing/loopback-server.fixture.js';
import { ImageProxyService } from './image-proxy.service.js';
import { MediaUploadService } from './media-upload.service.js';
import { MediaController } from './media.controller.js';
import { MediaModule } from './media.module.js';
import { MEDIA_STORAGE, type MediaStorage } from './media.storage.js';
import { S3MediaStorage } from './s3.media-storage.js';
import { startS3rver } from './testing/s3rver.fixture.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
const SANDBOX = "sandbox; default-src 'none'; style-src 'unsafe-inline'";
const VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100, 7)]);

const encode = (src: string): string => `/api/media/image?src=${encodeURIComponent(src)}`;

describe(MediaController.name, () => {
  let source: LoopbackServer;
  let fetcher: GatewayFetcher;
  let directory: string;
  let app: INestApplication;

  const start = async (module: ReturnType<typeof MediaModule.forRoot>): Promise<INestApplication> => {
    const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
    const created = moduleRef.createNestApplication({ logger: false });
    created.setGlobalPrefix('api');
    await created.init();
    return created;
  };

  beforeAll(async () => {
    source = await LoopbackServer.start((incoming, response) => {
      const path = (incoming.url ?? '').split('?')[0];
      if (path === '/a.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
      else if (path === '/a.svg') response.writeHead(200, { 'content-type': 'text/plain' }).end(SVG);
      else if (path === '/page')
        response.writeHead(200, { 'content-type': 'image/png' }).end('<html></html>');
      else if (path === '/broken') response.writeHead(503).end();
      else response.writeHead(404).end();
    });
    fetcher = new GatewayFetcher({
      ipfsGateways: [`${source.origin}/ipfs/`],
      allowedHosts: [source.hostPort, '127.0.0.1:1'],
      retries: 0,
    });
    directory = await mkdtemp(join(tmpdir(), 'nexus-media-controller-'));
    app = await start(MediaModule.forRoot({ s3: null, localDir: directory, fetcher, imageTimeoutMs: 500 }));
  });

  afterAll(async () => {
    await app.close();
    fetcher.destroy();
    await source.close();
    await rm(directory, { recursive: true, force: true });
  });

  describe('GET /api/media/image', () => {
    it('answers the image with long cache headers, then from storage', async () => {
      const seen = source.requests.filter((p) => p === '/a.png').length;
      const first = await request(app.getHttpServer())
        .get(encode(`${source.origin}/a.png`))
        .expect(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(Buffer.from(first.body as Buffer).equals(PNG_BYTES)).toBe(true);

      const second = await request(app.getHttpServer())
        .get(encode(`${source.origin}/a.png`))
        .expect(200);
      expect(Buffer.from(second.body as Buffer).equals(PNG_BYTES)).toBe(true);
      expect(second.headers['content-length']).toBe(String(PNG_BYTES.length));
      expect(source.requests.filter((p) => p === '/a.png').length).toBe(seen + 1);
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await request(app.getHttpServer())
        .get(encode(`${source.origin}/a.png`))
        .expect(200);
      await request(app.getHttpServer())
        .get(encode(`${source.origin}/a.png`))
        .set('If-None-Match', String(first.headers.etag))
        .expect(304);
    });

    it('serves SVG so that it can never run script', async () => {
      const response = await request(app.getHttpServer())
        .get(encode(`${source.origin}/a.svg`))
        .expect(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['content-security-policy']).toBe(SANDBOX);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('decodes data: images', async () => {
      const src = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
      const response = await request(app.getHttpServer()).get(encode(src)).expect(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['content-security-policy']).toBe(SANDBOX);
    });

    it.each([
      ['no src', '/api/media/image', 'src is required'],
      ['an empty src', '/api/media/image?src=', 'src is required'],
      ['two src values', '/api/media/image?src=a&src=b', 'src must be one URI'],
      ['junk', encode('not a uri'), 'src must be an ipfs://'],
      ['a file: URI', encode('file:///etc/passwd'), 'src must be an ipfs://'],
      ['a private address', encode('http://192.168.1.1/a.png'), 'may not be fetched'],
      ['the metadata address', encode('http://169.254.169.254/latest/meta-data/'), 'may not be fetched'],
      ['a data: page', encode('data:text/html,<script>alert(1)</script>'), 'no supported image'],
    ])('answers 400 with a message for %s', async (_case, path, message) => {
      const response = await request(app.getHttpServer()).get(path).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400 });
      expect((response.body as { message: string }).message).toContain(message);
    });

    it('answers 404 when the source has no such image', async () => {
      const response = await request(app.getHttpServer())
        .get(encode(`${source.origin}/gone.png`))
        .expect(404);
      expect((response.body as { message: string }).message).toBe('The image source has no such image');
    });

    it.each([
      ['an error status', '/broken', 'answered 503'],
      ['a page that is not an image', '/page', 'did not answer a supported image'],
    ])('answers 502 with a message for %s', async (_case, path, message) => {
      const response = await request(app.getHttpServer())
        .get(encode(`${source.origin}${path}`))
        .expect(502);
      expect((response.body as { message: string }).message).toContain(message);
    });

    it('answers 502 when the source cannot be reached', async () => {
      const response = await request(app.getHttpServer()).get(encode('http://127.0.0.1:1/a.png')).expect(502);
      expect((response.body as { message: string }).message).toContain('could not be reached');
    });
  });

  describe('GET /api/media/files/:name', () => {
    it('serves an upload with its sniffed type', async () => {
      const stored = await app.get(MediaUploadService).store(PNG_BYTES, { maxBytes: 1024, kinds: ['image'] });
      const response = await request(app.getHttpServer()).get(stored.url).expect(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['content-security-policy']).toBe(SANDBOX);
      expect(Buffer.from(response.body as Buffer).equals(PNG_BYTES)).toBe(true);
    });

    it('answers byte ranges for video', async () => {
      const stored = await app.get(MediaUploadService).store(VIDEO, { maxBytes: 1024, kinds: ['video'] });
      const partial = await request(app.getHttpServer())
        .get(stored.url)
        .set('Range', 'bytes=4-11')
        .expect(206);
      expect(partial.headers['content-range']).toBe(`bytes 4-11/${VIDEO.length}`);
      expect(Buffer.from(partial.body as Buffer).toString()).toBe('ftypisom');
      const tail = await request(app.getHttpServer()).get(stored.url).set('Range', 'bytes=-10').expect(206);
      expect(tail.headers['content-range']).toBe(
        `bytes ${VIDEO.length - 10}-${VIDEO.length - 1}/${VIDEO.length}`,
      );
      const unsatisfiable = await request(app.getHttpServer())
        .get(stored.url)
        .set('Range', 'bytes=5000-')
        .expect(416);
      expect(unsatisfiable.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
    });

    it.each(['nope.png', '..%2F..%2Fetc%2Fpasswd', '00000000-0000-0000-0000-000000000000.png'])(
      'answers 404 for %s',
      async (name) => {
        await request(app.getHttpServer()).get(`/api/media/files/${name}`).expect(404);
      },
    );
  });

  describe(MediaModule.name, () => {
    it('exports the storage, the image proxy and the upload service', () => {
      expect(app.get(ImageProxyService)).toBeInstanceOf(ImageProxyService);
      expect(app.get(MediaUploadService)).toBeInstanceOf(MediaUploadService);
      expect(app.get<MediaStorage>(MEDIA_STORAGE)).toBeDefined();
    });

    it('takes its options from a factory and stores images in S3 when configured', async () => {
      const s3 = await startS3rver();
      const s3App = await start(
        MediaModule.forRootAsync({
          useFactory: () => ({
            s3: s3.config('media'),
            localDir: '',
            fetcher,
          }),
        }),
      );
      try {
        expect(s3App.get(MEDIA_STORAGE)).toBeInstanceOf(S3MediaStorage);
        const src = `${source.origin}/a.png?s3`;
        await request(s3App.getHttpServer()).get(encode(src)).expect(200);
        const cached = await request(s3App.getHttpServer()).get(encode(src)).expect(200);
        expect(Buffer.from(cached.body as Buffer).equals(PNG_BYTES)).toBe(true);
        expect(source.requests.filter((p) => p === '/a.png?s3').length).toBe(1);
      } finally {
        await s3App.close();
        await s3.close();
      }
    });
  });
});
