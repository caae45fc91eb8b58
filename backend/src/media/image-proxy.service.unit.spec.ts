import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';

import { GatewayFetcher } from '../platform/outbound/index.js';
import { LoopbackServer, PNG_BYTES } from '../platform/outbound/testing/loopback-server.fixture.js';
import { DiskMediaStorage } from './disk.media-storage.js';
import { type ImageFailure, ImageProxyError, ImageProxyService } from './image-proxy.service.js';
import type { MediaModuleOptions } from './media.options.js';
import { readAll, type MediaStorage } from './media.storage.js';

const CID = 'QmZ4tDuvesekSs4qM5ZBKpXiZGun7S2CYtEZRB3DYXkjGx';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>';

async function bytesOf(body: Buffer | Readable): Promise<Buffer> {
  return Buffer.isBuffer(body) ? body : readAll(body);
}

async function failureOf(work: Promise<unknown>): Promise<ImageFailure> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ImageProxyError) return error.failure;
    throw error;
  }
  throw new Error('expected an ImageProxyError');
}

describe(ImageProxyService.name, () => {
  let source: LoopbackServer;
  let directory: string;
  let fetcher: GatewayFetcher;
  let storage: DiskMediaStorage;
  let sut: ImageProxyService;

  const options = (overrides: Partial<MediaModuleOptions> = {}): MediaModuleOptions => ({
    s3: null,
    localDir: directory,
    fetcher,
    imageMaxBytes: 4096,
    imageTimeoutMs: 300,
    ...overrides,
  });

  beforeAll(async () => {
    source = await LoopbackServer.start((request, response) => {
      const path = request.url ?? '';
      if (path === '/a.png' || path === `/ipfs/${CID}` || path === '/slow.png') {
        const send = (): void => {
          response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
        };
        if (path === '/slow.png') setTimeout(send, 100);
        else send();
      } else if (path === '/a.svg') response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
      else if (path === '/lies.png')
        response.writeHead(200, { 'content-type': 'image/png' }).end('<html>no</html>');
      else if (path === '/huge.png')
        response.writeHead(200).end(Buffer.concat([PNG_BYTES, Buffer.alloc(8192)]));
      else if (path === '/broken') response.writeHead(500).end();
      else if (path === '/hang') return;
      else response.writeHead(404).end();
    });
    fetcher = new GatewayFetcher({
      ipfsGateways: [`${source.origin}/ipfs/`],
      allowedHosts: [source.hostPort],
      retries: 0,
    });
  });

  afterAll(async () => {
    fetcher.destroy();
    await source.close();
  });

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'nexus-image-proxy-'));
    storage = new DiskMediaStorage(directory);
    sut = new ImageProxyService(storage, options());
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('fetches an image once and serves the stored copy afterwards', async () => {
    const seen = source.requests.filter((p) => p === '/a.png').length;
    const first = await sut.getImage(`${source.origin}/a.png`);
    expect(first).toMatchObject({ contentType: 'image/png', size: PNG_BYTES.length, cacheHit: false });
    expect((await bytesOf(first.body)).equals(PNG_BYTES)).toBe(true);

    const second = await sut.getImage(`${source.origin}/a.png`);
    expect(second).toMatchObject({ contentType: 'image/png', cacheHit: true, etag: first.etag });
    expect((await bytesOf(second.body)).equals(PNG_BYTES)).toBe(true);
    expect(source.requests.filter((p) => p === '/a.png').length).toBe(seen + 1);
    await expect(storage.exists(sut.cacheKey(`${source.origin}/a.png`))).resolves.toBe(true);
  });

  it('shares one cache entry between every spelling of an IPFS image', async () => {
    const first = await sut.getImage(`ipfs://${CID}`);
    const second = await sut.getImage(`https://gateway.pinata.cloud/ipfs/${CID}`);
    expect(first.cacheHit).toBe(false);
    expect(second).toMatchObject({ cacheHit: true, etag: first.etag });
    await bytesOf(second.body);
  });

  it('fetches once for concurrent requests of the same image', async () => {
    const seen = source.requests.filter((p) => p === '/slow.png').length;
    const answers = await Promise.all([1, 2, 3].map(() => sut.getImage(`${source.origin}/slow.png`)));
    expect(answers.map((a) => a.contentType)).toEqual(['image/png', 'image/png', 'image/png']);
    expect(source.requests.filter((p) => p === '/slow.png').length).toBe(seen + 1);
  });

  it('decodes data: images without fetching', async () => {
    const png = await sut.getImage(`data:image/png;base64,${PNG_BYTES.toString('base64')}`);
    expect(png.contentType).toBe('image/png');
    expect((await bytesOf(png.body)).equals(PNG_BYTES)).toBe(true);
    const svg = await sut.getImage(`data:image/svg+xml;utf8,${encodeURIComponent(SVG)}`);
    expect(svg.contentType).toBe('image/svg+xml');
    expect((await bytesOf(svg.body)).toString()).toBe(SVG);
  });

  it('judges the type by the bytes, not by what the source claims', async () => {
    await expect(failureOf(sut.getImage(`${source.origin}/lies.png`))).resolves.toBe('not-an-image');
    const svg = await sut.getImage(`${source.origin}/a.svg`);
    expect(svg.contentType).toBe('image/svg+xml');
  });

  it.each([
    ['empty', ''],
    ['junk', 'not a uri'],
    ['inline JSON', '{"image":"x"}'],
    ['javascript:', 'javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['a data: page', 'data:text/html,<script>alert(1)</script>'],
    ['a data: URI that lies about its type', 'data:image/png;base64,PGh0bWw+'],
    ['a private address', 'http://10.0.0.1/a.png'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a loopback port that is not allowed', 'http://127.0.0.1:1/a.png'],
    ['an over-long src', `https://example.com/${'a'.repeat(9000)}`],
  ])('refuses %s as an invalid source', async (_case, src) => {
    await expect(failureOf(sut.getImage(src))).resolves.toBe('invalid-source');
  });

  it.each([
    ['a missing image', '/missing.png', 'not-found'],
    ['a server error', '/broken', 'unreachable'],
    ['a source that never answers', '/hang', 'unreachable'],
    ['an image over the cap', '/huge.png', 'too-large'],
  ])('reports %s', async (_case, path, failure) => {
    await expect(failureOf(sut.getImage(`${source.origin}${path}`))).resolves.toBe(failure);
  });

  it('still answers when the cache cannot be written', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const broken: MediaStorage = {
      put: async () => {
        throw new Error('disk full');
      },
      putStream: async () => {
        throw new Error('disk full');
      },
      list: async () => [],
      entries: async () => [],
      get: async () => null,
      stat: async () => null,
      exists: async () => false,
      delete: async () => undefined,
    };
    const proxy = new ImageProxyService(broken, options());
    const image = await proxy.getImage(`${source.origin}/a.png`);
    expect(image.contentType).toBe('image/png');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('disk full'));
    warn.mockRestore();
  });
});
