import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { TooManyRequestsException } from '../common/index.js';
import { quietRequestLog } from '../logging/index.js';
import { requestClientKey } from './client-address.js';
import { RATE_LIMIT_METADATA, type RequestRateLimitPolicy } from './rate-limit.decorator.js';
import { FloodGate, retryAfterSeconds, setRateLimitHeaders } from './flood-gate.js';
import { RateLimiterService } from './rate-limiter.service.js';
import { SuspiciousIpService } from './suspicious-ip.service.js';

/**
 * Registered once for the whole API: every route counts against its policy (`@RateLimit`) or the
 * general `api` budget, unless `@SkipRateLimit()`. Over the limit: 429 with Retry-After, and the
 * first breach of a window counts towards the suspicious-address list; the request log keeps the
 * refusal that started a block, not each of its repeats (see FloodGate for the ones after).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimiterService,
    private readonly suspicious: SuspiciousIpService,
    private readonly gate: FloodGate,
  ) {}

  /** Per controller and handler, its policy: read from the decorators once, not on every request. */
  private readonly policies = new WeakMap<object, Map<object, RequestRateLimitPolicy | false>>();

  private policyOf(context: ExecutionContext): RequestRateLimitPolicy | false {
    const controller = context.getClass();
    const handler = context.getHandler();
    let handlers = this.policies.get(controller);
    if (!handlers) this.policies.set(controller, (handlers = new Map()));
    let policy = handlers.get(handler);
    if (policy === undefined) {
      policy =
        this.reflector.getAllAndOverride<RequestRateLimitPolicy | false | undefined>(RATE_LIMIT_METADATA, [
          handler,
          controller,
        ]) ?? 'api';
      handlers.set(handler, policy);
    }
    return policy;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const policy = this.policyOf(context);
    if (policy === false) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const key = requestClientKey(req);
    const verdict = await this.limits.consume(policy, key);
    setRateLimitHeaders(http.getResponse<Response>(), verdict, this.limits.rule(policy).durationS);
    if (verdict.allowed) return true;
    if (verdict.firstBreach) await this.suspicious.recordRateLimitBreach(key);
    // The refusal that started this process's block is logged; its repeats are not, and the
    // flood gate answers the next ones on this route before the rest of the request's path.
    if (verdict.repeat) quietRequestLog(http.getResponse<Response>());
    this.gate.learn(req.method, req.path, policy);
    throw new TooManyRequestsException(retryAfterSeconds(verdict));
  }
}
