import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { API_ROUTES, openApiRoute } from '@nexus/contract';

import { testConfig, testPrefix } from '../../test/support/test-env.js';
import { AppModule } from './app.module.js';
import { createOpenApiDocument } from './openapi.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The contract's route table (what the web app calls and the HTTP tests send) and the controllers
 * (the OpenAPI document generated from them) name the same routes, so neither drifts from the
 * other. The document is built in preview mode: the module graph and its controllers, no provider
 * started, so no database, Redis or chain.
 */
describe('API_ROUTES and the OpenAPI document', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    const app = await NestFactory.create(AppModule.forRoot(testConfig(testPrefix('api-routes'))), {
      preview: true,
      logger: false,
      abortOnError: false,
    });
    // As createApiApp serves it.
    app.setGlobalPrefix('api');
    document = createOpenApiDocument(app);
    await app.close();
  });

  const documented = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    );
  const table = Object.values(API_ROUTES).map(openApiRoute);

  it('finds every route of the table in the document, same method and path', () => {
    expect(table.filter((route) => !documented().includes(route))).toEqual([]);
  });

  it('has a table entry for every route the controllers serve', () => {
    expect(documented().filter((route) => !table.includes(route))).toEqual([]);
  });

  it('names the same path parameters as the document', () => {
    const mismatched = Object.values(API_ROUTES).flatMap((route) => {
      const [method, path] = openApiRoute(route).split(' ') as [string, string];
      const operation = document.paths[path]?.[method.toLowerCase() as (typeof METHODS)[number]];
      const described = (operation?.parameters ?? [])
        .flatMap((p) => ('in' in p && p.in === 'path' ? [p.name] : []))
        .sort();
      const named = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!).sort();
      return described.join() === named.join() ? [] : [`${openApiRoute(route)}: ${described.join()}`];
    });
    expect(mismatched).toEqual([]);
  });
});
