import { ADMIN_MESSAGES, type AdminSessionResponse } from '@nexus/contract';
import type { Browser, Page } from 'playwright-core';

import { launchChromium, returningVisitor } from '../support/browser.js';
import { CHROMIUM, describeWith } from '../support/requirements.js';
import { startSystem, type RunningSystem } from '../support/system.js';
import { TEST_ADMIN_PASSWORD, TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';

/** Admin sessions live in Redis: two API processes share them, and a restart keeps them. */
describe('admin sessions across API processes', () => {
  let system: RunningSystem;

  beforeAll(async () => {
    system = await startSystem({
      prefix: testPrefix('admin-sessions'),
      port: 3231 + TEST_PORT_OFFSET,
      apis: 2,
      workers: 0,
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  const login = async (api: number): Promise<string> => {
    const res = await fetch(`${system.urls[api]}/api/admin/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('nexus_admin='));
    return cookie!.split(';')[0]!;
  };
  /** The status and message of an admin call on API process `api` with `cookie`. */
  const call = async (api: number, method: 'GET' | 'POST', path: string, cookie: string) => {
    const res = await fetch(`${system.urls[api]}${path}`, { method, headers: { cookie } });
    const body = (await res.json()) as { message?: string };
    return { status: res.status, message: body.message ?? null };
  };
  const verify = (api: number, cookie: string) => call(api, 'POST', '/api/admin/verify', cookie);
  const cacheStats = (api: number, cookie: string) => call(api, 'GET', '/api/admin/cache-stats', cookie);
  const ok = { status: 200, message: null };
  const refused = { status: 401, message: ADMIN_MESSAGES.sessionRequired };

  it('a session opened on one process is valid on the other', async () => {
    const cookie = await login(0);

    expect(await verify(1, cookie)).toEqual(ok);
    expect(await cacheStats(1, cookie)).toEqual(ok);
    expect(await cacheStats(0, cookie)).toEqual(ok);
  });

  it('survives a restart of the process that opened it, and a crash of the other', async () => {
    const cookie = await login(0);

    await system.restartApi(0);
    expect(await cacheStats(0, cookie)).toEqual(ok);
    await system.restartApi(1, 'SIGKILL');
    expect(await cacheStats(1, cookie)).toEqual(ok);
    const renewed = await fetch(`${system.urls[1]}/api/admin/verify`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(((await renewed.json()) as AdminSessionResponse).authenticated).toBe(true);
  }, 120_000);

  it('a logout on one process ends the session on both; other sessions live on', async () => {
    const leaving = await login(1);
    const staying = await login(0);

    const out = await fetch(`${system.urls[0]}/api/admin/logout`, {
      method: 'POST',
      headers: { cookie: leaving },
    });
    expect(out.status).toBe(200);

    for (const api of [0, 1]) {
      expect(await verify(api, leaving)).toEqual(refused);
      expect(await cacheStats(api, leaving)).toEqual(refused);
      expect(await cacheStats(api, staying)).toEqual(ok);
    }
  });

  it('a token no process issued is refused by both', async () => {
    const forged = 'nexus_admin=' + 'A'.repeat(43);
    for (const api of [0, 1]) expect(await cacheStats(api, forged)).toEqual(refused);
  });

  describeWith([CHROMIUM])('"Log out everywhere" on /admin, in Chromium', () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await launchChromium();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    /** A browser of its own (a device) signed in on /admin of API process `api`. */
    const signedIn = async (api: number): Promise<Page> => {
      const page = await (await returningVisitor(browser, { baseURL: system.urls[api] })).newPage();
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin Authentication' }).waitFor();
      await page.getByTestId('admin-password').fill(TEST_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      return page;
    };

    it('ends the session of every browser and every process, then a sign-in works again', async () => {
      const laptop = await signedIn(0);
      const phone = await signedIn(1);
      const script = await login(1);

      await laptop.getByRole('button', { name: 'Log out everywhere' }).click();
      await laptop.getByRole('heading', { name: 'Admin Authentication' }).waitFor();

      // The other browser, on the other process, is asked to sign in again on its next visit…
      await phone.reload();
      await phone.getByRole('heading', { name: 'Admin Authentication' }).waitFor();
      expect(await phone.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
      // …and a session held outside any browser is over too, on both processes.
      for (const api of [0, 1]) expect(await cacheStats(api, script)).toEqual(refused);

      await laptop.getByTestId('admin-password').fill(TEST_ADMIN_PASSWORD);
      await laptop.getByRole('button', { name: 'Sign In' }).click();
      await laptop.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await laptop.context().close();
      await phone.context().close();
    }, 60_000);
  });
});
