import { scanKey, type NftsResponse } from '@nexus/contract';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { ScanCacheRepository, type CachedScanMeta } from './scan-cache.repository.js';

const WALLET = '0x' + 'd4'.repeat(20);
const EMPTY_WALLET = '0x' + 'e5'.repeat(20);
const meta: CachedScanMeta = { scanDuration: 1234, totalCollections: 3, isComplete: true, cachedAt: 1 };
const nfts = Array.from({ length: 100 }, (_, i) => ({
  tokenId: String(i),
  name: `Nexus Apes #${i}`,
  image: `/api/media/image?src=ipfs%3A%2F%2Fbafy%2F${i}.svg`,
  attributes: [{ trait_type: 'Fur', value: `Fur ${i % 7}` }],
}));

/** The raw answer, not decoded: the test reads the bytes the server sent. */
function post(server: Server, address: string, acceptEncoding?: string) {
  const { port } = server.address() as AddressInfo;
  const body = JSON.stringify({ address, network: 'polygon', searchType: 'wallet' });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      { port, host: '127.0.0.1', method: 'POST', path: '/api/nfts', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const withoutLoadTime = ({ loadTime: _, ...rest }: NftsResponse) => rest;

describe('POST /api/nfts compression of cached answers', () => {
  let isolated: IsolatedApi;
  let server: Server;
  let cache: ScanCacheRepository;

  beforeAll(async () => {
    isolated = await startIsolatedApi('compression');
    await isolated.app.listen(0, '127.0.0.1');
    server = isolated.app.getHttpServer() as Server;
    cache = isolated.app.get(ScanCacheRepository);
    await cache.set(scanKey('wallet', 'polygon', WALLET), 'wallet', { meta, nftsJson: JSON.stringify(nfts) });
    await cache.set(scanKey('wallet', 'polygon', EMPTY_WALLET), 'wallet', { meta, nftsJson: '[]' });
  });

  afterAll(async () => {
    await isolated.close();
  });

  it('sends the cached answer compressed to a client that accepts deflate, the same JSON once inflated', async () => {
    const plain = await post(server, WALLET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = JSON.parse(plain.bytes.toString()) as NftsResponse;
    expect(expected.nfts).toEqual(nfts);

    for (const accept of ['gzip, deflate, br, zstd', 'deflate', 'br;q=1, deflate;q=0.5']) {
      const packed = await post(server, WALLET, accept);
      expect([accept, packed.status, packed.headers['content-encoding']]).toEqual([accept, 200, 'deflate']);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(packed.headers['content-length'])).toBe(packed.bytes.length);
      expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 4);
      const answer = JSON.parse(inflateSync(packed.bytes).toString()) as NftsResponse;
      expect(withoutLoadTime(answer)).toEqual(withoutLoadTime(expected));
      expect(answer).toMatchObject({ fromCache: true, cacheSource: 'redis', scanDuration: 1234 });
    }
  });

  it('sends plain JSON when deflate is not accepted, and for small answers', async () => {
    for (const accept of [undefined, '', 'identity', 'gzip', 'gzip, deflate;q=0']) {
      const res = await post(server, WALLET, accept);
      expect([accept, res.headers['content-encoding']]).toEqual([accept, undefined]);
      expect((JSON.parse(res.bytes.toString()) as NftsResponse).nfts).toHaveLength(100);
    }
    const small = await post(server, EMPTY_WALLET, 'gzip, deflate');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString())).toMatchObject({ nfts: [], totalCollections: 3 });
  });

  it('keeps the compressed list in Redis for every node, not only in this one', async () => {
    const key = scanKey('wallet', 'polygon', WALLET);
    cache.forget(key);
    const fromRedis = await cache.get(key);
    expect(fromRedis?.deflated?.length).toBe(Buffer.byteLength(JSON.stringify(nfts)));
    expect(fromRedis?.meta).toEqual(meta);
    cache.forget(key);
    const res = await post(server, WALLET, 'deflate');
    expect(res.headers['content-encoding']).toBe('deflate');
    expect((JSON.parse(inflateSync(res.bytes).toString()) as NftsResponse).nfts).toEqual(nfts);
  });
});
