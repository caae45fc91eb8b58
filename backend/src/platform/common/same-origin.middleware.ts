import { ADMIN_MESSAGES } from '@nexus/contract';
import type { NextFunction, Request, Response } from 'express';
import { requestIdOf } from '../logging/index.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mutations from a browser must come from the app's own origin (or one configured): a page on
 * another site cannot post to the API with a visitor's or an admin's cookies. Requests without an
 * Origin header (curl, server-to-server) are not browser forms and pass.
 */
export function sameOriginMiddleware(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin === own || allowed.has(origin)) return next();
    res.status(403).json({
      statusCode: 403,
      message: ADMIN_MESSAGES.crossOrigin,
      error: 'Forbidden',
      requestId: requestIdOf(req),
    });
  };
}
