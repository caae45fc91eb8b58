import { spawn, type ChildProcess } from 'node:child_process';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  QUEUED_SCAN_LIMITS,
  RATE_LIMIT_POLICIES,
  rateLimitMessage,
  type ClearSuspiciousIpResponse,
  type SecurityStatus,
} from '@nexus/contract';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { TEST_PORT_OFFSET } from '../../../test/support/test-env.js';
import { REDIS } from '../platform/redis/index.js';
import { SecurityController } from './security.controller.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(SecurityController.name, () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let cookie: string;
  // Every test speaks from its own addresses (X-Forwarded-For, trusted from loopback here).
  let nextIp = 1;
  const ip = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    isolated = await startIsolatedApi('security', {
      env: { TRUST_PROXY: 'loopback', RATE_LIMIT_SCAN: '3/60', RATE_LIMIT_RARITY: '2/1' },
    });
    sut = isolated.app;
    cookie = await adminCookie(sut.getHttpServer());
  });

  afterAll(async () => {
    await isolated.close();
  });

  const http = () => request(sut.getHttpServer());
  // Bodies the validation refuses: the limit counts them all the same, and no scan starts.
  const scan = (from: string) => http().post('/api/nfts').set('X-Forwarded-For', from).send({});
  const rarity = (from: string) => http().post('/api/calculate-rarity').set('X-Forwarded-For', from).send({});
  const status = async (): Promise<SecurityStatus> => {
    const res = await http().get('/api/admin/security-status').set('Cookie', cookie);
    expect(res.status).toBe(200);
    return res.body as SecurityStatus;
  };
  const clear = (body: object, withCookie = true) => {
    const req = http().post('/api/admin/clear-suspicious-ip');
    return (withCookie ? req.set('Cookie', cookie) : req).send(body);
  };
  const listed = async (address: string) => (await status()).suspiciousIPs.find((s) => s.ip === address);

  it('answers 429 with Retry-After and RateLimit headers past the limit; another address is unaffected', async () => {
    const script = ip();
    for (let i = 0; i < 3; i++) {
      const res = await scan(script);
      expect(res.status).toBe(400);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(2 - i));
    }

    const blocked = await scan(script);

    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.body).toEqual({
      statusCode: 429,
      message: rateLimitMessage(retryAfter),
      error: 'TOO_MANY_REQUESTS',
      requestId: blocked.headers['x-request-id'],
    });
    expect(blocked.headers).toMatchObject({
      'ratelimit-limit': '3',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(retryAfter),
      'ratelimit-policy': '3;w=60',
    });
    // The next refusals come from this process's memory of the block (the flood gate, before
    // routing): the same answer, and still counted.
    const again = await scan(script);
    const retryAgain = Number(again.headers['retry-after']);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({
      statusCode: 429,
      message: rateLimitMessage(retryAgain),
      error: 'TOO_MANY_REQUESTS',
      requestId: again.headers['x-request-id'],
    });
    expect(again.headers['x-request-id']).not.toBe(blocked.headers['x-request-id']);
    expect(again.headers).toMatchObject({
      'ratelimit-limit': '3',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(retryAgain),
      'ratelimit-policy': '3;w=60',
    });
    // Another address, and another policy of the same address, are not affected.
    expect((await scan(ip())).status).toBe(400);
    const donations = await http().get('/api/donations').set('X-Forwarded-For', script);
    expect(donations.status).toBe(200);
    expect(donations.headers['ratelimit-limit']).toBe('600');
  });

  it("shows each policy's limit and its busiest client's count in the security status", async () => {
    const script = ip();
    for (let i = 0; i < 5; i++) await scan(script);

    const { rateLimits } = await status();

    expect(Object.keys(rateLimits).sort()).toEqual(
      [...RATE_LIMIT_POLICIES, ...Object.values(QUEUED_SCAN_LIMITS)].sort(),
    );
    expect(rateLimits.scan).toMatchObject({ current: 5, limit: 3, windowMs: 60_000 });
    expect(rateLimits.scan!.resetIn).toBeGreaterThan(0);
    expect(rateLimits.scan!.resetIn).toBeLessThanOrEqual(60_000);
    expect(rateLimits.api).toMatchObject({ limit: 600, windowMs: 60_000 });
    expect(rateLimits.login).toMatchObject({ limit: 5, windowMs: 60_000 });
  });

  it('lists an address that breaks a limit in three windows; clearing it lets it through again', async () => {
    const script = ip();
    for (let window = 1; window <= 3; window++) {
      expect((await rarity(script)).status).toBe(400);
      expect((await rarity(script)).status).toBe(400);
      expect((await rarity(script)).status).toBe(429);
      expect((await rarity(script)).status).toBe(429);
      if (window < 3) {
        expect(await listed(script)).toBeUndefined();
        await sleep(1100);
      }
    }
    for (let i = 0; i < 4; i++) await scan(script);
    expect((await scan(script)).status).toBe(429);

    const entry = await listed(script);
    expect(entry).toMatchObject({ ip: script, rateLimitBreaches: 4, failedLogins: 0 });
    expect(Date.parse(entry!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);

    const cleared = await clear({ ip: script });
    expect(cleared.status).toBe(200);
    expect(cleared.body as ClearSuspiciousIpResponse).toEqual({ success: true, cleared: true });
    expect(await listed(script)).toBeUndefined();
    expect((await scan(script)).status).toBe(400);
    expect((await clear({ ip: script })).body).toEqual({ success: true, cleared: false });
  });

  it('lists an address after repeated failed admin logins', async () => {
    const guesser = ip();
    for (let i = 0; i < 3; i++) {
      const res = await http()
        .post('/api/admin/authenticate')
        .set('X-Forwarded-For', guesser)
        .send({ password: `guess-${i}` });
      expect(res.status).toBe(401);
    }

    expect(await listed(guesser)).toMatchObject({ ip: guesser, failedLogins: 3, rateLimitBreaches: 0 });
  });

  it('counts the browsers connected to every API process', async () => {
    const other = await isolated.sibling();
    const sockets: Socket[] = [];
    try {
      await sut.listen(0, '127.0.0.1');
      await other.listen(0, '127.0.0.1');
      for (const base of [await sut.getUrl(), await sut.getUrl(), await other.getUrl()]) {
        const socket = io(base, { path: '/socket.io', transports: ['websocket'], forceNew: true });
        sockets.push(socket);
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      }

      expect((await status()).activeUserSessions).toBe(3);

      sockets.pop()!.disconnect();
      for (let i = 0; i < 50 && (await status()).activeUserSessions !== 2; i++) await sleep(50);
      expect((await status()).activeUserSessions).toBe(2);
    } finally {
      for (const socket of sockets) socket.disconnect();
      await other.close();
    }
  });

  it('answers 401 without an admin session', async () => {
    expect((await http().get('/api/admin/security-status')).status).toBe(401);
    expect((await clear({ ip: '203.0.113.9' }, false)).status).toBe(401);
  });

  it('answers 400 for a missing or malformed address', async () => {
    for (const body of [{}, { ip: 'not-an-ip' }, { ip: '999.1.1.1' }, { ip: 12 }, { ip: '10.0.0.0/8' }]) {
      const res = await clear(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: 'ip must be an IPv4 or IPv6 address' });
    }
    expect((await clear({ ip: '203.0.113.9', all: true })).status).toBe(400);
    // IPv6 clients are counted, listed and cleared by /64.
    expect((await clear({ ip: '2001:db8::1' })).status).toBe(200);
    expect((await clear({ ip: '2001:db8::/64' })).status).toBe(200);
  });

  it('never limits the health check', async () => {
    const health = await http().get('/api/health');
    expect(health.headers['ratelimit-limit']).toBeUndefined();
  });

  it('describes the routes and their limits in the OpenAPI document', async () => {
    type Operation = {
      security?: Array<Record<string, string[]>>;
      responses: Record<string, { headers?: Record<string, unknown> }>;
      'x-rate-limit-policy'?: string;
    };
    const doc = (await http().get('/api/docs-json')).body as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    };
    const statusRoute = doc.paths['/api/admin/security-status']!.get!;
    expect(statusRoute.security).toContainEqual({ admin: [] });
    expect(Object.keys(statusRoute.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    const clearRoute = doc.paths['/api/admin/clear-suspicious-ip']!.post!;
    expect(Object.keys(clearRoute.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    expect(doc.paths['/api/nfts']!.post!['x-rate-limit-policy']).toBe('scan');
    expect(doc.paths['/api/nfts']!.post!.responses['429']!.headers).toHaveProperty('Retry-After');
    expect(doc.paths['/api/calculate-rarity']!.post!['x-rate-limit-policy']).toBe('rarity');
    expect(doc.paths['/api/donations']!.get!['x-rate-limit-policy']).toBe('api');
    expect(doc.paths['/api/collection-submissions']!.post!['x-rate-limit-policy']).toBe('submission');
    expect(doc.paths['/api/collection-submissions/upload']!.post!['x-rate-limit-policy']).toBe('submission');
    expect(doc.paths['/api/collection-votes']!.post!['x-rate-limit-policy']).toBe('vote');
    expect(doc.paths['/api/media/image']!.get!['x-rate-limit-policy']).toBe('media');
    expect(doc.paths['/api/health']!.get!.responses['429']).toBeUndefined();
    expect(doc.components.schemas).toHaveProperty('SecurityStatusDto');
    expect(doc.components.schemas).toHaveProperty('RateLimitStatusDto');
  });
});

describe('rate limits when Redis goes away', () => {
  const port = 6390 + TEST_PORT_OFFSET;
  let redisServer: ChildProcess | null = null;
  let isolated: IsolatedApi;

  const startRedis = async () => {
    const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    redisServer = server;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  };
  const stopRedis = async () => {
    const server = redisServer;
    redisServer = null;
    if (!server || server.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGKILL');
    });
  };

  beforeAll(async () => {
    await startRedis();
    isolated = await startIsolatedApi('security-redis-away', {
      env: { REDIS_URL: `redis://127.0.0.1:${port}/0` },
    });
  });

  afterAll(async () => {
    if (!redisServer) await startRedis();
    // Let the API reconnect before it closes its connections.
    const client = isolated.app.get<Redis>(REDIS);
    for (let i = 0; i < 100 && client.status !== 'ready'; i++) await sleep(50);
    await isolated.close();
    await stopRedis();
  });

  it('lets visitors through (counted in memory) instead of answering 500', async () => {
    const http = () => request(isolated.app.getHttpServer());
    expect((await http().get('/api/donations')).status).toBe(200);

    await stopRedis();
    await sleep(200);

    const res = await http().get('/api/donations');
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-limit']).toBe('600');
    expect(res.headers['ratelimit-remaining']).toBe('599');
  });
});
