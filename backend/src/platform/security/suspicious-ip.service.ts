import { Injectable, Logger } from '@nestjs/common';
import type { SuspiciousIp } from '@nexus/contract';
import { AppConfig } from '../config/index.js';
import { SuspiciousIpRepository, type SuspicionKind } from './suspicious-ip.repository.js';

/**
 * Lists an address that breaks rate limits or fails admin logins repeatedly (thresholds from the
 * configuration). Listing only informs the security dashboard: the limits themselves do the
 * blocking. Recording never fails the request that caused it.
 */
@Injectable()
export class SuspiciousIpService {
  private readonly logger = new Logger('SuspiciousIp');
  private readonly windowsMs: Record<SuspicionKind, number>;
  /** A listed address stays listed this long after its latest event. */
  private readonly listedForMs: number;

  constructor(
    private readonly config: AppConfig,
    private readonly repository: SuspiciousIpRepository,
  ) {
    const { rateLimitBreaches, failedLogins } = config.suspiciousIps;
    this.windowsMs = { breach: rateLimitBreaches.windowS * 1000, login: failedLogins.windowS * 1000 };
    this.listedForMs = Math.max(this.windowsMs.breach, this.windowsMs.login);
  }

  /** A client went over a limit (called once per window it breaks). */
  recordRateLimitBreach(ip: string): Promise<void> {
    return this.record('breach', ip);
  }

  recordFailedLogin(ip: string): Promise<void> {
    return this.record('login', ip);
  }

  list(): Promise<SuspiciousIp[]> {
    return this.repository.all();
  }

  /** True when `ip` was listed. */
  clear(ip: string): Promise<boolean> {
    return this.repository.clear(ip);
  }

  private async record(kind: SuspicionKind, ip: string): Promise<void> {
    const { rateLimitBreaches, failedLogins } = this.config.suspiciousIps;
    try {
      const counts = await this.repository.addEvent(kind, ip, this.windowsMs);
      const suspicious =
        counts.listed ||
        counts.rateLimitBreaches >= rateLimitBreaches.count ||
        counts.failedLogins >= failedLogins.count;
      if (!suspicious) return;
      await this.repository.list(ip, counts, this.listedForMs);
      if (!counts.listed) {
        this.logger.warn(
          `${ip} listed as suspicious: ${counts.rateLimitBreaches} rate limit breaches, ${counts.failedLogins} failed admin logins`,
        );
      }
    } catch (error) {
      this.logger.error(
        `could not record a ${kind === 'breach' ? 'rate limit breach' : 'failed login'} of ${ip}: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}
