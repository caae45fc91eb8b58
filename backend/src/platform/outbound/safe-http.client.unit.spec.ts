import type { ServerResponse } from 'node:http';

import { FetchError, type FetchErrorKind } from './fetch.error.js';
import {
  type HostResolver,
  type ResolvedAddress,
  SafeHttpClient,
  type SafeFetchOptions,
} from './safe-http.client.js';
import { LoopbackServer, waitFor } from './testing/loopback-server.fixture.js';

const LIMITS: SafeFetchOptions = { maxBytes: 1024, timeoutMs: 2_000, maxRedirects: 3, retryBaseDelayMs: 5 };

async function failure(work: Promise<unknown>): Promise<FetchError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

async function expectKind(work: Promise<unknown>, kind: FetchErrorKind): Promise<FetchError> {
  const error = await failure(work);
  expect(error.kind).toBe(kind);
  return error;
}

/** A resolver for made-up names, so no test ever asks real DNS. */
function fakeDns(table: Record<string, string[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { calls });
}

describe(SafeHttpClient.name, () => {
  let allowed: LoopbackServer;
  let forbidden: LoopbackServer;
  let attempts: Map<string, number>;
  let sut: SafeHttpClient;
  let dns: ReturnType<typeof fakeDns>;

  const streamBytes = (response: ServerResponse, total: number): void => {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    let sent = 0;
    const push = (): void => {
      if (sent >= total || response.destroyed) {
        response.end();
        return;
      }
      sent += 256;
      response.write(Buffer.alloc(256, 1), () => setTimeout(push, 1));
    };
    push();
  };

  const servedSockets = new WeakSet<object>();

  beforeAll(async () => {
    forbidden = await LoopbackServer.start((_request, response) => response.end('internal secret'));
    allowed = await LoopbackServer.start((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const count = (attempts.get(url.pathname) ?? 0) + 1;
      attempts.set(url.pathname, count);
      const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
      if (hops) {
        const left = Number(hops[1]);
        if (left === 0) response.end('arrived');
        else response.writeHead(302, { location: `/hops/${left - 1}` }).end();
        return;
      }
      switch (url.pathname) {
        case '/ok':
          response.writeHead(200, { 'content-type': 'Application/JSON; charset=utf-8' }).end('{"ok":true}');
          return;
        case '/to-forbidden':
          response.writeHead(302, { location: `${forbidden.origin}/secret` }).end();
          return;
        case '/to-private':
          response.writeHead(301, { location: 'http://10.0.0.1/admin' }).end();
          return;
        case '/to-metadata':
          response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
          return;
        case '/to-evil':
          response.writeHead(302, { location: 'http://evil.test/' }).end();
          return;
        case '/to-file':
          response.writeHead(302, { location: 'file:///etc/passwd' }).end();
          return;
        case '/declared-large':
          response.writeHead(200, { 'content-length': '4096' }).end(Buffer.alloc(4096));
          return;
        case '/streamed-large':
          streamBytes(response, 64 * 1024);
          return;
        case '/exact':
          response.end(Buffer.alloc(1024, 2));
          return;
        case '/hang':
          return;
        case '/slow-body':
          response.writeHead(200);
          response.write('{');
          return;
        case '/flaky':
          if (count < 3) response.writeHead(503).end();
          else response.end('recovered');
          return;
        case '/rate-limited':
          if (count < 2) response.writeHead(429, { 'retry-after': '0' }).end();
          else response.end('after the pause');
          return;
        case '/missing':
          response.writeHead(404).end();
          return;
        case '/closes-reused':
          // As a server whose keep-alive timeout closed the idle socket just as it was reused.
          if (servedSockets.has(request.socket)) {
            request.socket.destroy();
            return;
          }
          servedSockets.add(request.socket);
          response.end('fresh socket');
          return;
        default:
          response.writeHead(500).end();
      }
    });
  });

  afterAll(async () => {
    await Promise.all([allowed.close(), forbidden.close()]);
  });

  beforeEach(() => {
    attempts = new Map();
    dns = fakeDns({
      'evil.test': ['10.0.0.1'],
      'mixed.test': ['93.184.216.34', '192.168.0.10'],
      'metadata.test': ['169.254.169.254'],
      'six.test': ['::1'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'gateway.test': ['127.0.0.1'],
    });
    sut = new SafeHttpClient({
      allowedHosts: [allowed.hostPort, `gateway.test:${allowed.port}`],
      resolveHost: dns,
    });
  });

  afterEach(() => sut.destroy());

  it('fetches from an allowed host and reports the media type without parameters', async () => {
    const response = await sut.get(`${allowed.origin}/ok`, LIMITS);
    expect(response.status).toBe(200);
    expect(response.contentType).toBe('application/json');
    expect(response.body.toString()).toBe('{"ok":true}');
  });

  it('sends a GET once more when its kept-alive socket was closed by the server', async () => {
    expect((await sut.get(`${allowed.origin}/closes-reused`, LIMITS)).body.toString()).toBe('fresh socket');
    const again = await sut.get(`${allowed.origin}/closes-reused`, LIMITS);
    expect(again.body.toString()).toBe('fresh socket');
    expect(attempts.get('/closes-reused')).toBe(3);
  });

  describe('address guard', () => {
    it('refuses loopback on a port that is not allowed, without sending anything', async () => {
      const error = await expectKind(sut.get(`${forbidden.origin}/secret`, LIMITS), 'blocked');
      expect(error.message).toContain('loopback');
      expect(forbidden.requests).toEqual([]);
    });

    it.each([
      ['http://10.0.0.1/', 'private'],
      ['http://10.255.0.7:8080/x', 'private'],
      ['http://172.16.0.1/', 'private'],
      ['http://172.31.255.254/', 'private'],
      ['http://192.168.1.1/', 'private'],
      ['http://169.254.169.254/latest/meta-data/iam/', 'cloud-metadata'],
      ['http://100.64.0.1/', 'shared'],
      ['http://0.0.0.0/', 'unspecified'],
      ['http://127.1/', 'loopback'],
      ['http://2130706433/', 'loopback'],
      ['http://0x7f000001/', 'loopback'],
      ['http://[::1]/', 'loopback'],
      ['http://[::ffff:127.0.0.1]/', 'loopback'],
      ['http://[::ffff:a00:1]/', 'private'],
      ['http://[::ffff:169.254.169.254]/', 'cloud-metadata'],
      ['http://[fd00::1]/', 'unique-local'],
      ['http://[fe80::1]/', 'link-local'],
      ['https://192.168.0.1/', 'private'],
    ])('refuses %s (%s)', async (url, reason) => {
      const error = await expectKind(sut.get(url, LIMITS), 'blocked');
      expect(error.message).toContain(reason);
      expect(dns.calls).toEqual([]);
    });

    it('refuses ::1 on the port of an IPv4 allowlist entry', async () => {
      await expectKind(sut.get(`http://[::1]:${allowed.port}/ok`, LIMITS), 'blocked');
    });

    it('refuses a host name that resolves to a private address', async () => {
      const error = await expectKind(sut.get('http://evil.test/', LIMITS), 'blocked');
      expect(error.message).toContain('evil.test');
      expect(dns.calls).toEqual(['evil.test']);
    });

    it.each(['mixed.test', 'metadata.test', 'six.test', 'mapped.test'])(
      'checks every address %s resolves to',
      async (host) => {
        await expectKind(sut.get(`http://${host}/`, LIMITS), 'blocked');
      },
    );

    it('refuses a redirect from an allowed host into loopback', async () => {
      await expectKind(sut.get(`${allowed.origin}/to-forbidden`, LIMITS), 'blocked');
      expect(forbidden.requests).toEqual([]);
    });

    it.each(['/to-private', '/to-metadata', '/to-evil'])(
      'refuses a redirect %s into a private range',
      async (path) => {
        await expectKind(sut.get(`${allowed.origin}${path}`, LIMITS), 'blocked');
      },
    );

    it('refuses a redirect to another scheme', async () => {
      await expectKind(sut.get(`${allowed.origin}/to-file`, LIMITS), 'invalid-url');
    });

    it('connects to the address it checked, not to a second lookup', async () => {
      // gateway.test exists only in the fake table: success proves the socket used our answer.
      const response = await sut.get(`http://gateway.test:${allowed.port}/ok`, LIMITS);
      expect(response.body.toString()).toBe('{"ok":true}');
      expect(dns.calls).toEqual(['gateway.test']);
    });

    it('reports an unknown host as a DNS failure, and does not ask again', async () => {
      const error = await expectKind(sut.get('http://nowhere.test/', { ...LIMITS, retries: 3 }), 'dns');
      expect(error.message).toBe('could not resolve nowhere.test (ENOTFOUND)');
      expect(error.retryable).toBe(false);
      expect(dns.calls).toEqual(['nowhere.test']);
    });

    it.each(['ftp://example.com/', 'file:///etc/passwd', 'not a url', 'gopher://127.0.0.1/'])(
      'refuses %s before any lookup',
      async (url) => {
        await expectKind(sut.get(url, LIMITS), 'invalid-url');
        expect(dns.calls).toEqual([]);
      },
    );
  });

  describe('limits', () => {
    it('refuses a body whose declared length is over the cap', async () => {
      await expectKind(sut.get(`${allowed.origin}/declared-large`, LIMITS), 'too-large');
    });

    it('stops reading a streamed body as soon as it passes the cap', async () => {
      await expectKind(sut.get(`${allowed.origin}/streamed-large`, LIMITS), 'too-large');
      await waitFor(() => allowed.abandoned > 0);
    });

    it('accepts a body of exactly the cap', async () => {
      const response = await sut.get(`${allowed.origin}/exact`, LIMITS);
      expect(response.body.length).toBe(1024);
    });

    it('times out when the server never answers', async () => {
      // The server never answers: only the client's own timeout can end this request.
      await expectKind(sut.get(`${allowed.origin}/hang`, { ...LIMITS, timeoutMs: 150 }), 'timeout');
    });

    it('times out when the body stalls', async () => {
      await expectKind(sut.get(`${allowed.origin}/slow-body`, { ...LIMITS, timeoutMs: 150 }), 'timeout');
    });

    it('follows redirects up to the cap', async () => {
      const response = await sut.get(`${allowed.origin}/hops/3`, LIMITS);
      expect(response.body.toString()).toBe('arrived');
      expect(response.url).toBe(`${allowed.origin}/hops/0`);
    });

    it('gives up after too many redirects', async () => {
      await expectKind(sut.get(`${allowed.origin}/hops/4`, LIMITS), 'too-many-redirects');
      expect(attempts.get('/hops/0')).toBeUndefined();
    });

    it('stops when the caller cancels', async () => {
      const controller = new AbortController();
      const pending = sut.get(`${allowed.origin}/hang`, { ...LIMITS, signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      await expectKind(pending, 'aborted');
    });
  });

  describe('retries', () => {
    it('retries server errors with backoff up to the bound', async () => {
      const response = await sut.get(`${allowed.origin}/flaky`, { ...LIMITS, retries: 2 });
      expect(response.body.toString()).toBe('recovered');
      expect(attempts.get('/flaky')).toBe(3);
    });

    it('stops retrying at the bound and reports the status', async () => {
      const error = await expectKind(
        sut.get(`${allowed.origin}/flaky`, { ...LIMITS, retries: 1 }),
        'http-status',
      );
      expect(error.status).toBe(503);
      expect(attempts.get('/flaky')).toBe(2);
    });

    it('retries 429 after the pause the server asks for', async () => {
      const response = await sut.get(`${allowed.origin}/rate-limited`, { ...LIMITS, retries: 1 });
      expect(response.body.toString()).toBe('after the pause');
    });

    it('retries a timeout', async () => {
      await expectKind(
        sut.get(`${allowed.origin}/hang`, { ...LIMITS, timeoutMs: 50, retries: 1 }),
        'timeout',
      );
      expect(attempts.get('/hang')).toBe(2);
    });

    it('does not retry a 404 or a blocked address', async () => {
      const error = await expectKind(
        sut.get(`${allowed.origin}/missing`, { ...LIMITS, retries: 3 }),
        'http-status',
      );
      expect(error.status).toBe(404);
      expect(attempts.get('/missing')).toBe(1);
      await expectKind(sut.get('http://evil.test/', { ...LIMITS, retries: 3 }), 'blocked');
      expect(dns.calls).toEqual(['evil.test']);
    });
  });
});
