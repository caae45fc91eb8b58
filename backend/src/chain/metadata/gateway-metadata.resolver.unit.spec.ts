// Over 400 lines for that reason: one set of fake gateways and hosts serves every method of the resolver and
// its configuration.
import type { ResolvedMetadata } from '../nft-source.js';
import { FetchError } from '../../platform/outbound/index.js';
import { GatewayMetadataResolver, type GatewayMetadataResolverOptions } from './gateway-metadata.resolver.js';
import {
  LoopbackServer,
  PNG_BYTES,
  sendJson,
  waitFor,
} from '../../platform/outbound/testing/loopback-server.fixture.js';

const CID_V0 = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const CID_V1 = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const IMAGE_CID = 'QmZ4tDuvesekSs4qM5ZBKpXiZGun7S2CYtEZRB3DYXkjGx';
const AR_ID = 'bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U';

const TOKEN = {
  name: 'Nexus Test #1',
  description: 'A token served from loopback',
  image: `ipfs://${IMAGE_CID}`,
  attributes: [
    { trait_type: 'Background', value: 'Blue' },
    { trait_type: 'Level', value: 3, display_type: 'number' },
    null,
  ],
};
const EXPECTED: ResolvedMetadata = {
  name: 'Nexus Test #1',
  description: 'A token served from loopback',
  image: `ipfs://${IMAGE_CID}`,
  animationUrl: null,
  attributes: [
    { trait_type: 'Background', value: 'Blue' },
    { trait_type: 'Level', value: 3, display_type: 'number' },
  ],
};
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

