import type { Server } from 'node:http';
import request from 'supertest';
import { TEST_ADMIN_PASSWORD } from './test-env.js';

/** Signs in as admin through the real route; answers the Cookie header value of the session. */
export async function adminCookie(server: Server | string, password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await request(server).post('/api/admin/authenticate').send({ password });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const setCookie = res.headers['set-cookie'] as unknown as string[] | undefined;
  const session = setCookie?.find((c) => c.startsWith('nexus_admin='));
  if (!session) throw new Error('admin login set no session cookie');
  return session.split(';')[0]!;
}
