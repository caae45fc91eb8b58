// Over 400 lines for that reason: one table of probes for every operation of the OpenAPI document, read whole
// beside the set-up it runs on.
import type { NestExpressApplication } from '@nestjs/platform-express';
import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger';
import request from 'supertest';

import { adminCookie } from '../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../test/support/isolated-api.js';
import { MEDIA } from './uploads/testing/media-files.fixture.js';
import { startUploadBackend, type UploadBackend } from './uploads/testing/upload-backends.fixture.js';
import { OPENAPI_PATH } from './openapi.js';
import {
  JsonTooDeepError,
  MAX_JSON_DEPTH,
  MAX_INPUT_DEPTH,
  NUL_MESSAGE,
  TOO_DEEP_MESSAGE,
} from './platform/common/index.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One malformed request: what it sends, named for the report. */
interface Probe {
  name: string;
  path: string;
  query?: string;
  /** A raw body and its content type. */
  body?: { type: string; text: string | Buffer };
}

const HUGE = 'x'.repeat(60_000);
const DEPTH = 5_000;

/** Ids no row has, of no type a route takes, or built to break a parser or a query. */
const BAD_IDS = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  'NaN',
  'null',
  '%00',
  '%27%20or%201%3D1--',
  '..%2F..%2Fetc%2Fpasswd',
  '%E2%80%AE',
  '%ZZ',
  'x'.repeat(2_000),
];

/** Values of the wrong type, or the right type but absurd, for any one field. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  HUGE,
  '\u0000',
  '\u{1F4A5}\uD800',
  [],
  ['a', 'b'],
  {},
  { $gt: '' },
  '0x' + 'g'.repeat(40),
  'javascript:alert(1)',
];

/** Whole bodies that are not what any route takes. */
const BAD_JSON_BODIES: Array<[string, string]> = [
  ['invalid JSON', '{"a":'],
  ['invalid JSON (single quotes)', "{'a': 1}"],
  ['a JSON null', 'null'],
  ['a JSON string', '"text"'],
  ['a JSON number', '42'],
  ['a JSON array', '[1, 2, 3]'],
  ['an empty object', '{}'],
  ['unknown fields', '{"unknownField": 1, "isAdmin": true}'],
  ['a __proto__ field', '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'],
  ['deeply nested arrays', '['.repeat(DEPTH) + ']'.repeat(DEPTH)],
  ['deeply nested objects', '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)],
  ['a body over the size limit', JSON.stringify({ a: 'x'.repeat(200_000) })],
];

/** Query strings a route takes none of, or takes wrongly. */
const BAD_QUERIES = [
  'unknown=1',
  '__proto__[x]=1',
  'a[b][c][d][e][f][g]=1',
  `q=${'x'.repeat(6_000)}`,
  '%ZZ=1',
  // Names some routes take, with values none takes.
  'query=a%00b&limit=8',
  'query=ab&limit=-5',
  'query=ab&limit=1e400',
  'limit=abc',
  'network=%00',
  'network=solana',
  'status=%00',
  'method=nope',
  'fingerprint=&src=',
];

function resolve<T>(document: OpenAPIObject, item: T | ReferenceObject): T {
  if (item && typeof item === 'object' && '$ref' in item) {
    const name = item.$ref.split('/').pop()!;
    return document.components!.schemas![name] as T;
  }
  return item as T;
}

/** A value the schema could accept, so that one field at a time can be made wrong. */
function plausible(document: OpenAPIObject, ref: SchemaObject | ReferenceObject, depth = 0): unknown {
  const schema = resolve<SchemaObject>(document, ref);
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'array':
      return depth > 3 || !schema.items ? [] : [plausible(document, schema.items, depth + 1)];
    case 'object':
      return depth > 3 ? {} : objectOf(document, schema, depth + 1);
    default:
      return schema.properties ? objectOf(document, schema, depth + 1) : 'x';
  }
}

function objectOf(document: OpenAPIObject, schema: SchemaObject, depth: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(document, value, depth)]),
  );
}

