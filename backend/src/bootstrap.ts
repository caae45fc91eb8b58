import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import type { DestinationStream } from 'pino';
import { isWebAppPath } from '@nexus/contract';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { apiUsageMiddleware, ApiUsageRecorder } from './admin/index.js';
import { AppModule } from './app.module.js';
import {
  ExpressServerAdapter,
  compressedAssets,
  HttpExceptionFilter,
  jsonBodyParser,
  sameOriginMiddleware,
  securityHeaders,
  sendWebAppPage,
  createValidationPipe,
} from './platform/common/index.js';
import type { AppConfig } from './platform/config/index.js';
import { ConnectionCaps, ConnectionRefusalsRepository } from './platform/connections/index.js';
import {
  createRootLogger,
  nestLogger,
  requestLogger,
  requestIdMiddleware,
} from './platform/logging/index.js';
import { serveOpenApi } from './openapi.js';
import { ClientTurns, FloodGate } from './platform/security/index.js';
import { RedisIoAdapter } from './platform/realtime/index.js';

/** Builds the API application (used by main.ts and by the HTTP tests). */
export async function createApiApp(
  config: AppConfig,
  options: { logger?: false; logDestination?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const root = options.logger === false ? null : createRootLogger(config.log, options.logDestination);
  // First of all, before any parser a module mounts: every answer carries a request id, and every
  // API request leaves one log line.
  const server = express();
  // Security headers (CSP, nosniff, Referrer-Policy, HSTS in production) on every answer, refusals too.
  server.use(securityHeaders({ production: config.production }));
  server.use(requestIdMiddleware(config.trustProxy !== false));
  // A flood's repeated refusals are answered here, before the request log and everything after it.
  let gate: FloodGate | null = null;
  server.use((req: express.Request, res: express.Response, next: express.NextFunction) =>
    gate ? gate.handle(req, res, next) : next(),
  );
  if (root) server.use(requestLogger(root));
  // Fair turns between client addresses (after the log: a request's wait is part of its time).
  if (config.clientTurns > 0) {
    const turns = new ClientTurns(config.clientTurns);
    server.use((req: express.Request, res: express.Response, next: express.NextFunction) =>
      turns.handle(req, res, next),
    );
  }
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config),
    new ExpressServerAdapter(server),
    {
      logger: root ? nestLogger(root) : false,
      abortOnError: false,
      // While closing (SIGTERM), a request on a kept-alive connection gets 503 and Connection: close.
      return503OnClosing: true,
      // JSON only: Nest's default also parses form bodies, which no route accepts.
      bodyParser: false,
    },
  );
  // The client address comes from the socket unless TRUST_PROXY names the proxy in front.
  app.set('trust proxy', config.trustProxy);
  // Open connections per client address and in all (a proxy named by TRUST_PROXY counts in the total only).
  const refusals = app.get(ConnectionRefusalsRepository);
  const isTrustedProxy = server.get('trust proxy fn') as (address: string, hop: number) => boolean;
  new ConnectionCaps(
    { perClient: config.connectionLimits.httpPerClient, total: config.connectionLimits.httpTotal },
    (address) => isTrustedProxy(address, 0),
    (kind) => refusals.record(kind),
  ).attach(app.getHttpServer());
  gate = app.get(FloodGate);
  app.use(sameOriginMiddleware(config.allowedOrigins));
  // Nest's useBodyParser keeps `verify` for itself: ours runs the depth check on the raw bytes.
  app.use(jsonBodyParser());
  app.use(apiUsageMiddleware(app.get(ApiUsageRecorder)));
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useWebSocketAdapter(new RedisIoAdapter(app));
  app.disable('x-powered-by');
  // Scan answers are megabytes of JSON: hashing each for an ETag costs more than it saves.
  app.set('etag', false);
  app.enableShutdownHooks();
  // Production: the reference is the admin's (it maps every route for whoever asks otherwise).
  serveOpenApi(app, { adminOnly: config.production });
  if (config.frontendDist) serveFrontend(app, config.frontendDist);
  return app;
}

/** One origin: the built web app at /, REST at /api, websocket at /socket.io. */
function serveFrontend(app: NestExpressApplication, dist: string): void {
  const index = join(dist, 'index.html');
  const files = express.static(dist, { index: false, maxAge: '1h' });
  // Scripts and styles go compressed to a browser that takes it (brotli or gzip), else as they are.
  const compressed = compressedAssets(dist, 3600);
  const isApi = (req: express.Request) => req.path.startsWith('/api') || req.path.startsWith('/socket.io');
  // API requests skip the file lookup: a disk stat per request on the hottest routes otherwise.
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (isApi(req)) next();
    else compressed(req, res, () => files(req, res, next));
  });
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== 'GET' || isApi(req) || !existsSync(index)) return next();
    // The app's page with its CSP nonce; on a path the app does not know, it still answers (it
    // shows its 404 page), with the status that says so.
    sendWebAppPage(res, index, isWebAppPath(req.path) ? 200 : 404).catch(next);
  });
}
