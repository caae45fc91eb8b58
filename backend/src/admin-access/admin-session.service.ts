import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { ADMIN_MESSAGES } from '@nexus/contract';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { clientKey } from '../security/client-address.js';
import { DEFAULT_RATE_LIMITS } from '../config/rate-limit-rules.js';
import { RateLimiterService } from '../security/rate-limiter.service.js';
import { SuspiciousIpService } from '../security/suspicious-ip.service.js';
import { AdminSessionRepository, type AdminSession } from './admin-session.repository.js';

/**
 * Failed logins allowed per address per window, then 429 until the window ends: the `login` rate
 * limit policy (RATE_LIMIT_LOGIN), by default 5 a minute.
 */
export const LOGIN_THROTTLE = DEFAULT_RATE_LIMITS.login;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Admin login, session check and logout against the one shared password. */
@Injectable()
export class AdminSessionService {
  private readonly logger = new Logger('AdminSession');
  /** Only the hash is kept: compared in constant time with the hash of what is typed. */
  private readonly passwordHash: Buffer | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: AdminSessionRepository,
    private readonly limits: RateLimiterService,
    private readonly suspicious: SuspiciousIpService,
  ) {
    this.passwordHash = config.adminPassword === null ? null : sha256(config.adminPassword);
  }

  get ttlMs(): number {
    return this.config.adminSessionTtlMs;
  }

  /** A new session for the right password; 401 otherwise, 429 after too many failures from `ip`. */
  async authenticate(password: string, ip: string): Promise<{ token: string; session: AdminSession }> {
    const client = clientKey(ip);
    const spent = await this.limits.peek('login', client);
    if (spent !== null && spent.consumed >= this.limits.rule('login').points) {
      throw new TooManyRequestsException(Math.max(1, Math.ceil(spent.resetMs / 1000)));
    }
    if (this.passwordHash === null) throw new UnauthorizedException(ADMIN_MESSAGES.notConfigured);
    if (!timingSafeEqual(sha256(password), this.passwordHash)) {
      await this.recordFailure(client);
      throw new UnauthorizedException(ADMIN_MESSAGES.invalidPassword);
    }
    await this.limits.reset('login', client);
    return this.sessions.create(ip, this.ttlMs);
  }

  /** The session of a token, renewed; null when it is unknown or expired. */
  async verify(token: string | null): Promise<AdminSession | null> {
    return token === null ? null : this.sessions.touch(token, this.ttlMs);
  }

  async logout(token: string | null): Promise<void> {
    if (token !== null) await this.sessions.delete(token);
  }

  /** Counted against the `login` policy (the next attempt over it gets the 429) and the suspicious list. */
  private async recordFailure(client: string): Promise<void> {
    await this.limits.consume('login', client);
    await this.suspicious.recordFailedLogin(client);
    this.logger.warn(`failed admin login from ${client}`);
  }
}
