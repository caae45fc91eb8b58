import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { FloodGate } from './flood-gate.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RedisConnections } from '../redis/index.js';
import { openRateLimitRedis, RATE_LIMIT_REDIS, RateLimiterService } from './rate-limiter.service.js';
import { SuspiciousIpRepository } from './suspicious-ip.repository.js';
import { SuspiciousIpService } from './suspicious-ip.service.js';
import { TopClientsRepository } from './top-clients.repository.js';

/**
 * Per-address rate limits on every route (one global guard) and the suspicious-address list; also
 * used by admin login (the `login` policy and failed-login records).
 */
@Module({
  providers: [
    {
      provide: RATE_LIMIT_REDIS,
      inject: [RedisConnections],
      useFactory: openRateLimitRedis,
    },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    RateLimiterService,
    FloodGate,
    TopClientsRepository,
    SuspiciousIpService,
    SuspiciousIpRepository,
  ],
  exports: [RateLimiterService, SuspiciousIpService, FloodGate],
})
export class RateLimitModule {}
