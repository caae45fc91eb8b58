import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { ADMIN_MESSAGES } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { REDIS, RedisConnections } from '../redis/redis.module.js';
import { AdminSessionRepository, type AdminSession } from './admin-session.repository.js';

/** Failed logins allowed per address per window, then 429 until the window ends. */
export const LOGIN_THROTTLE = { points: 5, durationS: 60 } as const;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Admin login, session check and logout against the one shared password. */
@Injectable()
export class AdminSessionService {
  private readonly logger = new Logger('AdminSession');
  /** Only the hash is kept: compared in constant time with the hash of what is typed. */
  private readonly passwordHash: Buffer | null;
  private readonly failedLogins: RateLimiterRedis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
    connections: RedisConnections,
    private readonly sessions: AdminSessionRepository,
  ) {
    this.passwordHash = config.adminPassword === null ? null : sha256(config.adminPassword);
    this.failedLogins = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: connections.key('ratelimit', 'login'),
      points: LOGIN_THROTTLE.points,
      duration: LOGIN_THROTTLE.durationS,
    });
  }

  get ttlMs(): number {
    return this.config.adminSessionTtlMs;
  }

  /** A new session for the right password; 401 otherwise, 429 after too many failures from `ip`. */
  async authenticate(password: string, ip: string): Promise<{ token: string; session: AdminSession }> {
    const spent = await this.failedLogins.get(ip);
    if (spent !== null && spent.consumedPoints >= LOGIN_THROTTLE.points) {
      throw new TooManyRequestsException(Math.max(1, Math.ceil(spent.msBeforeNext / 1000)));
    }
    if (this.passwordHash === null) throw new UnauthorizedException(ADMIN_MESSAGES.notConfigured);
    if (!timingSafeEqual(sha256(password), this.passwordHash)) {
      await this.recordFailure(ip);
      throw new UnauthorizedException(ADMIN_MESSAGES.invalidPassword);
    }
    await this.failedLogins.delete(ip);
    return this.sessions.create(ip, this.ttlMs);
  }

  /** The session of a token, renewed; null when it is unknown or expired. */
  async verify(token: string | null): Promise<AdminSession | null> {
    return token === null ? null : this.sessions.touch(token, this.ttlMs);
  }

  async logout(token: string | null): Promise<void> {
    if (token !== null) await this.sessions.delete(token);
  }

  private async recordFailure(ip: string): Promise<void> {
    try {
      await this.failedLogins.consume(ip);
    } catch (error) {
      // Over the limit: this failure is counted; the next attempt gets the 429.
      if (!(error instanceof RateLimiterRes)) throw error;
    }
    this.logger.warn(`failed admin login from ${ip}`);
  }
}
