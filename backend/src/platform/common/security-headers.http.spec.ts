import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../../test/support/isolated-api.js';
import { HSTS_MAX_AGE_S, securityHeaders } from './security-headers.js';

/** The CSP header as directive → sources. */
function csp(header: string | undefined): Map<string, string[]> {
  expect(header).toBeDefined();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe(securityHeaders.name, () => {
  let dist: string;
  let dev: IsolatedApi;
  let production: IsolatedApi;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nexus-headers-'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    dev = await startIsolatedApi('headers-dev', { env: { FRONTEND_DIST: dist } });
    // Behind its proxy (loopback here), which says whether the visitor came over HTTPS.
    production = await startIsolatedApi('headers-production', {
      env: { FRONTEND_DIST: dist, NODE_ENV: 'production', TRUST_PROXY: 'loopback' },
    });
  });

  afterAll(async () => {
    await dev?.close();
    await production?.close();
    await rm(dist, { recursive: true, force: true });
  });

  /** The web app's page, a JSON answer, a JSON refusal, an unknown page. */
  const answers = (api: IsolatedApi) => {
    const http = () => request(api.app.getHttpServer());
    return Promise.all([
      http().get('/').set('X-Forwarded-Proto', 'https'),
      http().get('/api/health/live').set('X-Forwarded-Proto', 'https'),
      http().post('/api/nfts').set('X-Forwarded-Proto', 'https').send({}),
      http().get('/api/no-such-route').set('X-Forwarded-Proto', 'https'),
    ]);
  };

  it.each(['development', 'production'] as const)(
    'sends a strict CSP, nosniff, no referrer and no framing on HTML and JSON (%s)',
    async (mode) => {
      const [html, json, refused, missing] = await answers(mode === 'production' ? production : dev);
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(json.status).toBe(200);
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.status).toBe(400);
      expect(missing.status).toBe(404);

      for (const res of [html, json, refused, missing]) {
        const policy = csp(res.headers['content-security-policy']);
        expect(policy.get('default-src')).toEqual(["'self'"]);
        expect(policy.get('script-src')).toEqual(["'self'"]);
        // The page's own styles, and on the page those of its nonce (the styles its dialogs add).
        expect(policy.get('style-src')).toEqual(
          res === html ? ["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==' *$/)] : ["'self'"],
        );
        expect(policy.get('connect-src')).toEqual(["'self'"]);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(policy.get('base-uri')).toEqual(["'self'"]);
        expect(res.headers['content-security-policy']).not.toContain('unsafe');
        expect(policy.has('upgrade-insecure-requests')).toBe(mode === 'production');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-frame-options']).toBe('DENY');
        if (mode === 'production') {
          expect(res.headers['strict-transport-security']).toBe(
            `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`,
          );
        } else {
          expect(res.headers['strict-transport-security']).toBeUndefined();
        }
      }
    },
  );

  it('upgrades insecure requests only of a page that came over HTTPS (production)', async () => {
    const http = () => request(production.app.getHttpServer());
    const plain = csp((await http().get('/')).headers['content-security-policy']);
    expect(plain.has('upgrade-insecure-requests')).toBe(false);
    const secure = csp(
      (await http().get('/').set('X-Forwarded-Proto', 'https')).headers['content-security-policy'],
    );
    expect(secure.has('upgrade-insecure-requests')).toBe(true);
  });

  it("writes a fresh nonce into each answer's page and policy, and keeps the page from caches", async () => {
    const pages = await Promise.all([1, 2].map(() => request(dev.app.getHttpServer()).get('/')));
    const nonces = pages.map((page) => {
      const fromPolicy = /'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)![1];
      expect(page.text).toContain(`<meta property="csp-nonce" nonce="${fromPolicy}" />`);
      expect(page.headers['cache-control']).toBe('no-cache');
      return fromPolicy;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('lets the API reference page keep its inline style, and nothing more', async () => {
    const res = await request(dev.app.getHttpServer()).get('/api/docs');
    expect(res.status).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