/** Every malformed request of one operation. */
function probesOf(
  document: OpenAPIObject,
  path: string,
  method: Method,
  operation: OperationObject,
): Probe[] {
  const params = (operation.parameters ?? []).map((p) => resolve<ParameterObject>(document, p));
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const url = (values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
  const probes: Probe[] = [];

  for (const name of pathParams) {
    for (const id of BAD_IDS)
      probes.push({ name: `path ${name}=${id.slice(0, 40)}`, path: url({ [name]: id }) });
  }
  for (const query of BAD_QUERIES) probes.push({ name: `query ${query.slice(0, 40)}`, path: url(), query });
  for (const param of params.filter((p) => p.in === 'query')) {
    for (const value of ['', 'abc', '-1', '1e400', 'ab%00cd', '%ZZ', HUGE.slice(0, 6_000)]) {
      probes.push({
        name: `query ${param.name}=${value.slice(0, 20)}`,
        path: url(),
        query: `${param.name}=${value}`,
      });
    }
    probes.push({ name: `query ${param.name} twice`, path: url(), query: `${param.name}=a&${param.name}=b` });
    probes.push({ name: `query ${param.name} as object`, path: url(), query: `${param.name}[a]=b` });
  }

  if (method === 'get' || method === 'delete') return probes;

  const content = operation.requestBody ? resolve(document, operation.requestBody).content : {};
  const json = content['application/json']?.schema;
  const multipart = content['multipart/form-data']?.schema;
  for (const [name, text] of BAD_JSON_BODIES) {
    probes.push({ name: `body: ${name}`, path: url(), body: { type: 'application/json', text } });
  }
  probes.push({
    name: 'body: form encoded',
    path: url(),
    body: { type: 'application/x-www-form-urlencoded', text: 'a=1&b[c]=2' },
  });
  probes.push({
    name: 'body: plain text',
    path: url(),
    body: { type: 'text/plain', text: HUGE.slice(0, 1_000) },
  });
  probes.push({
    name: 'body: JSON with a charset nobody knows',
    path: url(),
    body: { type: 'application/json; charset=klingon', text: '{}' },
  });

  if (json) {
    const schema = resolve<SchemaObject>(document, json);
    const base = objectOf(document, schema, 0);
    for (const field of Object.keys(schema.properties ?? {})) {
      for (const value of BAD_VALUES) {
        probes.push({
          name: `body ${field}=${JSON.stringify(value)?.slice(0, 30)}`,
          path: url(),
          body: { type: 'application/json', text: JSON.stringify({ ...base, [field]: value }) },
        });
      }
    }
    probes.push({
      name: 'body: plausible',
      path: url(),
      body: { type: 'application/json', text: JSON.stringify(base) },
    });
  }
  if (multipart) {
    const boundary = 'nexusfuzz';
    const part = (name: string, value: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
      `${filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n${value}\r\n`;
    const fields = Object.keys(resolve<SchemaObject>(document, multipart).properties ?? {});
    const multi = (name: string, text: string, type = `multipart/form-data; boundary=${boundary}`) =>
      probes.push({ name: `multipart: ${name}`, path: url(), body: { type, text } });
    multi('no boundary', part('a', '1'), 'multipart/form-data');
    multi('no closing boundary', part('a', '1'));
    multi('garbage', '\u0000\u0001garbage'.repeat(100));
    multi('an empty body', '');
    multi('an unknown file field', part('nope', 'abc', 'a.png') + `--${boundary}--\r\n`);
    multi('a file with no name', part('file', 'abc', '') + `--${boundary}--\r\n`);
    multi(
      '2,000 fields',
      Array.from({ length: 2_000 }, (_, i) => part(`f${i}`, 'x')).join('') + `--${boundary}--\r\n`,
    );
    for (const field of ['file', 'video', 'logo', 'banner']) {
      multi(`${field} sent 30 times`, part(field, 'GIF89a', 'a.gif').repeat(30) + `--${boundary}--\r\n`);
    }
    multi(
      'a part without a name',
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
    );
    multi(
      'a filename with a path and NUL',
      part('file', 'abc', '../../etc/passwd\u0000.png') + `--${boundary}--\r\n`,
    );
    for (const field of fields) {
      for (const value of [
        '',
        HUGE,
        '{"a":',
        'null',
        '[]',
        '{"__proto__":{"x":1}}',
        '{"isActive":"yes"}',
        '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
        '{"isActive":true,"buttonText":' + '['.repeat(DEPTH) + ']'.repeat(DEPTH) + '}',
        'a\u0000b',
        '{"buttonText":"a\\u0000b"}',
      ]) {
        multi(`${field}=${value.slice(0, 20)}`, part(field, value) + `--${boundary}--\r\n`);
      }
      multi(`${field} twice`, part(field, 'a') + part(field, 'b') + `--${boundary}--\r\n`);
    }
  }
  return probes;
}

/**
 * Every route of the OpenAPI document, called with malformed paths, queries and bodies, with the
 * admin session (so guarded routes reach their validation): none answers 5xx.
 */
/** Logout and "log out everywhere" end the admin session every other guarded probe uses. */
function endsSessions(path: string): boolean {
  return path.endsWith('/logout') || path.endsWith('/logout-everywhere');
}

describe('malformed input on every route', () => {
  let backend: UploadBackend;
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let cookie: string;
  let operations: Array<{ route: string; path: string; method: Method; guarded: boolean; probes: Probe[] }>;

  beforeAll(async () => {
    backend = await startUploadBackend('disk');
    isolated = await startIsolatedApi('malformed_input', {
      env: {
        ...backend.env,
        // One client sends thousands of requests: the limits are not what is tested here.
        RATE_LIMIT_API: '1000000/60',
        RATE_LIMIT_SCAN: '1000000/60',
        RATE_LIMIT_RARITY: '1000000/60',
        RATE_LIMIT_MEDIA: '1000000/60',
        RATE_LIMIT_SUBMISSION: '1000000/60',
        RATE_LIMIT_VOTE: '1000000/60',
        RATE_LIMIT_LOGIN: '1000000/60',
        // A scan that passes validation has no worker here: answer pending at once.
        SCAN_WAIT_MS: '0',
      },
    });
    sut = isolated.app;
    cookie = await adminCookie(sut.getHttpServer());
    const document = (await request(sut.getHttpServer()).get(`/${OPENAPI_PATH}-json`).expect(200))
      .body as OpenAPIObject;
    operations = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        (['get', 'post', 'put', 'patch', 'delete'] as const)
          .filter((method) => item[method])
          .map((method) => ({
            route: `${method.toUpperCase()} ${path}`,
            path,
            method,
            guarded: (item[method]!.security ?? []).some((s) => 'admin' in s),
            probes: probesOf(document, path, method, item[method]!),
          })),
      )
      // The routes that end sessions go last: they end the session the other routes use.
      .sort((a, b) => Number(endsSessions(a.path)) - Number(endsSessions(b.path)));
  });

  afterAll(async () => {
    await isolated?.close();
    await backend?.close();
  });

  it('covers every route of the document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels before parsing, and a multipart field's JSON deeper than ${MAX_INPUT_DEPTH}, with 400`, async () => {
    const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const post = (depth: number) =>
      request(sut.getHttpServer())
        .post('/api/validate-address')
        .set('Content-Type', 'application/json')
        .send(`{"address":${nested(depth)}}`);

    // Within the limit the body is parsed and validated: the nested object is no address.
    expect((await post(MAX_JSON_DEPTH - 2)).body).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('address must be a string') as string,
    });
    const tooDeep = { statusCode: 400, message: new JsonTooDeepError().message };
    expect((await post(MAX_JSON_DEPTH)).body).toMatchObject(tooDeep);
    expect((await post(DEPTH)).body).toMatchObject(tooDeep);
    // A JSON text inside a multipart field is parsed by the route; the validation pipe bounds it.
    const settings = await request(sut.getHttpServer())
      .put('/api/admin/promo-bar-settings')
      .set('Cookie', cookie)
      .field('settings', `{"buttonText":${'['.repeat(DEPTH / 2)}${']'.repeat(DEPTH / 2)}}`);
    expect(settings.body).toMatchObject({ statusCode: 400, message: TOO_DEEP_MESSAGE });
  });

  it('refuses a NUL character anywhere in a body with 400: PostgreSQL text cannot hold one', async () => {
    const http = () => request(sut.getHttpServer());
    const fresh = '0x' + 'c7'.repeat(20);
    const refused = [
      await http()
        .post('/api/collection-submissions')
        .send({ contractAddress: fresh, network: 'polygon', name: 'Nul', description: 'a\u0000b' }),
      await http()
        .post('/api/whitelisted-collections')
        .set('Cookie', cookie)
        .send({ contractAddress: fresh, name: 'Nul\u0000' }),
      await http()
        .post('/api/validate-address')
        .send({ address: '0x', ['k\u0000']: 1 }),
      await http()
        .post('/api/promo-assets/upload')
        .set('Cookie', cookie)
        .field('name', 'Nul\u0000')
        .attach('file', MEDIA.gif, 'a.gif'),
      await http()
        .put('/api/admin/promo-bar-settings')
        .set('Cookie', cookie)
        .field('settings', JSON.stringify({ buttonText: 'Go\u0000' })),
    ];
    expect(refused.map((r) => [r.status, (r.body as { message: string }).message])).toEqual(
      Array(refused.length).fill([400, NUL_MESSAGE]),
    );
  });

  it('never answers 5xx, and every refusal says why', async () => {
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const { route, path, method, guarded, probes } of operations) {
      for (const probe of probes) {
        let req = request(sut.getHttpServer())[method](probe.path + (probe.query ? `?${probe.query}` : ''));
        req = req.set('Cookie', cookie);
        if (probe.body) req = req.set('Content-Type', probe.body.type).send(probe.body.text);
        const res = await req.catch((error: Error) => ({ status: 0, body: { message: error.message } }));
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // The session holds throughout (until a route that ends it): a guarded route judged the
        // input, not the cookie.
        if (guarded && res.status === 401 && !endsSessions(path))
          failures.push(`${route} ${probe.name}: 401, the session was lost`);
        const body = res.body as { message?: unknown };
        // The health check answers 503 while a dependency (here: the chains) is down, whatever is asked.
        const health = route === 'GET /api/health' && res.status === 503;
        if ((res.status >= 500 && !health) || res.status === 0) {
          failures.push(`${route} ${probe.name}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        } else if (
          res.status >= 400 &&
          !health &&
          (typeof body.message !== 'string' || body.message === '')
        ) {
          failures.push(`${route} ${probe.name}: ${res.status} without a message`);
        }
      }
    }
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.log(`malformed input: ${sent} requests over ${operations.length} routes: ${answers.join(' ')}`);
    expect(failures).toEqual([]);
    // No malformed upload was kept, nor left half-written.
    expect(await backend.leftovers()).toEqual([]);
  }, 600_000);
});
