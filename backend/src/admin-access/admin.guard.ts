import {
  applyDecorators,
  Injectable,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiCookieAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ADMIN_MESSAGES } from '@nexus/contract';
import type { NextFunction, Request, Response } from 'express';
import { requestIdOf } from '../platform/logging/index.js';
import { readAdminToken } from './admin-cookie.js';
import { AdminSessionService } from './admin-session.service.js';

/**
 * The one gate of every admin route and every admin mutation (whitelist, uploads, promo assets,
 * promo bar): a live server-side session from the httpOnly cookie, else 401.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly sessions: AdminSessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const session = await this.sessions.verify(readAdminToken(req));
    if (session === null) throw new UnauthorizedException(ADMIN_MESSAGES.sessionRequired);
    return true;
  }
}

/**
 * A route or controller behind the admin session: the guard, and the OpenAPI document saying so
 * (the `admin` cookie and the 401), so the reference cannot drift from what is enforced.
 */
export const AdminOnly = () =>
  applyDecorators(
    UseGuards(AdminGuard),
    ApiCookieAuth('admin'),
    ApiUnauthorizedResponse({ description: ADMIN_MESSAGES.sessionRequired }),
  );

/**
 * Open in development; behind the admin session in production (SPEC-free internals a deployment
 * keeps to itself: the detailed health report with its RPC URLs and worker counts).
 */
@Injectable()
export class AdminGuardInProduction implements CanActivate {
  constructor(
    private readonly sessions: AdminSessionService,
    private readonly guard: AdminGuard,
  ) {}

  canActivate(context: ExecutionContext): Promise<boolean> | boolean {
    return this.sessions.production ? this.guard.canActivate(context) : true;
  }
}

/**
 * A route open in development and behind the admin session in production. The reference lists it
 * as public (no `admin` cookie requirement) with the 401 production answers.
 */
export const AdminOnlyInProduction = () =>
  applyDecorators(
    UseGuards(AdminGuardInProduction),
    ApiUnauthorizedResponse({
      description: `${ADMIN_MESSAGES.sessionRequired}: in production, without the admin session`,
    }),
  );

/**
 * The same gate as plain Express middleware, for what is served outside Nest's routes (the API
 * reference): 401 with the API's error body without a live session.
 */
export function adminSessionMiddleware(sessions: AdminSessionService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const refuse = () =>
      res.status(401).json({
        statusCode: 401,
        message: ADMIN_MESSAGES.sessionRequired,
        error: 'UNAUTHORIZED',
        requestId: requestIdOf(req),
      });
    // Sessions unreadable (Redis away): no session, not an error page.
    sessions.verify(readAdminToken(req)).then(
      (session) => (session === null ? refuse() : next()),
      () => refuse(),
    );
  };
}
