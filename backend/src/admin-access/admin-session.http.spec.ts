import { createHash } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ADMIN_MESSAGES, type AdminSessionResponse } from '@nexus/contract';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { TEST_ADMIN_PASSWORD, testConfig } from '../../../test/support/test-env.js';
import { createApiApp } from '../bootstrap.js';
import { REDIS } from '../platform/redis/index.js';
import { RateLimiterService } from '../platform/security/index.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { LOGIN_THROTTLE } from './admin-session.service.js';

const cookieOf = (res: request.Response): string | undefined =>
  (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('nexus_admin='));

const NO_CHAIN = 'http://127.0.0.1:9/';
const HOUR_MS = 60 * 60 * 1000;

/** Another API process on the database and Redis prefix of `isolated`, with its own settings. */
async function apiBeside(
  isolated: IsolatedApi,
  env: Record<string, string>,
): Promise<NestExpressApplication> {
  const app = await createApiApp(
    testConfig(isolated.prefix, {
      DATABASE_URL: isolated.databaseUrl,
      DEVCHAIN_MANIFEST: '/nonexistent/devchain.json',
      ETHEREUM_RPC_URL: NO_CHAIN,
      POLYGON_RPC_URL: NO_CHAIN,
      CRONOS_RPC_URL: NO_CHAIN,
      TRUST_PROXY: 'loopback',
      ...env,
    }),
    { logger: false },
  );
  await app.init();
  return app;
}

describe(AdminAuthController.name, () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  // Each test speaks from its own address (X-Forwarded-For, trusted from loopback here) so the
  // failed-login throttle of one test never blocks another.
  let nextIp = 1;
  const ip = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    isolated = await startIsolatedApi('admin-session', { env: { TRUST_PROXY: 'loopback' } });
    sut = isolated.app;
  });

  afterAll(async () => {
    await isolated.close();
  });

  const http = () => request(sut.getHttpServer());
  const login = (password: string, from: string) =>
    http().post('/api/admin/authenticate').set('X-Forwarded-For', from).send({ password });

  it('opens a session for the right password: an httpOnly, SameSite=Strict cookie for /api', async () => {
    const res = await login(TEST_ADMIN_PASSWORD, ip());

    expect(res.status).toBe(200);
    const body = res.body as AdminSessionResponse;
    expect(body.authenticated).toBe(true);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(/^nexus_admin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api/);
    // Plain HTTP here: a Secure cookie would never come back.
    expect(cookie).not.toMatch(/Secure/);
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const res = await login(TEST_ADMIN_PASSWORD, ip()).set('X-Forwarded-Proto', 'https');

    expect(res.status).toBe(200);
    expect(cookieOf(res)).toMatch(/; Secure/);
  });

  it('refuses a wrong password with 401 and the SPEC wording, and sets no cookie', async () => {
    for (const password of ['wrong-password', TEST_ADMIN_PASSWORD + 'x', '']) {
      const res = await login(password, ip());
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, message: ADMIN_MESSAGES.invalidPassword });
      expect(cookieOf(res)).toBeUndefined();
    }
  });

  it('answers 400 for a body without a password or with unknown fields', async () => {
    expect((await http().post('/api/admin/authenticate').send({})).status).toBe(400);
    expect((await http().post('/api/admin/authenticate').send({ password: 1 })).status).toBe(400);
    const extra = await http()
      .post('/api/admin/authenticate')
      .send({ password: TEST_ADMIN_PASSWORD, admin: true });
    expect(extra.status).toBe(400);
  });

  it('verifies a live session and renews it; without one, or after logout, 401', async () => {
    const cookie = await adminCookie(sut.getHttpServer());

    const verified = await http().post('/api/admin/verify').set('Cookie', cookie);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ authenticated: true });
    expect(cookieOf(verified)!.split(';')[0]).toBe(cookie);

    expect((await http().post('/api/admin/verify')).status).toBe(401);
    const forged = 'nexus_admin=' + 'A'.repeat(43);
    expect((await http().post('/api/admin/verify').set('Cookie', forged)).status).toBe(401);

    const out = await http().post('/api/admin/logout').set('Cookie', cookie);
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toMatch(/^nexus_admin=;/);
    const after = await http().post('/api/admin/verify').set('Cookie', cookie);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ message: ADMIN_MESSAGES.sessionRequired });
    expect((await http().get('/api/admin/cache-stats').set('Cookie', cookie)).status).toBe(401);
  });

  it(`allows ${LOGIN_THROTTLE.points} failed logins a minute per address, then 429 with Retry-After`, async () => {
    const attacker = ip();
    for (let i = 0; i < LOGIN_THROTTLE.points; i++) {
      expect((await login(`guess-${i}`, attacker)).status).toBe(401);
    }

    const blocked = await login('guess-final', attacker);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.durationS);
    expect(blocked.body.message).toMatch(/^Too many requests/);
    // Even the right password waits: the throttle is not an oracle.
    expect((await login(TEST_ADMIN_PASSWORD, attacker)).status).toBe(429);
    // Another address is not affected.
    expect((await login(TEST_ADMIN_PASSWORD, ip())).status).toBe(200);
  });

  it('a success clears the failures of its address', async () => {
    const typo = ip();
    for (let i = 0; i < LOGIN_THROTTLE.points - 1; i++) expect((await login('typo', typo)).status).toBe(401);
    expect((await login(TEST_ADMIN_PASSWORD, typo)).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.points; i++) expect((await login('typo', typo)).status).toBe(401);
  });

  it('shares sessions with another API process and keeps them across a restart', async () => {
    const cookie = await adminCookie(sut.getHttpServer());
    const other = await isolated.sibling();
    try {
      const res = await request(other.getHttpServer()).post('/api/admin/verify').set('Cookie', cookie);
      expect(res.status).toBe(200);
    } finally {
      await other.close();
    }
    // A restart: a new process on the same Redis still knows the session.
    const restarted = await isolated.sibling();
    try {
      const res = await request(restarted.getHttpServer())
        .get('/api/admin/cache-stats')
        .set('Cookie', cookie);
      expect(res.status).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it("refuses a mutation whose Origin is not the app's own", async () => {
    const cookie = await adminCookie(sut.getHttpServer());
    const evil = await http()
      .post('/api/admin/clear-cache')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.body).toMatchObject({ message: ADMIN_MESSAGES.crossOrigin });

    // The app's own origin is the one the request names in Host.
    const own = await http()
      .post('/api/admin/clear-cache')
      .set('Cookie', cookie)
      .set('Host', 'nexus.test:8080')
      .set('Origin', 'http://nexus.test:8080');
    expect(own.status).toBe(200);
    // Reads are not mutations.
    const read = await http().get('/api/whitelisted-collections').set('Origin', 'https://evil.example');
    expect(read.status).toBe(200);
  });
});

