import { ADMIN_MESSAGES } from '@nexus/contract';
import request from 'supertest';
import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { TEST_ADMIN_PASSWORD } from '../../../test/support/test-env.js';

const cookieOf = (res: request.Response): string | undefined =>
  (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('nexus_admin='));

/** In production the admin cookie is always Secure, and the reference and the detailed health are the admin's. */
describe('an API in production (NODE_ENV=production)', () => {
  let api: IsolatedApi;
  let cookie: string;

  beforeAll(async () => {
    // No TRUST_PROXY: the proxy's word on the scheme is not taken, and the cookie is Secure anyway.
    api = await startIsolatedApi('admin-production', { env: { NODE_ENV: 'production' } });
    cookie = await adminCookie(api.app.getHttpServer());
  });

  afterAll(async () => {
    await api.close();
  });

  const get = (path: string) => request(api.app.getHttpServer()).get(path);
  const refused = { statusCode: 401, message: ADMIN_MESSAGES.sessionRequired };

  it('marks the admin cookie Secure though the request came over plain HTTP', async () => {
    const login = await request(api.app.getHttpServer())
      .post('/api/admin/authenticate')
      .send({ password: TEST_ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect(cookieOf(login)).toMatch(/; Secure/);

    const verified = await request(api.app.getHttpServer()).post('/api/admin/verify').set('Cookie', cookie);
    expect(cookieOf(verified)).toMatch(/; Secure/);
    const out = await request(api.app.getHttpServer()).post('/api/admin/logout').set('Cookie', 'x=1');
    expect(cookieOf(out)).toMatch(/; Secure/);
  });

  it('serves the API reference to the admin only', async () => {
    for (const path of ['/api/docs', '/api/docs/', '/api/docs-json', '/api/docs/swagger-ui-init.js']) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(res.body).toMatchObject(refused);
    }
    const ui = await get('/api/docs').set('Cookie', cookie);
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger-ui');
    const json = await get('/api/docs-json').set('Cookie', cookie);
    expect(json.status).toBe(200);
    expect((json.body as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it('keeps the detailed health report (RPC URLs, worker counts) for the admin', async () => {
    const anonymous = await get('/api/health');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject(refused);
    expect(anonymous.text).not.toContain('127.0.0.1');

    const admin = await get('/api/health').set('Cookie', cookie);
    // No chain answers here: degraded, with the whole report.
    expect(admin.status).toBe(503);
    expect(admin.body).toMatchObject({ status: 'degraded', database: 'up', redis: 'up' });
    expect(admin.body.chains.ethereum).toMatchObject({ rpcUrl: 'http://127.0.0.1:9/' });
  });

  it('answers liveness and readiness to anyone, with nothing internal in them', async () => {
    const live = await get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });

    const ready = await get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });
});
