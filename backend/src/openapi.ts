import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { adminSessionMiddleware, AdminSessionService } from './admin-access/index.js';
import { documentDefaultRateLimit } from './platform/security/index.js';

/** Where the API reference is served (the JSON at `/api/docs-json`). */
export const OPENAPI_PATH = 'api/docs';

/** The OpenAPI document, generated from the controllers and DTOs. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Nexus API')
    .setDescription(
      'Multi-network NFT explorer: scans, collections, rarity, featured collections, community ' +
        'submissions and votes, promo media, admin tools. Prose (scan protocol, errors): docs/API.md.',
    )
    .setVersion('1')
    .addCookieAuth('nexus_admin', { type: 'apiKey', in: 'cookie', name: 'nexus_admin' }, 'admin')
    .build();
  return documentDefaultRateLimit(SwaggerModule.createDocument(app, config));
}

/** /api/docs, its files, /api/docs-json and /api/docs-yaml. */
const REFERENCE_PATH = new RegExp(`^/${OPENAPI_PATH}(?:[-/].*)?$`);

/**
 * Serves the reference UI at /api/docs; the document is built on first request, not at start.
 * `adminOnly` (production): the reference and its document answer the admin session only.
 */
export function serveOpenApi(app: INestApplication, options: { adminOnly: boolean }): void {
  if (options.adminOnly) {
    const gate = adminSessionMiddleware(app.get(AdminSessionService));
    app.use((req: Request, res: Response, next: NextFunction) =>
      REFERENCE_PATH.test(req.path) ? gate(req, res, next) : next(),
    );
  }
  let document: OpenAPIObject | null = null;
  SwaggerModule.setup(OPENAPI_PATH, app, () => (document ??= createOpenApiDocument(app)), {
    jsonDocumentUrl: `${OPENAPI_PATH}-json`,
  });
}
