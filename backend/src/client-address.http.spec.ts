import type { NestExpressApplication } from '@nestjs/platform-express';
import { ADMIN_MESSAGES } from '@nexus/contract';
import request from 'supertest';

import { startIsolatedApi, type IsolatedApi } from '../../test/support/isolated-api.js';
import { LOGIN_THROTTLE } from './admin-access/index.js';

/**
 * Without TRUST_PROXY the client address is the TCP peer's: a visitor who writes X-Forwarded-For
 * (or Forwarded, X-Real-IP) gets a new address for none of the limits.
 */
describe('client address without TRUST_PROXY', () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let n = 1;
  /** Headers naming a new address on every call. */
  const spoofed = () => {
    const ip = `203.0.113.${n++}`;
    return { 'X-Forwarded-For': ip, Forwarded: `for=${ip}`, 'X-Real-IP': ip };
  };

  beforeAll(async () => {
    isolated = await startIsolatedApi('client_address', { env: { RATE_LIMIT_SCAN: '2/60' } });
    sut = isolated.app;
  });

  afterAll(async () => {
    await isolated.close();
  });

  it('counts requests that name other addresses against the connection’s own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(sut.getHttpServer()).post('/api/nfts').set(spoofed()).send({});
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('throttles failed logins whatever address the request claims', async () => {
    const login = () =>
      request(sut.getHttpServer())
        .post('/api/admin/authenticate')
        .set(spoofed())
        .send({ password: 'guess-guess' });
    for (let i = 0; i < LOGIN_THROTTLE.points; i++) {
      expect((await login()).body).toMatchObject({
        statusCode: 401,
        message: ADMIN_MESSAGES.invalidPassword,
      });
    }
    const blocked = await login();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
