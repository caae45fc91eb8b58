import { isNetwork, type Network } from '@nexus/contract';
import type { NextFunction, Request, Response } from 'express';
import { ApiUsageRecorder } from './api-usage.recorder.js';

/** The network a request names, in its JSON body (POST /api/nfts) or its query string. */
export function requestNetwork(req: Request): Network | null {
  const body: unknown = req.body;
  const fromBody =
    typeof body === 'object' && body !== null ? (body as { network?: unknown }).network : undefined;
  if (isNetwork(fromBody)) return fromBody;
  const fromQuery: unknown = req.query?.network;
  return isNetwork(fromQuery) ? fromQuery : null;
}

/**
 * Counts every /api request for the cache statistics (apiRequestsCount, apiCallsToday). A plain
 * Express middleware, mounted once after the body parser (bootstrap): one map update per request.
 */
export function apiUsageMiddleware(recorder: ApiUsageRecorder) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const path = req.path;
    if (path === '/api' || path.startsWith('/api/')) recorder.record(requestNetwork(req));
    next();
  };
}
