import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';

import { REDIS_SERVER, startRedis, type PrivateRedis } from '../../../test/faults/support/outage-services.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith } from '../../../test/support/requirements.js';
import { DiskMediaStorage } from '../media/index.js';
import { LoopbackServer, PNG_BYTES } from '../platform/outbound/testing/loopback-server.fixture.js';
import { MEDIA } from './testing/media-files.fixture.js';

const encode = (src: string): string => `/api/media/image?src=${encodeURIComponent(src)}`;

/**
 * The upload budget and the image cache's index live in Redis: with Redis away, uploads and images
 * are still answered (the budget lets uploads through, the proxy serves without keeping), and
 * both count again once Redis is back.
 */
describeWith([REDIS_SERVER])('Upload budget and image cache with Redis killed under the API', () => {
  let redis: PrivateRedis;
  let source: LoopbackServer;
  let dir: string;
  let storage: DiskMediaStorage;
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;

  beforeAll(async () => {
    redis = await startRedis();
    source = await LoopbackServer.start((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
    });
    dir = await mkdtemp(join(tmpdir(), 'nexus-media-outage-'));
    storage = new DiskMediaStorage(dir);
    isolated = await startIsolatedApi('media_limits_outage', {
      env: { REDIS_URL: redis.url, MEDIA_DIR: dir, METADATA_ALLOWED_HOSTS: source.hostPort },
    });
    sut = isolated.app;
  });

  afterAll(async () => {
    await isolated?.close();
    await redis?.stop();
    await source?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const upload = () =>
    request(sut.getHttpServer())
      .post('/api/collection-submissions/upload')
      .attach('logo', MEDIA.png, { filename: 'logo.png', contentType: 'image/png' });

  it('answers uploads and images while Redis is away, and bounds them again once it is back', async () => {
    await redis.kill();
    expect((await upload()).status).toBe(201);
    const image = await request(sut.getHttpServer()).get(encode(`${source.origin}/away.png`));
    expect(image.status).toBe(200);
    expect(Buffer.from(image.body as Buffer).equals(PNG_BYTES)).toBe(true);
    // Nothing bounds what would be kept: nothing is.
    expect(await storage.list('image-cache/')).toEqual([]);

    await redis.start();
    for (let i = 0; ; i++) {
      const res = await request(sut.getHttpServer()).get(encode(`${source.origin}/back.png`));
      expect(res.status).toBe(200);
      if ((await storage.list('image-cache/')).length === 1) break;
      if (i > 100) throw new Error('the image cache never came back');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await upload()).status).toBe(201);
  });
});
