import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { ClearSuspiciousIpResponse, SecurityStatus } from '@nexus/contract';
import { AdminGuard } from '../admin-access/index.js';
import {
  ClearSuspiciousIpDto,
  ClearSuspiciousIpResponseDto,
  RateLimitStatusDto,
  SecurityStatusDto,
} from './security.dto.js';
import { SecurityStatusService } from './security-status.service.js';

/** SPEC §7 admin security routes (the dashboard at /admin/security). */
@ApiTags('security')
@ApiCookieAuth('admin')
@ApiUnauthorizedResponse({ description: 'No live admin session' })
@ApiExtraModels(RateLimitStatusDto)
@Controller('admin')
@UseGuards(AdminGuard)
export class SecurityController {
  constructor(private readonly security: SecurityStatusService) {}

  @Get('security-status')
  @ApiOperation({ summary: 'API keys, rate limits, connected browsers and suspicious addresses' })
  @ApiOkResponse({ type: SecurityStatusDto })
  status(): Promise<SecurityStatus> {
    return this.security.status();
  }

  @Post('clear-suspicious-ip')
  @HttpCode(200)
  @ApiOperation({ summary: 'Takes an address off the suspicious list and resets its rate limit counters' })
  @ApiOkResponse({ type: ClearSuspiciousIpResponseDto })
  @ApiBadRequestResponse({ description: 'ip is not an IPv4 or IPv6 address' })
  clear(@Body() body: ClearSuspiciousIpDto): Promise<ClearSuspiciousIpResponse> {
    return this.security.clear(body.ip);
  }
}
