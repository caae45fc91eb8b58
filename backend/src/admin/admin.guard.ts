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
import type { Request } from 'express';
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
