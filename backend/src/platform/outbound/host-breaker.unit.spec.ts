import { FetchError } from './fetch.error.js';
import { GatewayFetcher } from './gateway.fetcher.js';
import { HostBreaker, isHostFailure, isHostUnavailable } from './host-breaker.js';
import type { ResolvedAddress } from './safe-http.client.js';
import { LoopbackServer } from './testing/loopback-server.fixture.js';

const dead = (): FetchError => new FetchError('dns', 'could not resolve dead.example (ENOTFOUND)');

async function failureOf(work: Promise<unknown>): Promise<FetchError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected a FetchError');
}

describe(HostBreaker.name, () => {
  it('stops asking a host after its failures in a row, failing at once with host-unavailable', async () => {
    const sut = new HostBreaker({ failures: 3, halfOpenAfterMs: 60_000 });
    let calls = 0;
    const attempt = () =>
      sut.run('dead.example:80', async () => {
        calls++;
        throw dead();
      });

    for (let i = 0; i < 3; i++) expect((await failureOf(attempt())).kind).toBe('dns');
    const failures = await Promise.all(Array.from({ length: 50 }, () => failureOf(attempt())));

    expect(calls).toBe(3);
    expect(new Set(failures.map((f) => f.kind))).toEqual(new Set(['host-unavailable']));
    expect(sut.isOpen('dead.example:80')).toBe(true);
    // Another host is not affected.
    await expect(sut.run('alive.example:80', async () => 'ok')).resolves.toBe('ok');
  });

  it('counts only failures of the host: a 404 or a throttled answer keeps it usable', async () => {
    const sut = new HostBreaker({ failures: 2, halfOpenAfterMs: 60_000 });
    for (const error of [
      new FetchError('http-status', 'the server answered 404', 404),
      new FetchError('http-status', 'the server answered 429', 429),
      new FetchError('invalid-response', 'not metadata'),
      new FetchError('aborted', 'the request was cancelled'),
    ]) {
      await expect(sut.run('h:80', () => Promise.reject(error))).rejects.toBe(error);
      await expect(sut.run('h:80', () => Promise.reject(error))).rejects.toBe(error);
    }
    expect(sut.isOpen('h:80')).toBe(false);
  });

  it('tries the host again after the pause and closes when it answers', async () => {
    // A pause long enough that a loaded machine does not reach it between the first two calls.
    const sut = new HostBreaker({ failures: 1, halfOpenAfterMs: 1_000 });
    await expect(sut.run('h:80', () => Promise.reject(dead()))).rejects.toThrow('ENOTFOUND');
    expect((await failureOf(sut.run('h:80', async () => 'never')))?.kind).toBe('host-unavailable');

    await new Promise((resolve) => setTimeout(resolve, 1_100));

    await expect(sut.run('h:80', async () => 'back')).resolves.toBe('back');
    expect(sut.isOpen('h:80')).toBe(false);
  });

  it('refuses a host while its breaker waits, and lets one try through once the wait has passed', async () => {
    const sut = new HostBreaker({ failures: 2, halfOpenAfterMs: 50 });
    expect(sut.refuses('h:80')).toBe(false);
    await failureOf(sut.run('h:80', () => Promise.reject(dead())));
    expect(sut.refuses('h:80')).toBe(false);
    await failureOf(sut.run('h:80', () => Promise.reject(dead())));
    expect(sut.refuses('h:80')).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 80));

    expect(sut.refuses('h:80')).toBe(false);
    await expect(sut.run('h:80', async () => 'back')).resolves.toBe('back');
    expect(sut.refuses('h:80')).toBe(false);
  });

  it('forgets the least recently used host beyond its capacity', async () => {
    const sut = new HostBreaker({ failures: 1, halfOpenAfterMs: 60_000, maxHosts: 2 });
    await sut.run('a:80', () => Promise.reject(dead())).catch(() => undefined);
    await sut.run('b:80', async () => 'ok');
    await sut.run('c:80', async () => 'ok');

    expect(sut.isOpen('a:80')).toBe(false);
  });
});

