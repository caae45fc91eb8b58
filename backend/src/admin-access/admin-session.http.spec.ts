import type { NestExpressApplication } from '@nestjs/platform-express';
import { ADMIN_MESSAGES, type AdminSessionResponse } from '@nexus/contract';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { TEST_ADMIN_PASSWORD } from '../../../test/support/test-env.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { LOGIN_THROTTLE } from './admin-session.service.js';

const cookieOf = (res: request.Response): string | undefined =>
  (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('nexus_admin='));

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

describe('ADMIN_PASSWORD', () => {
  const base = {
    ETHEREUM_RPC_URL: 'http://127.0.0.1:9/',
    POLYGON_RPC_URL: 'http://127.0.0.1:9/',
    CRONOS_RPC_URL: 'http://127.0.0.1:9/',
  };
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('is required in production, and a published default is refused there', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/ADMIN_PASSWORD is required/),
    ]);
    expect(problems({ NODE_ENV: 'production', ADMIN_PASSWORD: 'nexus-admin' })).toEqual([
      expect.stringMatching(/published default/),
    ]);
    expect(problems({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-random-secret' })).toEqual([]);
  });

  it('may be unset elsewhere (admin login then refuses), but never shorter than 8 characters', () => {
    expect(loadConfig(base).adminPassword).toBeNull();
    expect(problems({ ADMIN_PASSWORD: 'short' })).toEqual([expect.stringMatching(/at least 8/)]);
  });
});