describe(GatewayMetadataResolver.name, () => {
  let gateway: LoopbackServer;
  let web: LoopbackServer;
  let slowGateway: LoopbackServer;
  let failingGateway: LoopbackServer;
  const resolvers: GatewayMetadataResolver[] = [];

  const create = (options: GatewayMetadataResolverOptions = {}): GatewayMetadataResolver => {
    const resolver = new GatewayMetadataResolver({
      ipfsGateways: [`${gateway.origin}/ipfs/`],
      arweaveGateway: `${web.origin}/ar/`,
      allowedHosts: [gateway.hostPort, web.hostPort, slowGateway.hostPort, failingGateway.hostPort],
      retries: 0,
      retryBaseDelayMs: 5,
      ...options,
    });
    resolvers.push(resolver);
    return resolver;
  };

  beforeAll(async () => {
    gateway = await LoopbackServer.start((request, response) => {
      const path = request.url ?? '';
      if (path === `/ipfs/${IMAGE_CID}`) {
        response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
      } else if (path === `/ipfs/${CID_V1}/sniff`) {
        // Gateways often cannot tell: the bytes decide.
        response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG_BYTES);
      } else if (path === `/ipfs/${CID_V1}/plain`) {
        sendJson(response, TOKEN, 'text/plain; charset=utf-8');
      } else if (path === `/ipfs/${CID_V1}/html`) {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway error page</html>');
      } else if (path.startsWith(`/ipfs/${CID_V0}`) || path.startsWith(`/ipfs/${CID_V1}`)) {
        sendJson(response, { ...TOKEN, name: `${TOKEN.name}`, description: `${TOKEN.description}` });
      } else {
        response.writeHead(404).end();
      }
    });
    web = await LoopbackServer.start((request, response) => {
      const path = request.url ?? '';
      if (path === `/ar/${AR_ID}`) sendJson(response, { ...TOKEN, name: 'From Arweave' });
      else if (path === '/token/1') sendJson(response, TOKEN);
      else if (path === '/image.svg') response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
      else if (path === '/video')
        response.writeHead(200, { 'content-type': 'video/mp4' }).end('....ftypisom');
      else if (path === '/redirect') response.writeHead(302, { location: '/token/1' }).end();
      else if (path === '/big') sendJson(response, { ...TOKEN, description: 'x'.repeat(4096) });
      else if (path === `/ipfs/${CID_V1}/html`) sendJson(response, TOKEN);
      else if (path === '/hang') return;
      else if (path === '/broken') response.end('{"name": "unterminated');
      else if (path === '/lenient')
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            '\uFEFF// generated\n{\n  "name": "Lenient", /* kept */\n  "attributes": [{"trait_type": "Eyes", "value": "Red",},],\n}\n',
          );
      else if (path === '/error-page')
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html>Oops</html>');
      else if (path === '/throttled') response.writeHead(429, { 'retry-after': '30' }).end();
      else if (path === '/to-private') response.writeHead(302, { location: 'http://10.0.0.1/token/1' }).end();
      else response.writeHead(404).end();
    });
    slowGateway = await LoopbackServer.start((request, response) => {
      const timer = setTimeout(() => sendJson(response, { ...TOKEN, name: 'slow' }), 3_000);
      response.on('close', () => clearTimeout(timer));
    });
    failingGateway = await LoopbackServer.start((_request, response) => response.writeHead(500).end());
  });

  afterAll(async () => {
    resolvers.forEach((r) => r.destroy());
    await Promise.all([gateway.close(), web.close(), slowGateway.close(), failingGateway.close()]);
  });

  describe('resolve', () => {
    it.each([
      ['ipfs://<cid>/<path>', `ipfs://${CID_V0}/1.json`, `/ipfs/${CID_V0}/1.json`],
      ['ipfs://ipfs/<cid>', `ipfs://ipfs/${CID_V0}/1.json`, `/ipfs/${CID_V0}/1.json`],
      ['/ipfs/<cid> path', `/ipfs/${CID_V1}/2`, `/ipfs/${CID_V1}/2`],
      ['another gateway URL', `https://gateway.pinata.cloud/ipfs/${CID_V0}/3.json`, `/ipfs/${CID_V0}/3.json`],
      ['a subdomain gateway URL', `https://${CID_V1}.ipfs.dweb.link/4.json`, `/ipfs/${CID_V1}/4.json`],
      ['a bare CIDv0', CID_V0, `/ipfs/${CID_V0}`],
      ['a bare CIDv1 with a path', `${CID_V1}/5`, `/ipfs/${CID_V1}/5`],
    ])('reads %s through our gateway', async (_form, uri, expectedPath) => {
      const sut = create();
      await expect(sut.resolve(uri)).resolves.toEqual(EXPECTED);
      expect(gateway.requests).toContain(expectedPath);
    });

    it('reads ar:// through the configured Arweave gateway', async () => {
      const sut = create();
      await expect(sut.resolve(`ar://${AR_ID}`)).resolves.toMatchObject({ name: 'From Arweave' });
    });

    it('reads http(s) URLs and follows redirects', async () => {
      const sut = create();
      await expect(sut.resolve(`${web.origin}/token/1`)).resolves.toEqual(EXPECTED);
      await expect(sut.resolve(`${web.origin}/redirect`)).resolves.toEqual(EXPECTED);
    });

    it('reads JSON served as text/plain', async () => {
      const sut = create();
      await expect(sut.resolve(`ipfs://${CID_V1}/plain`)).resolves.toEqual(EXPECTED);
    });

    it('reads base64 data: JSON', async () => {
      const sut = create();
      const uri = `data:application/json;base64,${Buffer.from(JSON.stringify(TOKEN)).toString('base64')}`;
      await expect(sut.resolve(uri)).resolves.toEqual(EXPECTED);
    });

    it('reads utf8 and percent-encoded data: JSON', async () => {
      const sut = create();
      const json = JSON.stringify({ ...TOKEN, description: '100% on-chain' });
      await expect(sut.resolve(`data:application/json;utf8,${json}`)).resolves.toMatchObject({
        description: '100% on-chain',
      });
      await expect(sut.resolve(`data:application/json,${encodeURIComponent(json)}`)).resolves.toMatchObject({
        description: '100% on-chain',
      });
      await expect(sut.resolve(`data:application/json;charset=utf-8,${json}`)).resolves.toMatchObject({
        name: TOKEN.name,
      });
    });

    it('reads a contract that returns plain JSON instead of a URI', async () => {
      const sut = create();
      await expect(sut.resolve(JSON.stringify(TOKEN))).resolves.toEqual(EXPECTED);
    });

    it('turns a URI that is an image into image-only metadata', async () => {
      const sut = create();
      const svgData = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
      const utf8Svg = `data:image/svg+xml;utf8,${SVG}`;
      const imageOnly = (image: string): ResolvedMetadata => ({
        name: null,
        description: null,
        image,
        animationUrl: null,
        attributes: [],
      });
      await expect(sut.resolve(svgData)).resolves.toEqual(imageOnly(svgData));
      await expect(sut.resolve(utf8Svg)).resolves.toEqual(imageOnly(utf8Svg));
      await expect(sut.resolve(`ipfs://${IMAGE_CID}`)).resolves.toEqual(imageOnly(`ipfs://${IMAGE_CID}`));
      await expect(sut.resolve(`${web.origin}/image.svg`)).resolves.toEqual(
        imageOnly(`${web.origin}/image.svg`),
      );
      await expect(sut.resolve(`ipfs://${CID_V1}/sniff`)).resolves.toEqual(
        imageOnly(`ipfs://${CID_V1}/sniff`),
      );
    });

    it('turns a URI that is a video into animation-only metadata', async () => {
      const sut = create();
      await expect(sut.resolve(`${web.origin}/video`)).resolves.toMatchObject({
        image: null,
        animationUrl: `${web.origin}/video`,
      });
    });

    it.each([
      ['an empty string', ''],
      ['junk', 'not a uri'],
      ['a javascript: URI', 'javascript:alert(1)'],
      ['an unsupported scheme', 'ftp://example.com/1.json'],
      ['malformed base64 data', 'data:application/json;base64,%%%'],
      ['a data: URI that is not JSON', 'data:text/plain,hello'],
      ['a data: HTML page', 'data:text/html,<script>alert(1)</script>'],
      ['truncated JSON', `${'{'}"name": "x"`],
    ])('answers null for %s', async (_case, uri) => {
      const sut = create();
      await expect(sut.resolve(uri)).resolves.toBeNull();
    });

    it('answers null for an HTML answer, broken JSON, a 404 and a closed port', async () => {
      const sut = create({ allowedHosts: [gateway.hostPort, web.hostPort, '127.0.0.1:1'] });
      await expect(sut.resolve(`ipfs://${CID_V1}/html`)).resolves.toBeNull();
      await expect(sut.resolve(`${web.origin}/broken`)).resolves.toBeNull();
      await expect(sut.resolve(`${web.origin}/missing`)).resolves.toBeNull();
      await expect(sut.resolve('http://127.0.0.1:1/token')).resolves.toBeNull();
    });

    it('answers null for a non-string value', async () => {
      const sut = create();
      await expect(sut.resolve(42 as unknown as string)).resolves.toBeNull();
    });

    it('answers null over the size cap', async () => {
      const sut = create({ maxBytes: 1024 });
      await expect(sut.resolve(`${web.origin}/big`)).resolves.toBeNull();
      const bigData = `data:application/json;base64,${Buffer.from(JSON.stringify({ name: 'x'.repeat(2048) })).toString('base64')}`;
      await expect(sut.resolve(bigData)).resolves.toBeNull();
    });

    it('answers null after the timeout', async () => {
      const sut = create({ timeoutMs: 150 });
      // The server never answers: only the resolver's own timeout can end this.
      await expect(sut.resolve(`${web.origin}/hang`)).resolves.toBeNull();
    });

    it('answers null for internal addresses that are not allowed, without contacting them', async () => {
      const seen = web.requests.length;
      const sut = create({
        allowedHosts: [],
        resolveHost: async () => [{ address: '10.0.0.1', family: 4 }],
      });
      await expect(sut.resolve(`${web.origin}/token/1`)).resolves.toBeNull();
      await expect(sut.resolve('http://evil.test/token/1')).resolves.toBeNull();
      await expect(sut.resolve('http://169.254.169.254/latest/meta-data/')).resolves.toBeNull();
      expect(web.requests.length).toBe(seen);
    });
  });

  describe('gateway race', () => {
    it('answers from the fastest good gateway and cancels the slow one', async () => {
      const sut = create({
        ipfsGateways: [
          `${slowGateway.origin}/ipfs/`,
          `${failingGateway.origin}/ipfs/`,
          `${gateway.origin}/ipfs/`,
        ],
      });
      const abandonedBefore = slowGateway.abandoned;
      await expect(sut.resolve(`ipfs://${CID_V0}/race.json`)).resolves.toEqual(EXPECTED);
      expect(slowGateway.requests).toContain(`/ipfs/${CID_V0}/race.json`);
      expect(failingGateway.requests).toContain(`/ipfs/${CID_V0}/race.json`);
      await waitFor(() => slowGateway.abandoned > abandonedBefore);
    });

    it('lets another gateway win when one answers something that is not metadata', async () => {
      // The first gateway answers an HTML error page for this path, the second the document.
      const sut = create({ ipfsGateways: [`${gateway.origin}/ipfs/`, `${web.origin}/ipfs/`] });
      await expect(sut.resolve(`ipfs://${CID_V1}/html`)).resolves.toEqual(EXPECTED);
    });

    it('answers null when every gateway fails', async () => {
      const sut = create({ ipfsGateways: [`${failingGateway.origin}/ipfs/`, `${web.origin}/ipfs/`] });
      await expect(sut.resolve(`ipfs://${CID_V0}/1.json`)).resolves.toBeNull();
    });
  });

  describe('toHttpUrl', () => {
    it.each([
      [`ipfs://${CID_V0}/1.json`, `/ipfs/${CID_V0}/1.json`],
      [`ipfs://ipfs/${CID_V0}`, `/ipfs/${CID_V0}`],
      [`https://cloudflare-ipfs.com/ipfs/${CID_V1}/a b.png`, `/ipfs/${CID_V1}/a%20b.png`],
      [CID_V1, `/ipfs/${CID_V1}`],
    ])('points %s at the first gateway', (uri, path) => {
      const sut = create({ ipfsGateways: [`${gateway.origin}/ipfs/`, 'https://ipfs.io/ipfs/'] });
      expect(sut.toHttpUrl(uri)).toBe(`${gateway.origin}${path}`);
    });

    it('maps ar:// and keeps http(s)', () => {
      const sut = create({ arweaveGateway: 'https://arweave.net' });
      expect(sut.toHttpUrl(`ar://${AR_ID}/1.png`)).toBe(`https://arweave.net/${AR_ID}/1.png`);
      expect(sut.toHttpUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
      expect(sut.toHttpUrl('http://example.com/a b.png')).toBe('http://example.com/a%20b.png');
    });

    it.each(['data:image/png;base64,AAAA', '{"name":"x"}', '', 'junk', 'javascript:alert(1)', 'ftp://x/y'])(
      'answers null for %j',
      (uri) => {
        expect(create().toHttpUrl(uri)).toBeNull();
      },
    );
  });

  describe('fetchUri', () => {
    it('fetches media bytes through the gateways', async () => {
      const sut = create();
      const response = await sut.fetchUri(`ipfs://${IMAGE_CID}`, { maxBytes: 1024 });
      expect(response.contentType).toBe('image/png');
      expect(response.body.equals(PNG_BYTES)).toBe(true);
    });

    it('reports why it failed', async () => {
      const sut = create();
      await expect(sut.fetchUri('data:image/png;base64,AAAA')).rejects.toMatchObject({ kind: 'invalid-url' });
      await expect(sut.fetchUri(`${web.origin}/missing`)).rejects.toMatchObject({
        kind: 'http-status',
        status: 404,
      });
      await expect(sut.fetchUri(`ipfs://${IMAGE_CID}`, { maxBytes: 10 })).rejects.toBeInstanceOf(FetchError);
    });
  });

  describe('lookup', () => {
    const deadDns = async (host: string): Promise<never> => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };

    it('tells a host that cannot be reached now from an answer without metadata', async () => {
      const sut = create({ resolveHost: deadDns });

      await expect(sut.lookup(`${web.origin}/token/1`)).resolves.toEqual({ metadata: EXPECTED });
      await expect(sut.lookup(`${web.origin}/missing`)).resolves.toEqual({
        metadata: null,
        reason: 'not-found',
      });
      await expect(sut.lookup(`${web.origin}/broken`)).resolves.toEqual({
        metadata: null,
        reason: 'invalid',
      });
      await expect(sut.lookup('http://nexus-dead-host.invalid/1')).resolves.toEqual({
        metadata: null,
        unavailable: 'could not resolve nexus-dead-host.invalid (ENOTFOUND)',
        reason: 'unreachable',
      });
      await expect(sut.lookup(`${failingGateway.origin}/1`)).resolves.toMatchObject({
        metadata: null,
        unavailable: 'the server answered 500',
        reason: 'unreachable',
      });
    });

    it('reads JSON with a byte order mark, comments and trailing commas', async () => {
      const sut = create();
      await expect(sut.lookup(`${web.origin}/lenient`)).resolves.toEqual({
        metadata: {
          name: 'Lenient',
          description: null,
          image: null,
          animationUrl: null,
          attributes: [{ trait_type: 'Eyes', value: 'Red' }],
        },
      });
    });

    it('says why metadata is missing: an HTML page, throttling, a timeout, a bad URI', async () => {
      const sut = create({ timeoutMs: 150 });
      await expect(sut.lookup(`${web.origin}/error-page`)).resolves.toEqual({
        metadata: null,
        reason: 'not-json',
      });
      // Throttled: worth a retry later, whatever Retry-After asks.
      await expect(sut.lookup(`${web.origin}/throttled`)).resolves.toEqual({
        metadata: null,
        unavailable: 'the server answered 429',
        reason: 'rate-limited',
      });
      await expect(sut.lookup(`${web.origin}/hang`)).resolves.toMatchObject({
        metadata: null,
        reason: 'timeout',
      });
      await expect(sut.lookup('not a uri')).resolves.toEqual({ metadata: null, reason: 'bad-uri' });
    });

    it('says a CID no gateway serves in time is missing on IPFS', async () => {
      const sut = create({ ipfsGateways: [`${slowGateway.origin}/ipfs/`], timeoutMs: 100 });
      await expect(sut.lookup(`ipfs://${CID_V0}/1`)).resolves.toMatchObject({
        metadata: null,
        reason: 'ipfs-missing',
      });
    });

    it('refuses a redirect to a private address before connecting, and counts it', async () => {
      const refused: string[] = [];
      const sut = create({ onBlocked: (host) => refused.push(host) });
      await expect(sut.lookup(`${web.origin}/to-private`)).resolves.toEqual({
        metadata: null,
        reason: 'private-address',
      });
      expect(refused).toEqual(['10.0.0.1']);
    });

    it("keeps a slow host's cause on the tokens its breaker refuses", async () => {
      const sut = create({ timeoutMs: 50 });
      for (let i = 0; i < 3; i++) await sut.lookup(`${web.origin}/hang`);
      await expect(sut.lookup(`${web.origin}/hang`)).resolves.toMatchObject({
        metadata: null,
        unavailable: expect.stringContaining('failed repeatedly'),
        reason: 'timeout',
      });
    });

    it("marks a dead host's remaining tokens at once once it has failed a few times", async () => {
      const sut = create({ resolveHost: deadDns });
      for (let i = 0; i < 3; i++) await sut.lookup(`http://nexus-dead-host.invalid/${i}`);

      await expect(sut.lookup('http://nexus-dead-host.invalid/4')).resolves.toEqual({
        metadata: null,
        unavailable: 'nexus-dead-host.invalid:80 failed repeatedly; not asked again for now',
        reason: 'unreachable',
      });
      // Other hosts are asked as before.
      await expect(sut.lookup(`${web.origin}/token/1`)).resolves.toEqual({ metadata: EXPECTED });
    });
  });

  describe('configuration', () => {
    it('refuses gateways that are not http(s) URLs', () => {
      expect(() => new GatewayMetadataResolver({ ipfsGateways: ['ipfs.io'] })).toThrow('ipfsGateways');
      expect(() => new GatewayMetadataResolver({ ipfsGateways: ['ftp://x/ipfs/'] })).toThrow('ipfsGateways');
      expect(() => new GatewayMetadataResolver({ ipfsGateways: [] })).toThrow('at least one');
      expect(() => new GatewayMetadataResolver({ arweaveGateway: 'nope' })).toThrow('arweaveGateway');
      expect(() => new GatewayMetadataResolver({ timeoutMs: -1 })).toThrow('timeoutMs');
    });
  });
});