describe(isHostUnavailable.name, () => {
  it('tells an unreachable host (worth a retry later) from an answer without metadata', () => {
    expect(isHostUnavailable(dead())).toBe(true);
    expect(isHostUnavailable(new FetchError('timeout', 'slow'))).toBe(true);
    expect(isHostUnavailable(new FetchError('host-unavailable', 'open'))).toBe(true);
    expect(isHostUnavailable(new FetchError('http-status', '503', 503))).toBe(true);
    expect(isHostUnavailable(new FetchError('http-status', '429', 429))).toBe(true);
    expect(isHostUnavailable(new FetchError('http-status', '404', 404))).toBe(false);
    expect(isHostUnavailable(new FetchError('blocked', 'private'))).toBe(false);
    expect(isHostFailure(new FetchError('http-status', '429', 429))).toBe(false);
  });
});

describe('a dead metadata host behind the gateway fetcher', () => {
  it('costs one name lookup for a whole batch of tokens, not one per token, and no retries', async () => {
    const lookups: string[] = [];
    const sut = new GatewayFetcher({
      retries: 2,
      retryBaseDelayMs: 1,
      resolveHost: async (host): Promise<ResolvedAddress[]> => {
        lookups.push(host);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      },
    });

    const failures = await Promise.all(
      Array.from({ length: 500 }, (_, i) => failureOf(sut.fetchUri(`http://nexus-dead-host.invalid/${i}`))),
    );

    expect(lookups).toEqual(['nexus-dead-host.invalid']);
    expect(failures.every(isHostUnavailable)).toBe(true);
    const later = await failureOf(sut.fetchUri('http://nexus-dead-host.invalid/after'));
    expect(later.kind).toBe('host-unavailable');
    expect(lookups).toHaveLength(1);
    sut.destroy();
  });

  it('leaves a refused gateway out of the IPFS race while another can answer', async () => {
    const live = await LoopbackServer.start((_req, res) => res.end('{"name":"ok"}'));
    const lookups: string[] = [];
    const sut = new GatewayFetcher({
      ipfsGateways: ['http://nexus-dead-gateway.invalid/ipfs/', `${live.origin}/ipfs/`],
      allowedHosts: [live.hostPort],
      retries: 0,
      hostBreaker: new HostBreaker({ failures: 2, halfOpenAfterMs: 60_000 }),
      resolveHost: async (host): Promise<ResolvedAddress[]> => {
        lookups.push(host);
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      },
    });
    const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
    for (let i = 0; i < 20; i++) {
      const response = await sut.fetchUri(`ipfs://${cid}/${i}`);
      expect(response.body.toString()).toBe('{"name":"ok"}');
    }
    // The dead gateway was asked until its breaker opened, then left out.
    expect(lookups.length).toBeLessThanOrEqual(2);
    expect(live.requests).toHaveLength(20);
    sut.destroy();
    await live.close();
  });

  it('stops waiting on a host that hangs after a few timeouts', async () => {
    const server = await LoopbackServer.start(() => undefined);
    const sut = new GatewayFetcher({
      allowedHosts: [server.hostPort],
      timeoutMs: 100,
      retries: 0,
      hostBreaker: new HostBreaker({ failures: 3, halfOpenAfterMs: 60_000 }),
    });

    const kinds: string[] = [];
    for (let i = 0; i < 10; i++) kinds.push((await failureOf(sut.fetchUri(`${server.origin}/${i}`))).kind);

    expect(kinds).toEqual(['timeout', 'timeout', 'timeout', ...Array<string>(7).fill('host-unavailable')]);
    expect(server.requests).toHaveLength(3);
    sut.destroy();
    await server.close();
  });

  it('keeps asking an IPFS gateway that times out on a CID no node has', async () => {
    const missing = 'bafybeihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
    const gateway = await LoopbackServer.start((request, response) => {
      if (request.url?.includes(missing)) return;
      response.end('{"name":"ok"}');
    });
    const sut = new GatewayFetcher({
      ipfsGateways: [`${gateway.origin}/ipfs/`],
      allowedHosts: [gateway.hostPort],
      timeoutMs: 100,
      retries: 0,
      hostBreaker: new HostBreaker({ failures: 3, halfOpenAfterMs: 60_000 }),
    });

    const kinds: string[] = [];
    for (let i = 0; i < 5; i++) kinds.push((await failureOf(sut.fetchUri(`ipfs://${missing}/${i}`))).kind);

    expect(kinds).toEqual(Array<string>(5).fill('timeout'));
    // The gateway serves every other CID as before.
    const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
    expect((await sut.fetchUri(`ipfs://${cid}/1`)).body.toString()).toBe('{"name":"ok"}');
    sut.destroy();
    await gateway.close();
  });
});
