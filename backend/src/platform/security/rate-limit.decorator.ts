import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { RateLimitPolicy } from '@nexus/contract';

/**
 * Policies a route can count its requests against (`login` counts failed logins, `fresh` the scans
 * that start work, both counted by their services).
 */
export type RequestRateLimitPolicy = Exclude<RateLimitPolicy, 'login' | 'fresh'>;

/** Handler or controller metadata: the policy, or false for none. Absent: `api`. */
export const RATE_LIMIT_METADATA = 'nexus:rate-limit';
/** OpenAPI operation extension naming the policy (`none` when skipped). */
export const RATE_LIMIT_EXTENSION = 'x-rate-limit-policy';

/** The 429 of a limited route as the OpenAPI document describes it. */
export function tooManyRequestsDoc(policy: RequestRateLimitPolicy, alsoWhen?: string) {
  const integer = (description: string) => ({ description, schema: { type: 'integer' as const } });
  return {
    description:
      `Over the per-address '${policy}' limit: body {statusCode: 429, message: "Too many requests. Please try again in N seconds.", error}.` +
      (alsoWhen ? ` Also ${alsoWhen}.` : ''),
    headers: {
      'Retry-After': integer('Seconds until the window ends'),
      'RateLimit-Limit': integer('Requests allowed per window'),
      'RateLimit-Remaining': integer('Requests left in the current window'),
      'RateLimit-Reset': integer('Seconds until the window ends'),
    },
    schema: {
      type: 'object' as const,
      properties: {
        statusCode: { type: 'integer' as const, example: 429 },
        message: { type: 'string' as const, example: 'Too many requests. Please try again in 42 seconds.' },
        error: { type: 'string' as const, example: 'TOO_MANY_REQUESTS' },
      },
    },
  };
}

/**
 * Counts this route's requests against `policy` instead of the general `api` budget, e.g.
 * `@RateLimit('vote')` on the vote handler. On a controller, for each of its routes. `alsoWhen`
 * documents another 429 the route answers itself (one OpenAPI entry holds both).
 */
export function RateLimit(policy: RequestRateLimitPolicy, alsoWhen?: string) {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_METADATA, policy),
    ApiExtension(RATE_LIMIT_EXTENSION, policy),
    ApiTooManyRequestsResponse(tooManyRequestsDoc(policy, alsoWhen)),
  );
}

/** Leaves this route (or controller) out of every request budget, e.g. the health check. */
export function SkipRateLimit() {
  return applyDecorators(SetMetadata(RATE_LIMIT_METADATA, false), ApiExtension(RATE_LIMIT_EXTENSION, 'none'));
}
