import type { OpenAPIObject } from '@nestjs/swagger';
import { RATE_LIMIT_EXTENSION, tooManyRequestsDoc } from './rate-limit.decorator.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The global guard counts every route without `@RateLimit` / `@SkipRateLimit` against `api`: the
 * document says so on those operations too (policy extension and 429 answer).
 */
export function documentDefaultRateLimit(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as
        (NonNullable<(typeof item)[typeof method]> & Record<string, unknown>) | undefined;
      if (!operation || operation[RATE_LIMIT_EXTENSION] !== undefined) continue;
      operation[RATE_LIMIT_EXTENSION] = 'api';
      const doc = tooManyRequestsDoc('api');
      operation.responses['429'] ??= {
        description: doc.description,
        headers: doc.headers,
        content: { 'application/json': { schema: doc.schema } },
      };
    }
  }
  return document;
}
