// Over 400 lines for that reason: one table of every route, run without a session, from another site and with
// a session, and checked against the running app and the OpenAPI document.
import { METHODS } from 'node:http';

import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  ADMIN_MESSAGES,
  CONNECTION_REFUSALS,
  QUEUED_SCAN_LIMITS,
  RATE_LIMIT_POLICIES,
  SUBMISSION_STATUSES,
  type AdminCollectionSubmission,
  type PromoAsset,
  type WhitelistedCollection,
} from '@nexus/contract';
import type { Express } from 'express';
import request from 'supertest';

import { adminCookie } from '../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { createOpenApiDocument } from '../openapi.js';
import { MEDIA } from '../uploads/testing/media-files.fixture.js';
import { startUploadBackend, type UploadBackend } from '../uploads/testing/upload-backends.fixture.js';
import { AdminGuard } from '../admin-access/index.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** `METHOD /api/path/:param`, as Express registered it. */
type RouteName = `${Uppercase<Method>} /api/${string}`;

/** Ids of rows made through the real routes before the table runs (one row per destructive call). */
interface Fixtures {
  whitelistToPatch: string;
  whitelistToDelete: string;
  promoToToggle: string;
  promoToDelete: string;
  submissionToReview: string;
  submissionToDelete: string;
}

interface Call {
  url: string;
  json?: object;
  files?: Record<string, { bytes: Buffer; filename: string; contentType: string }>;
  fields?: Record<string, string>;
}

