import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_APP_PATHS } from '@nexus/contract';
import request from 'supertest';
import { testConfig, testPrefix } from '../../test/support/test-env.js';
import { createApiApp } from './bootstrap.js';

describe('one origin: web app, REST and JSON bodies', () => {
  let app: NestExpressApplication;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'nexus-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Nexus</title>');
    writeFileSync(join(dist, 'app.js'), 'console.log("nexus")');
    app = await createApiApp(testConfig(testPrefix('origin'), { FRONTEND_DIST: dist }), { logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the built files, and the page for every client route', async () => {
    const server = app.getHttpServer();
    const file = await request(server).get('/app.js');
    expect(file.status).toBe(200);
    expect(file.text).toContain('nexus');
    const pages = [
      ...WEB_APP_PATHS,
      '/?view=collection&network=polygon&address=0xabc',
      '/vote/',
      '/Admin/Cache',
    ];
    for (const path of pages) {
      const page = await request(server).get(path);
      expect([path, page.status, page.text]).toEqual([path, 200, '<!doctype html><title>Nexus</title>']);
    }
  });

  it('answers any other path with the page (it shows its 404 screen) and 404', async () => {
    const server = app.getHttpServer();
    for (const path of [
      '/no-such-page',
      '/collection/polygon/0xabc',
      '/admin/nope',
      '/vote/123',
      '/app.css',
    ]) {
      const page = await request(server).get(path);
      expect([path, page.status, page.type, page.text]).toEqual([
        path,
        404,
        'text/html',
        '<!doctype html><title>Nexus</title>',
      ]);
    }
  });

  it('never answers an API path with the page or a file', async () => {
    const res = await request(app.getHttpServer()).get('/api/app.js');
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });

  it('reads JSON bodies only: a form body carries no fields', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/nfts')
      .type('form')
      .send({ address: '0x' + '1'.repeat(40), network: 'polygon', searchType: 'collection' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Please enter a wallet address or ENS name');
  });
});
