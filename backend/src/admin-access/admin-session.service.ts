import { createHash, scryptSync, timingSafeEqual } from 'node:crypto';
import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { ADMIN_MESSAGES } from '@nexus/contract';
import { TooManyRequestsException } from '../platform/common/index.js';
import { AppConfig, DEFAULT_RATE_LIMITS } from '../platform/config/index.js';
import { clientKey, RateLimiterService, SuspiciousIpService } from '../platform/security/index.js';
import { AdminSessionRepository, type AdminSession, type SessionTerms } from './admin-session.repository.js';
import { LoginAttemptsRepository } from './login-attempts.repository.js';

/**
 * Failed logins allowed per address per window, then 429 until the window ends: the `login` rate
 * limit policy (RATE_LIMIT_LOGIN), by default 5 a minute.
 */
export const LOGIN_THROTTLE = DEFAULT_RATE_LIMITS.login;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** One warning per minute while the failure budget of all addresses is spent, not one per attempt. */
const BUDGET_WARNING_EVERY_MS = 60_000;

/**
 * The session generation of a password: every process on the same password derives the same one,
 * so a restart on a new password ends every session opened before. scrypt, salted with the
 * deployment's Redis prefix: the value Redis holds does not give the password away.
 */
function generationOf(password: string, redisPrefix: string): string {
  return scryptSync(password, `nexus-admin-session:${redisPrefix}`, 18).toString('base64url');
}

/** Admin login, session check and logout against the one shared password. */
@Injectable()
export class AdminSessionService {
  private readonly logger = new Logger('AdminSession');
  /** Only the hash is kept: compared in constant time with the hash of what is typed. */
  private readonly passwordHash: Buffer | null;
  private readonly terms: SessionTerms;
  private lastBudgetWarning = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: AdminSessionRepository,
    private readonly attempts: LoginAttemptsRepository,
    private readonly limits: RateLimiterService,
    private readonly suspicious: SuspiciousIpService,
  ) {
    this.passwordHash = config.adminPassword === null ? null : sha256(config.adminPassword);
    this.terms = {
      generation: config.adminPassword === null ? '' : generationOf(config.adminPassword, config.redisPrefix),
      ttlMs: config.adminSessionTtlMs,
      lifetimeMs: config.adminSessionLifetimeMs,
    };
  }

  /** NODE_ENV=production: what is open in development is the admin's (the reference, detailed health). */
  get production(): boolean {
    return this.config.production;
  }

  /** Production marks the cookie Secure whatever the request says of its scheme. */
  get secureCookies(): boolean {
    return this.config.production;
  }

  /**
   * A new session for the right password; 401 otherwise. The attempt is counted before the
   * comparison (429 past the address's budget or that of all addresses together), so parallel
   * guesses cannot slip between a check and a count.
   */
  async authenticate(password: string, ip: string): Promise<{ token: string; session: AdminSession }> {
    if (this.passwordHash === null) throw new UnauthorizedException(ADMIN_MESSAGES.notConfigured);
    const client = clientKey(ip);
    const verdict = await this.attempts.admit(
      client,
      this.limits.rule('login'),
      this.config.adminLoginFailureBudget,
    );
    if (!verdict.admitted) {
      if (verdict.by === 'all') this.budgetSpent(verdict.retryAfterMs);
      throw new TooManyRequestsException(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)));
    }
    if (!timingSafeEqual(sha256(password), this.passwordHash)) {
      await this.recordFailure(client);
      throw new UnauthorizedException(ADMIN_MESSAGES.invalidPassword);
    }
    await Promise.all([this.limits.reset('login', client), this.attempts.release()]);
    return this.sessions.create(ip, this.terms);
  }

  /** The session of a token, renewed up to its lifetime; null when it is unknown, over or ended. */
  async verify(token: string | null): Promise<AdminSession | null> {
    if (token === null || this.passwordHash === null) return null;
    return this.sessions.touch(token, this.terms);
  }

  async logout(token: string | null): Promise<void> {
    if (token !== null) await this.sessions.delete(token);
  }

  /** Ends every admin session, on every process. */
  async logoutEverywhere(): Promise<void> {
    await this.sessions.endAll();
    this.logger.warn('every admin session ended (log out everywhere)');
  }

  /** Listed against the suspicious-address threshold and logged (the attempt is already counted). */
  private async recordFailure(client: string): Promise<void> {
    await this.suspicious.recordFailedLogin(client);
    this.logger.warn(`failed admin login from ${client}`);
  }

  private budgetSpent(retryAfterMs: number): void {
    const now = Date.now();
    if (now - this.lastBudgetWarning < BUDGET_WARNING_EVERY_MS) return;
    this.lastBudgetWarning = now;
    this.logger.warn(
      `admin login failure budget of all addresses spent (ADMIN_LOGIN_FAILURE_BUDGET): every login refused for ${Math.ceil(retryAfterMs / 1000)} s`,
    );
  }
}