/** A route behind the admin session: a valid call, and the documented answer with a session. */
interface GuardedRoute {
  route: RouteName;
  call: (fx: Fixtures) => Call;
  status: number;
  body: (fx: Fixtures) => unknown;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const iso = expect.stringMatching(ISO);
/** An ISO time or null. */
const isoOrNull = {
  asymmetricMatch: (value: unknown) => value === null || (typeof value === 'string' && ISO.test(value)),
  toString: () => 'ISO time or null',
};
const mediaUrl = expect.stringMatching(/^\/api\/media\/files\/[0-9a-f-]{36}\.\w+$/);

const whitelisted = (fields: Partial<WhitelistedCollection> = {}) => ({
  id: expect.any(String),
  contractAddress: expect.any(String),
  name: expect.any(String),
  network: expect.any(String),
  description: expect.any(String),
  logoUrl: expect.any(String),
  bannerUrl: expect.any(String),
  website: expect.any(String),
  discord: expect.any(String),
  twitter: expect.any(String),
  telegram: expect.any(String),
  isFeatured: expect.any(Boolean),
  hasAnimatedBackground: expect.any(Boolean),
  backgroundImageUrls: expect.any(Array),
  bubbleCount: expect.any(Number),
  animationSpeed: expect.any(String),
  bubbleSize: expect.any(String),
  animationDirection: expect.any(String),
  ...fields,
});

const promoAsset = (fields: Partial<PromoAsset> = {}) => ({
  id: expect.any(String),
  name: expect.any(String),
  title: expect.any(String),
  description: expect.any(String),
  promotionalUrl: expect.any(String),
  url: mediaUrl,
  type: expect.stringMatching(/^(video|image)$/),
  isActive: expect.any(Boolean),
  contentType: expect.any(String),
  size: expect.any(Number),
  createdAt: iso,
  ...fields,
});

const submission = (fields: Partial<AdminCollectionSubmission> = {}) => ({
  id: expect.any(String),
  name: expect.any(String),
  network: expect.any(String),
  contractAddress: expect.any(String),
  description: expect.any(String),
  website: expect.any(String),
  discord: expect.any(String),
  twitter: expect.any(String),
  telegram: expect.any(String),
  bannerUrl: expect.any(String),
  logoUrl: expect.any(String),
  status: expect.any(String),
  totalVotes: expect.any(Number),
  yesVotes: expect.any(Number),
  noVotes: expect.any(Number),
  votingEndsAt: iso,
  submittedAt: iso,
  adminNotes: null,
  reviewedAt: null,
  reviewedBy: null,
  submitterEmail: expect.any(String),
  submitterContact: expect.any(String),
  ...fields,
});

const count = expect.any(Number);

/**
 * Every admin route and every protected mutation (SPEC §7 and docs/API.md): the call a signed-in
 * admin makes and the answer it gets. Without a session each answers 401 first.
 */
const GUARDED: GuardedRoute[] = [
  {
    route: 'POST /api/admin/verify',
    call: () => ({ url: '/api/admin/verify' }),
    status: 200,
    body: () => ({ authenticated: true, expiresAt: iso }),
  },
  {
    route: 'GET /api/admin/cache-stats',
    call: () => ({ url: '/api/admin/cache-stats' }),
    status: 200,
    body: () => ({
      collectionsCount: count,
      nftsCount: count,
      metadataCount: count,
      rankingsCount: count,
      apiRequestsCount: count,
      cachedEntries: count,
      // The transfer index's progress per indexed network (none is indexed in this test).
      transferIndex: expect.any(Array) as unknown,
      networkStats: ['ethereum', 'polygon', 'cronos'].map((network) => ({
        network,
        apiCallsToday: count,
        totalCollections: count,
        totalNfts: count,
        totalSearches: count,
        lastApiCall: isoOrNull,
      })),
    }),
  },
  {
    route: 'POST /api/admin/clear-cache',
    call: () => ({ url: '/api/admin/clear-cache' }),
    status: 200,
    body: () => ({ success: true, cleared: count }),
  },
  {
    route: 'POST /api/whitelisted-collections',
    call: () => ({
      url: '/api/whitelisted-collections',
      json: { contractAddress: '0x' + 'e1'.repeat(20), name: 'Table Apes' },
    }),
    status: 201,
    body: () =>
      whitelisted({
        contractAddress: '0x' + 'e1'.repeat(20),
        name: 'Table Apes',
        network: 'polygon',
        bubbleCount: 15,
        isFeatured: false,
      }),
  },
  {
    route: 'PATCH /api/whitelisted-collections/:id',
    call: (fx) => ({ url: `/api/whitelisted-collections/${fx.whitelistToPatch}`, json: { name: 'Renamed' } }),
    status: 200,
    body: (fx) => whitelisted({ id: fx.whitelistToPatch, name: 'Renamed' }),
  },
  {
    route: 'DELETE /api/whitelisted-collections/:id',
    call: (fx) => ({ url: `/api/whitelisted-collections/${fx.whitelistToDelete}` }),
    status: 200,
    body: () => ({ success: true }),
  },
  {
    route: 'POST /api/upload',
    call: () => ({
      url: '/api/upload',
      files: { file: { bytes: MEDIA.png, filename: 'logo.png', contentType: 'image/png' } },
    }),
    status: 201,
    body: () => ({ success: true, url: mediaUrl }),
  },
  {
    route: 'GET /api/promo-assets',
    call: () => ({ url: '/api/promo-assets' }),
    status: 200,
    body: (fx) =>
      expect.arrayContaining([promoAsset({ id: fx.promoToToggle }), promoAsset({ id: fx.promoToDelete })]),
  },
  {
    route: 'POST /api/promo-assets/upload',
    call: () => ({
      url: '/api/promo-assets/upload',
      files: { file: { bytes: MEDIA.mp4, filename: 'clip.mp4', contentType: 'video/mp4' } },
      fields: {
        name: 'Clip',
        title: 'A clip',
        description: 'Watch it',
        promotionalUrl: 'https://nexus.test/',
      },
    }),
    status: 201,
    body: () =>
      promoAsset({
        name: 'Clip',
        title: 'A clip',
        description: 'Watch it',
        promotionalUrl: 'https://nexus.test/',
        type: 'video',
        contentType: 'video/mp4',
        size: MEDIA.mp4.length,
        isActive: true,
      }),
  },
  {
    route: 'PUT /api/promo-assets/:id',
    call: (fx) => ({ url: `/api/promo-assets/${fx.promoToToggle}`, json: { isActive: false } }),
    status: 200,
    body: (fx) => promoAsset({ id: fx.promoToToggle, isActive: false }),
  },
  {
    route: 'DELETE /api/promo-assets/:id',
    call: (fx) => ({ url: `/api/promo-assets/${fx.promoToDelete}` }),
    status: 200,
    body: () => ({ success: true }),
  },
  {
    route: 'PUT /api/admin/promo-bar-settings',
    call: () => ({
      url: '/api/admin/promo-bar-settings',
      fields: { settings: JSON.stringify({ isActive: true, buttonText: 'Go', videoOpacity: 55 }) },
      files: { video: { bytes: MEDIA.webm, filename: 'bar.webm', contentType: 'video/webm' } },
    }),
    status: 200,
    body: () => ({
      isActive: true,
      buttonText: 'Go',
      buttonLink: '',
      buttonPosition: 'right',
      buttonColor: 'cyan',
      videoUrl: mediaUrl,
      videoOpacity: 55,
    }),
  },
  {
    route: 'GET /api/admin/collection-submissions',
    call: () => ({ url: '/api/admin/collection-submissions?status=voting' }),
    status: 200,
    body: (fx) =>
      expect.arrayContaining([
        submission({ id: fx.submissionToReview, status: 'voting', submitterEmail: 'owner@nexus.test' }),
      ]),
  },
  {
    route: 'GET /api/admin/collection-submissions/stats',
    call: () => ({ url: '/api/admin/collection-submissions/stats' }),
    status: 200,
    body: () => Object.fromEntries(['total', ...SUBMISSION_STATUSES].map((k) => [k, count])),
  },
  {
    route: 'PATCH /api/admin/collection-submissions/:id',
    call: (fx) => ({
      url: `/api/admin/collection-submissions/${fx.submissionToReview}`,
      json: { status: 'rejected', adminNotes: 'Not a real collection' },
    }),
    status: 200,
    body: (fx) => ({
      success: true,
      submission: submission({
        id: fx.submissionToReview,
        status: 'rejected',
        adminNotes: 'Not a real collection',
        reviewedAt: iso,
        reviewedBy: 'Admin',
      }),
    }),
  },
  {
    route: 'DELETE /api/admin/collection-submissions/:id',
    call: (fx) => ({ url: `/api/admin/collection-submissions/${fx.submissionToDelete}` }),
    status: 200,
    body: () => ({ success: true }),
  },
  {
    route: 'GET /api/admin/security-status',
    call: () => ({ url: '/api/admin/security-status' }),
    status: 200,
    body: () => ({
      apiKeys: { valid: expect.any(Boolean), missing: expect.any(Array) },
      rateLimits: Object.fromEntries(
        [...RATE_LIMIT_POLICIES, ...Object.values(QUEUED_SCAN_LIMITS)].map((p) => [
          p,
          { current: count, limit: count, resetIn: count, windowMs: count },
        ]),
      ),
      activeUserSessions: count,
      suspiciousIPs: expect.any(Array),
      connectionRefusals: Object.fromEntries(CONNECTION_REFUSALS.map((kind) => [kind, count])),
    }),
  },
  {
    route: 'GET /api/admin/rpc-providers',
    call: () => ({ url: '/api/admin/rpc-providers' }),
    status: 200,
    body: () => ({
      networks: ['ethereum', 'polygon', 'cronos'].map((network) => ({
        network,
        chainId: count,
        providers: [
          expect.objectContaining({
            url: expect.any(String),
            health: expect.any(String),
            requests: count,
            errors: count,
            throttled: count,
          }),
        ],
      })),
    }),
  },
  {
    route: 'POST /api/admin/clear-suspicious-ip',
    call: () => ({ url: '/api/admin/clear-suspicious-ip', json: { ip: '203.0.113.9' } }),
    status: 200,
    body: () => ({ success: true, cleared: false }),
  },
  // Last: it ends every session, the one the table uses included.
  {
    route: 'POST /api/admin/logout-everywhere',
    call: () => ({ url: '/api/admin/logout-everywhere' }),
    status: 200,
    body: () => ({ success: true }),
  },
];

/**
 * Every route that answers without the admin session, and why. A route the app registers that is
 * neither here nor in GUARDED fails the completeness test: a new route is unguarded by default, so
 * it has to be placed in one list or the other on purpose.
 */
const PUBLIC: Record<RouteName, string> = {
  'GET /api/health': 'monitors and the status page (behind the admin session in production)',
  'GET /api/health/live': 'liveness probes: the process answers',
  'GET /api/health/ready': 'readiness probes: PostgreSQL, Redis and the queues answer',
  'POST /api/nfts': 'SPEC §7 scan, visitors',
  'POST /api/calculate-rarity': 'SPEC §7 rarity, visitors',
  'GET /api/collections/:network/:address/nfts/:tokenId': 'NFT detail with its rarity, visitors',
  'GET /api/collections/:network/:address/traits': 'trait filter, visitors',
  'GET /api/collections/:network/:address/nfts': 'a page of a stored collection, visitors',
  'GET /api/collections/:network/:address/ranks': "a wallet's NFTs ranked in their collection, visitors",
  'GET /api/collections/:network/:address/activity': "a collection's transfers from the index, visitors",
  'GET /api/collections/:network/:address/holders': "a collection's top holders from the index, visitors",
  'GET /api/collections/:network/:address/holder-stats': "a collection's holder distribution, visitors",
  'GET /api/collections/:network/:address/transfers-per-day': "a collection's transfers per day, visitors",
  'GET /api/collections/:network/:address/nfts/:tokenId/owners': "an NFT's owner or holders, visitors",
  'GET /api/collections/:network/:address/nfts/:tokenId/history': "an NFT's transfers, visitors",
  'GET /api/wallets/:network/:address/activity': "a wallet's transfers from the index, visitors",
  'GET /api/wallets/:network/:address/held': "a wallet's tokens and since when it holds them, visitors",
  'GET /api/collections/:network/:address/nfts/:tokenId/metadata':
    "an NFT's token URI and raw metadata, read on request, visitors",
  'POST /api/collections/:network/:address/nfts/:tokenId/refresh-metadata':
    "'refresh metadata' on an NFT, visitors (rate-limited per client and per token)",
  'GET /api/networks': 'which networks run on a local dev chain (explorer links), visitors',
  'POST /api/validate-address': 'SPEC §7, visitors (a read: nothing is stored)',
  'POST /api/detect-network': 'SPEC §7, visitors (a read: nothing is stored)',
  'POST /api/locate-collection': 'where a contract is a collection, visitors (a read: nothing is stored)',
  'GET /api/wallet-profile/:address':
    "a wallet's primary ENS name and avatar for its header, visitors (a read: nothing is stored)",
  'GET /api/discover-collections': 'SPEC §7 search, visitors',
  'GET /api/trending-searches': 'SPEC §7, visitors',
  'GET /api/whitelisted-collections': 'SPEC §7 featured list, visitors',
  'GET /api/donations': 'SPEC §2 donation addresses, visitors',
  'GET /api/media/image': 'NFT images through the SSRF-guarded proxy, visitors',
  'GET /api/media/files/:name': 'uploaded files (promo, logos, banners) as visitors see them',
  'POST /api/collection-submissions': 'SPEC §5: any visitor submits a collection',
  'POST /api/collection-submissions/upload': 'SPEC §7: the submission form uploads its images',
  'GET /api/collection-submissions/voting': 'SPEC §6 voting list, visitors',
  'POST /api/collection-votes': 'SPEC §6: any visitor votes',
  'GET /api/collection-votes/:id/check': 'SPEC §6, visitors',
  'GET /api/promo-assets/active': 'SPEC §7: the promo player of every visitor',
  'GET /api/promo-bar-settings': 'SPEC §7: the home page promo bar',
  'POST /api/admin/authenticate': 'the login itself (failures throttled per address)',
  'POST /api/admin/logout': 'ends whatever session the cookie names; nothing without one',
};

/** The OpenAPI reference and its UI: not API routes. */
const isReference = (path: string) => path === '/api/docs' || path.startsWith('/api/docs');

/** `/api/x/{id}` (OpenAPI) → `/api/x/:id` (Express). */
const expressPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

/** Every method and path the running app's router answers (Nest middleware for all methods left out). */
function registeredRoutes(app: NestExpressApplication): RouteName[] {
  const express = app.getHttpAdapter().getInstance() as Express & {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  const names = new Set<RouteName>();
  for (const layer of express.router.stack) {
    if (!layer.route || isReference(layer.route.path)) continue;
    const methods = Object.keys(layer.route.methods);
    // Middleware bound with forRoutes(ALL) registers every HTTP method: not a route of its own.
    if (methods.length >= METHODS.length) continue;
    for (const method of methods) names.add(`${method.toUpperCase()} ${layer.route.path}` as RouteName);
  }
  return [...names].sort();
}

describe(AdminGuard.name, () => {
  let backend: UploadBackend;
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let cookie: string;
  let fx: Fixtures;

  beforeAll(async () => {
    // The S3 path: uploads go to a real S3 API (s3rver), as in production with MinIO.
    backend = await startUploadBackend('s3');
    isolated = await startIsolatedApi('admin_routes', { env: backend.env });
    sut = isolated.app;
    cookie = await adminCookie(sut.getHttpServer());

    const admin = () => request(sut.getHttpServer());
    const whitelist = async (byte: string) =>
      (
        await admin()
          .post('/api/whitelisted-collections')
          .set('Cookie', cookie)
          .send({ contractAddress: '0x' + byte.repeat(20), name: `Fixture ${byte}` })
          .expect(201)
      ).body as WhitelistedCollection;
    const promo = async (name: string) =>
      (
        await admin()
          .post('/api/promo-assets/upload')
          .set('Cookie', cookie)
          .attach('file', MEDIA.gif, { filename: `${name}.gif`, contentType: 'image/gif' })
          .field('name', name)
          .expect(201)
      ).body as PromoAsset;
    // Stored as the form stores them: this API has no chain to check a contract on (a visitor's
    // submission is checked there, see submissions.http.spec.ts).
    const submit = async (byte: string) =>
      (
        await sut
          .get(EntityManager)
          .fork()
          .getConnection()
          .execute<Array<{ id: string }>>(
            `insert into collection_submission
               (created_at, updated_at, contract_address, network, name, submitter_email, status, voting_ends_at)
             values (now(), now(), ?, 'ethereum', ?, 'owner@nexus.test', 'voting', now() + interval '7 days')
             returning id::text as id`,
            ['0x' + byte.repeat(20), `Submitted ${byte}`],
          )
      )[0]!.id;
    fx = {
      whitelistToPatch: (await whitelist('f1')).id,
      whitelistToDelete: (await whitelist('f2')).id,
      promoToToggle: (await promo('toggle')).id,
      promoToDelete: (await promo('delete')).id,
      submissionToReview: await submit('f3'),
      submissionToDelete: await submit('f4'),
    };
  });

  afterAll(async () => {
    await isolated?.close();
    await backend?.close();
  });

  const send = (method: Method, call: Call, credentials: string | null) => {
    let req = request(sut.getHttpServer())[method](call.url);
    if (credentials !== null) req = req.set('Cookie', credentials);
    if (call.json) return req.send(call.json);
    for (const [field, file] of Object.entries(call.files ?? {})) {
      req = req.attach(field, file.bytes, { filename: file.filename, contentType: file.contentType });
    }
    for (const [field, value] of Object.entries(call.fields ?? {})) req = req.field(field, value);
    return req;
  };
  const split = (route: RouteName): [Method, string] => {
    const [method, path] = route.split(' ') as [string, string];
    return [method.toLowerCase() as Method, path];
  };

  /** What a refused call could have changed: rows, the cached list, stored objects. */
  const state = async () => {
    const sql = (query: string) => sut.get(EntityManager).fork().getConnection().execute(query);
    return {
      whitelist: await sql('select * from whitelisted_collection order by id'),
      promoAssets: await sql('select * from promo_asset order by id'),
      promoBar: await sql('select * from promo_bar_settings'),
      submissions: await sql('select * from collection_submission order by id'),
      objects: (await backend.storage.list('uploads/')).sort(),
      cachedList: (await request(sut.getHttpServer()).get('/api/whitelisted-collections')).text,
    };
  };

  describe('without a live session: 401, nothing changed, nothing stored', () => {
    const credentials: Array<[string, () => Promise<string | null>]> = [
      ['no cookie', () => Promise.resolve(null)],
      ['a forged token of the right shape', () => Promise.resolve('nexus_admin=' + 'A'.repeat(43))],
      [
        'the cookie of a session that logged out',
        async () => {
          const old = await adminCookie(sut.getHttpServer());
          await request(sut.getHttpServer()).post('/api/admin/logout').set('Cookie', old).expect(200);
          return old;
        },
      ],
    ];

    describe.each(credentials)('%s', (_, credential) => {
      let before: Awaited<ReturnType<typeof state>>;
      let sent: string | null;
      beforeAll(async () => {
        sent = await credential();
        before = await state();
      });

      it.each(GUARDED.map((r) => [r.route, r] as const))('%s → 401', async (_route, row) => {
        const [method] = split(row.route);
        const res = await send(method, row.call(fx), sent);

        expect({ status: res.status, body: res.body as unknown }).toEqual({
          status: 401,
          body: {
            statusCode: 401,
            message: ADMIN_MESSAGES.sessionRequired,
            error: 'UNAUTHORIZED',
            requestId: res.headers['x-request-id'],
          },
        });
      });

      it('left every row, the cached list and the stored objects as they were', async () => {
        expect(await state()).toEqual(before);
      });
    });
  });

  describe("with a live session, from another site's page: 403 for every change, nothing changed", () => {
    const mutations = GUARDED.filter((r) => !r.route.startsWith('GET '));
    let before: Awaited<ReturnType<typeof state>>;
    beforeAll(async () => {
      before = await state();
    });

    it.each(mutations.flatMap((r) => ['https://evil.example', 'null'].map((o) => [r.route, o, r] as const)))(
      '%s from Origin %s → 403',
      async (_route, origin, row) => {
        const [method] = split(row.route);
        const res = await send(method, row.call(fx), cookie).set('Origin', origin);

        expect({ status: res.status, message: (res.body as { message: string }).message }).toEqual({
          status: 403,
          message: ADMIN_MESSAGES.crossOrigin,
        });
      },
    );

    it('left every row, the cached list and the stored objects as they were', async () => {
      expect(await state()).toEqual(before);
    });
  });

  describe('with a live session: the documented answer', () => {
    it.each(GUARDED.map((r) => [r.route, r] as const))('%s', async (_route, row) => {
      const [method] = split(row.route);
      const res = await send(method, row.call(fx), cookie);

      expect({ status: res.status, body: res.body as unknown }).toEqual({
        status: row.status,
        body: row.body(fx),
      });
    });
  });

  describe('completeness: a route the table does not name fails here', () => {
    const guarded = GUARDED.map((r) => r.route).sort();

    it('lists each route once, and never as both guarded and public', () => {
      expect(new Set(guarded).size).toBe(guarded.length);
      expect(guarded.filter((r) => r in PUBLIC)).toEqual([]);
    });

    it('names every route the running app registered, and no route it did not', () => {
      const registered = registeredRoutes(sut);
      const known = new Set<string>([...guarded, ...Object.keys(PUBLIC)]);

      expect(registered.filter((r) => !known.has(r))).toEqual([]);
      expect([...known].filter((r) => !registered.includes(r as RouteName))).toEqual([]);
    });

    it('names every operation of the OpenAPI document, the guarded ones behind the admin cookie', () => {
      const document = createOpenApiDocument(sut);
      const operations = Object.entries(document.paths).flatMap(([path, item]) =>
        (['get', 'post', 'put', 'patch', 'delete'] as const)
          .filter((method) => item[method])
          .map((method) => ({
            route: `${method.toUpperCase()} ${expressPath(path)}` as RouteName,
            operation: item[method]!,
          })),
      );
      expect(operations.map((o) => o.route).sort()).toEqual(
        [...guarded, ...(Object.keys(PUBLIC) as RouteName[])].sort(),
      );

      const documented = (o: (typeof operations)[number]) => ({
        route: o.route,
        cookie: (o.operation.security ?? []).some((s) => 'admin' in s),
        unauthorized: '401' in o.operation.responses,
      });
      const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
      expect(
        operations
          .filter((o) => guarded.includes(o.route))
          .map(documented)
          .sort(byRoute),
      ).toEqual(guarded.map((route) => ({ route, cookie: true, unauthorized: true })));
      expect(
        operations.filter((o) => !guarded.includes(o.route) && documented(o).cookie).map((o) => o.route),
      ).toEqual([]);
    });
  });
});
