import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimiterService } from './rate-limiter.service.js';
import { SuspiciousIpRepository } from './suspicious-ip.repository.js';
import { SuspiciousIpService } from './suspicious-ip.service.js';
import { TopClientsRepository } from './top-clients.repository.js';

/**
 * Per-address rate limits on every route (one global guard) and the suspicious-address list; also
 * used by admin login (the `login` policy and failed-login records).
 */
@Module({
  providers: [
    RateLimiterService,
    TopClientsRepository,
    SuspiciousIpService,
    SuspiciousIpRepository,
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [RateLimiterService, SuspiciousIpService],
})
export class RateLimitModule {}
