import { Body, Controller, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ADMIN_MESSAGES, type AdminLogoutResponse, type AdminSessionResponse } from '@nexus/contract';
import type { Request, Response } from 'express';
import { AdminAuthenticateDto } from './admin-auth.dto.js';
import { clearAdminCookie, readAdminToken, setAdminCookie } from './admin-cookie.js';
import { AdminOnly } from './admin.guard.js';
import { AdminSessionService } from './admin-session.service.js';

/** SPEC §7 admin login, re-verification and logout; the session is an httpOnly cookie. */
@ApiTags('admin')
@Controller('admin')
export class AdminAuthController {
  constructor(private readonly sessions: AdminSessionService) {}

  @Post('authenticate')
  @HttpCode(200)
  async authenticate(
    @Body() body: AdminAuthenticateDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminSessionResponse> {
    const { token, session } = await this.sessions.authenticate(body.password, req.ip ?? 'unknown');
    setAdminCookie(req, res, token, session.expiresAt, this.sessions.secureCookies);
    return { authenticated: true, expiresAt: new Date(session.expiresAt).toISOString() };
  }

  @Post('verify')
  @HttpCode(200)
  @ApiCookieAuth('admin')
  @ApiUnauthorizedResponse({ description: ADMIN_MESSAGES.sessionRequired })
  async verify(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminSessionResponse> {
    const token = readAdminToken(req);
    const session = await this.sessions.verify(token);
    if (session === null || token === null) {
      clearAdminCookie(req, res, this.sessions.secureCookies);
      throw new UnauthorizedException(ADMIN_MESSAGES.sessionRequired);
    }
    setAdminCookie(req, res, token, session.expiresAt, this.sessions.secureCookies);
    return { authenticated: true, expiresAt: new Date(session.expiresAt).toISOString() };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AdminLogoutResponse> {
    await this.sessions.logout(readAdminToken(req));
    clearAdminCookie(req, res, this.sessions.secureCookies);
    return { success: true };
  }

  @Post('logout-everywhere')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Ends every admin session on every API process, this one included',
    description: 'For a lost device or a leaked cookie; the admin signs in again afterwards.',
  })
  async logoutEverywhere(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminLogoutResponse> {
    await this.sessions.logoutEverywhere();
    clearAdminCookie(req, res, this.sessions.secureCookies);
    return { success: true };
  }
}
