import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';
import { clientKey } from './client-address.js';
import { RATE_LIMIT_METADATA, type RequestRateLimitPolicy } from './rate-limit.decorator.js';
import { RateLimiterService, type RateLimitVerdict } from './rate-limiter.service.js';
import { SuspiciousIpService } from './suspicious-ip.service.js';

/** The standard header fields (IETF draft "RateLimit header fields for HTTP"), on every limited answer. */
function setRateLimitHeaders(res: Response, verdict: RateLimitVerdict, windowS: number): void {
  res.setHeader('RateLimit-Limit', String(verdict.limit));
  res.setHeader('RateLimit-Remaining', String(verdict.remaining));
  res.setHeader('RateLimit-Reset', String(Math.ceil(verdict.resetMs / 1000)));
  res.setHeader('RateLimit-Policy', `${verdict.limit};w=${windowS}`);
}

/**
 * Registered once for the whole API: every route counts against its policy (`@RateLimit`) or the
 * general `api` budget, unless `@SkipRateLimit()`. Over the limit: 429 with Retry-After, and the
 * first breach of a window counts towards the suspicious-address list.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimiterService,
    private readonly suspicious: SuspiciousIpService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const policy =
      this.reflector.getAllAndOverride<RequestRateLimitPolicy | false | undefined>(RATE_LIMIT_METADATA, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'api';
    if (policy === false) return true;
    const http = context.switchToHttp();
    const key = clientKey(http.getRequest<Request>().ip);
    const verdict = await this.limits.consume(policy, key);
    setRateLimitHeaders(http.getResponse<Response>(), verdict, this.limits.rule(policy).durationS);
    if (verdict.allowed) return true;
    if (verdict.firstBreach) await this.suspicious.recordRateLimitBreach(key);
    throw new TooManyRequestsException(Math.max(1, Math.ceil(verdict.resetMs / 1000)));
  }
}
