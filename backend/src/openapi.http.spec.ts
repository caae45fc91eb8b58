import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { OpenAPIObject } from '@nestjs/swagger';
import { EVM_ADDRESS_PATTERN } from '@nexus/contract';
import request from 'supertest';

import { startIsolatedApi, type IsolatedApi } from '../../test/support/isolated-api.js';
import { TEST_ROOT } from '../../test/support/test-env.js';
import { OPENAPI_PATH } from './openapi.js';

/**
 * SPEC §7 "The calls it makes": the 33 routes the web app calls, as method and path (OpenAPI
 * spelling of path parameters; query strings left out). The reference must list each of them.
 */
const SPEC_ROUTES = [
  'GET /api/whitelisted-collections',
  'GET /api/trending-searches',
  'GET /api/discover-collections',
  'POST /api/detect-network',
  'POST /api/validate-address',
  'POST /api/nfts',
  'POST /api/calculate-rarity',
  'GET /api/promo-assets/active',
  'GET /api/collection-submissions/voting',
  'POST /api/collection-submissions/upload',
  'POST /api/collection-submissions',
  'GET /api/collection-votes/{id}/check',
  'POST /api/collection-votes',
  'GET /api/promo-bar-settings',
  'PUT /api/admin/promo-bar-settings',
  'POST /api/whitelisted-collections',
  'PATCH /api/whitelisted-collections/{id}',
  'DELETE /api/whitelisted-collections/{id}',
  'POST /api/upload',
  'POST /api/admin/authenticate',
  'POST /api/admin/verify',
  'GET /api/promo-assets',
  'PUT /api/promo-assets/{id}',
  'DELETE /api/promo-assets/{id}',
  'POST /api/promo-assets/upload',
  'GET /api/admin/cache-stats',
  'POST /api/admin/clear-cache',
  'GET /api/admin/security-status',
  'POST /api/admin/clear-suspicious-ip',
  'GET /api/admin/collection-submissions/stats',
  'GET /api/admin/collection-submissions',
  'PATCH /api/admin/collection-submissions/{id}',
  'DELETE /api/admin/collection-submissions/{id}',
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('OpenAPI reference: every SPEC §7 route', () => {
  let isolated: IsolatedApi;
  let document: OpenAPIObject;
  let prose: string;

  beforeAll(async () => {
    isolated = await startIsolatedApi('openapi');
    // The document as /api/docs serves it.
    const res = await request(isolated.app.getHttpServer()).get(`/${OPENAPI_PATH}-json`).expect(200);
    document = res.body as OpenAPIObject;
    prose = await readFile(resolve(TEST_ROOT, 'docs/API.md'), 'utf8');
  });

  afterAll(async () => {
    await isolated.close();
  });

  it('holds the 33 routes of the SPEC, each once', () => {
    expect(new Set(SPEC_ROUTES).size).toBe(33);
  });

  it('serves the document at /api/docs-json and the reference UI at /api/docs', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const res = await request(isolated.app.getHttpServer()).get(`/${OPENAPI_PATH}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });

  it('lists every SPEC §7 route in the OpenAPI document', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        (['get', 'post', 'put', 'patch', 'delete'] as const)
          .filter((method) => item[method])
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(SPEC_ROUTES.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('describes the path parameters of every route', () => {
    const undescribed = Object.entries(document.paths).flatMap(([path, item]) =>
      (['get', 'post', 'put', 'patch', 'delete'] as const)
        .filter((method) => item[method])
        .flatMap((method) => {
          const described = new Set(
            (item[method]!.parameters ?? []).map((p) => ('in' in p && p.in === 'path' ? p.name : null)),
          );
          return [...path.matchAll(/\{(\w+)\}/g)]
            .map((m) => m[1]!)
            .filter((name) => !described.has(name))
            .map((name) => `${method.toUpperCase()} ${path}: ${name}`);
        }),
    );
    expect(undescribed).toEqual([]);
  });

  it("states the contract's address pattern wherever it describes a 0x address", () => {
    // Every `pattern` of the document, with where it is.
    const patterns: Array<[string, string]> = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}[${i}]`));
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'pattern' && typeof value === 'string') patterns.push([at, value]);
          else walk(value, `${at}.${key}`);
        }
    };
    walk(document, '');
    const addresses = patterns.filter(([, pattern]) => pattern.includes('0x'));
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter(([, pattern]) => pattern !== EVM_ADDRESS_PATTERN.source)).toEqual([]);
    // Every `{address}` of a path is such an address.
    const pathAddresses = Object.values(document.paths).flatMap((item) =>
      (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) =>
        (item[method]?.parameters ?? []).filter((p) => 'in' in p && p.in === 'path' && p.name === 'address'),
      ),
    );
    expect(pathAddresses.length).toBeGreaterThan(0);
    for (const parameter of pathAddresses)
      expect(parameter).toMatchObject({ schema: { pattern: EVM_ADDRESS_PATTERN.source } });
  });

  it('names every SPEC §7 route in docs/API.md, written out in full', () => {
    // `METHOD /api/path` not followed by more path: `GET /api/promo-assets` is not found inside
    // `GET /api/promo-assets/active`; a query string or the end of the code span may follow.
    const named = (route: string) => new RegExp(`${escape(route)}(?![\\w/{}-])`).test(prose);
    expect(SPEC_ROUTES.filter((route) => !named(route))).toEqual([]);
  });
});