describe('admin sessions end: password change, absolute lifetime, log out everywhere', () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let nextIp = 1;
  const ip = () => `203.0.113.${nextIp++}`;

  beforeAll(async () => {
    isolated = await startIsolatedApi('admin-session-end', { env: { TRUST_PROXY: 'loopback' } });
    sut = isolated.app;
  });

  afterAll(async () => {
    await isolated.close();
  });

  const http = () => request(sut.getHttpServer());
  const verify = (app: NestExpressApplication, cookie: string) =>
    request(app.getHttpServer()).post('/api/admin/verify').set('Cookie', cookie);
  /** The stored record of a session (Redis keeps it under the SHA-256 of the cookie's token). */
  const sessionKey = (cookie: string) =>
    `${isolated.prefix}:admin:session:${createHash('sha256').update(cookie.split('=')[1]!).digest('base64url')}`;
  /** The session as if it had been opened `ageMs` ago (and used since). */
  const age = async (cookie: string, ageMs: number) => {
    const redis = sut.get<Redis>(REDIS);
    const key = sessionKey(cookie);
    const record = JSON.parse((await redis.get(key))!) as { createdAt: number };
    record.createdAt = Date.now() - ageMs;
    await redis.set(key, JSON.stringify(record), 'KEEPTTL');
  };

  it('ends every session when ADMIN_PASSWORD changes: a restart with a new password', async () => {
    const before = await adminCookie(sut.getHttpServer());
    const changed = await apiBeside(isolated, { ADMIN_PASSWORD: 'another-long-admin-secret' });
    try {
      const refused = await verify(changed, before);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ message: ADMIN_MESSAGES.sessionRequired });
      expect(
        (await request(changed.getHttpServer()).get('/api/admin/cache-stats').set('Cookie', before)).status,
      ).toBe(401);
      // The new password opens sessions; the old one no longer does.
      const after = await adminCookie(changed.getHttpServer(), 'another-long-admin-secret');
      expect((await verify(changed, after)).status).toBe(200);
      // A process still on the old password does not take the new password's sessions either.
      expect((await verify(sut, after)).status).toBe(401);
    } finally {
      await changed.close();
    }
  });

  it('ends a session at its absolute lifetime, however recently it was used', async () => {
    const cookie = await adminCookie(sut.getHttpServer());

    // 23 h old and in use: still valid, but renewed only up to its 24 h lifetime.
    await age(cookie, 23 * HOUR_MS);
    const renewed = await verify(sut, cookie);
    expect(renewed.status).toBe(200);
    const expiresAt = Date.parse((renewed.body as AdminSessionResponse).expiresAt);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + HOUR_MS);
    expect(expiresAt).toBeGreaterThan(Date.now() + HOUR_MS - 5 * 60 * 1000);

    await age(cookie, 24 * HOUR_MS + 1000);
    const ended = await verify(sut, cookie);
    expect(ended.status).toBe(401);
    expect(cookieOf(ended)).toMatch(/^nexus_admin=;/);
    expect((await http().get('/api/admin/cache-stats').set('Cookie', cookie)).status).toBe(401);
  });

  it('"Log out everywhere" ends every session, its own included; a new login works', async () => {
    const mine = await adminCookie(sut.getHttpServer());
    const other = await adminCookie(sut.getHttpServer());
    const sibling = await isolated.sibling();
    try {
      // Without a session, or from another site's page: refused, and nothing ends.
      expect((await http().post('/api/admin/logout-everywhere')).status).toBe(401);
      const forged = await http()
        .post('/api/admin/logout-everywhere')
        .set('Cookie', 'nexus_admin=' + 'A'.repeat(43));
      expect(forged.status).toBe(401);
      const evil = await http()
        .post('/api/admin/logout-everywhere')
        .set('Cookie', mine)
        .set('Origin', 'https://evil.example');
      expect(evil.status).toBe(403);
      expect((await verify(sut, other)).status).toBe(200);

      const out = await http().post('/api/admin/logout-everywhere').set('Cookie', mine);
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ success: true });
      expect(cookieOf(out)).toMatch(/^nexus_admin=;/);

      for (const app of [sut, sibling]) {
        for (const cookie of [mine, other]) {
          const res = await request(app.getHttpServer()).get('/api/admin/cache-stats').set('Cookie', cookie);
          expect(res.status).toBe(401);
        }
      }
      const fresh = await adminCookie(sut.getHttpServer());
      expect((await verify(sibling, fresh)).status).toBe(200);
    } finally {
      await sibling.close();
    }
  });

  it('counts each attempt before comparing: of 100 parallel wrong passwords, 5 are compared', async () => {
    const attacker = ip();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(sut.getHttpServer())
          .post('/api/admin/authenticate')
          .set('X-Forwarded-For', attacker)
          .send({ password: `parallel-${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_THROTTLE.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_THROTTLE.points);
    // The count is the `login` policy's: the security page and its reset see it.
    expect(await sut.get(RateLimiterService).peek('login', attacker)).toMatchObject({
      consumed: LOGIN_THROTTLE.points,
    });
  });
});

describe('the failure budget of all addresses together (ADMIN_LOGIN_FAILURE_BUDGET)', () => {
  let isolated: IsolatedApi;

  beforeAll(async () => {
    isolated = await startIsolatedApi('admin-login-budget', {
      env: { TRUST_PROXY: 'loopback', ADMIN_LOGIN_FAILURE_BUDGET: '4/600' },
    });
  });

  afterAll(async () => {
    await isolated.close();
  });

  const login = (password: string, from: string) =>
    request(isolated.app.getHttpServer())
      .post('/api/admin/authenticate')
      .set('X-Forwarded-For', from)
      .send({ password });

  it('refuses every login, from any address, once that many have failed in the window', async () => {
    // A success spends nothing of the budget.
    expect((await login(TEST_ADMIN_PASSWORD, '192.0.2.100')).status).toBe(200);
    for (let i = 1; i <= 4; i++) expect((await login('distributed-guess', `192.0.2.${i}`)).status).toBe(401);

    const spent = await login('distributed-guess', '192.0.2.5');
    expect(spent.status).toBe(429);
    expect(spent.body.message).toMatch(/^Too many requests/);
    // The right password waits too: the budget is not an oracle.
    const right = await login(TEST_ADMIN_PASSWORD, '192.0.2.6');
    expect(right.status).toBe(429);
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });
});
