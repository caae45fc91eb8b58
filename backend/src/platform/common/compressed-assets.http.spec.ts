import type { NestExpressApplication } from '@nestjs/platform-express';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testConfig, testPrefix } from '../../../../test/support/test-env.js';
import { createApiApp } from '../../bootstrap.js';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent (an HTTP client library would decode them). */
  body: Buffer;
}

function getRaw(url: string, encoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = encoding === undefined ? {} : { 'Accept-Encoding': encoding };
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('the web app’s scripts and styles over HTTP', () => {
  const dist = mkdtempSync(join(tmpdir(), 'nexus-dist-'));
  const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');
  let sut: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Nexus</title>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dist, 'assets', 'tiny.css'), 'a{color:red}');
    writeFileSync(join(dist, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
    sut = await createApiApp(testConfig(testPrefix('compressed-assets'), { FRONTEND_DIST: dist }), {
      logger: false,
    });
    const server = await sut.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await sut.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const fetchRaw = (path: string, encoding?: string) => getRaw(`${base}${path}`, encoding);

  it('sends a script brotli-compressed, or gzip, to a browser that takes it', async () => {
    const br = await fetchRaw('/assets/index-abc.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 3);

    const gz = await fetchRaw('/assets/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it('sends files as they are to a client without an encoding, and small or binary files always', async () => {
    const plain = await fetchRaw('/assets/index-abc.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const tiny = await fetchRaw('/assets/tiny.css', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    const image = await fetchRaw('/assets/logo.png', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });

  it('serves nothing outside the build', async () => {
    const outside = await fetchRaw('/assets/..%2f..%2fpackage.json', 'br');
    expect(outside.headers['content-encoding']).toBeUndefined();
    expect(outside.body.toString()).not.toContain('"name"');
  });
});
