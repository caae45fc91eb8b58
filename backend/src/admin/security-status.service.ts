import { Injectable } from '@nestjs/common';
import type { ClearSuspiciousIpResponse, SecurityStatus } from '@nexus/contract';
import { AppConfig } from '../platform/config/index.js';
import { ConnectionRefusalsRepository } from '../platform/connections/index.js';
import { ScanEventsGateway } from '../platform/realtime/index.js';
import { ScanAdmission } from '../scans/index.js';
import {
  ApiKeyRefusalsRepository,
  clientKey,
  RateLimiterService,
  SuspiciousIpService,
} from '../platform/security/index.js';

/** The admin security dashboard: API keys, rate limits, live browsers, suspicious addresses. */
@Injectable()
export class SecurityStatusService {
  constructor(
    private readonly config: AppConfig,
    private readonly limits: RateLimiterService,
    private readonly suspicious: SuspiciousIpService,
    private readonly refusals: ApiKeyRefusalsRepository,
    private readonly gateway: ScanEventsGateway,
    private readonly admission: ScanAdmission,
    private readonly connectionRefusals: ConnectionRefusalsRepository,
  ) {}

  async status(): Promise<SecurityStatus> {
    const [missing, rateLimits, queueLimits, activeUserSessions, suspiciousIPs, connectionRefusals] =
      await Promise.all([
        this.missingApiKeys(),
        this.limits.status(),
        this.admission.status(),
        this.gateway.connectedClients(),
        this.suspicious.list(),
        this.connectionRefusals.counts(),
      ]);
    return {
      apiKeys: { valid: missing.length === 0, missing },
      rateLimits: { ...rateLimits, ...queueLimits },
      activeUserSessions,
      suspiciousIPs,
      connectionRefusals,
    };
  }

  /** Takes the address off the list and gives it fresh budgets on every policy. */
  async clear(ip: string): Promise<ClearSuspiciousIpResponse> {
    const key = clientKey(ip.replace(/\/64$/, ''));
    const [cleared] = await Promise.all([this.suspicious.clear(key), this.limits.resetAll(key)]);
    return { success: true, cleared };
  }

  /**
   * API keys the configuration would use that are unset, or that the provider refused within the
   * last hour. Nexus needs no key by default (JSON-RPC nodes, local dev chains); the one key it
   * knows is ALCHEMY_API_KEY: wanted when ALCHEMY_BASE_URL names an Alchemy endpoint.
   */
  private async missingApiKeys(): Promise<string[]> {
    const { alchemyApiKey, alchemyBaseUrl } = this.config;
    if (alchemyApiKey === null) return alchemyBaseUrl === null ? [] : ['ALCHEMY_API_KEY'];
    return (await this.refusals.refused('ALCHEMY_API_KEY', alchemyApiKey)) ? ['ALCHEMY_API_KEY'] : [];
  }
}
