import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { RedisRepository } from '../redis/index.js';

/** How long a refusal is reported after the provider last refused the key. */
export const KEY_REFUSAL_TTL_MS = 60 * 60 * 1000;

/** Names a key without keeping it: a rotated key is not reported for its predecessor's refusal. */
export const keyFingerprint = (key: string): string =>
  createHash('sha256').update(key).digest('hex').slice(0, 16);

/**
 * API keys a provider refused (401/403), by variable name, in Redis: the workers, which make most
 * provider calls, report; whichever API process answers the dashboard reads.
 */
@Injectable()
export class ApiKeyRefusalsRepository extends RedisRepository {
  private readonly logger = new Logger('ApiKeys');

  private key(variable: string): string {
    return this.connections.key('security', 'api-key-refused', variable);
  }

  /** Remembers the refusal (fire and forget: called from a provider client's error path). */
  record(variable: string, key: string, status: number): void {
    this.logger.warn(`the provider refused ${variable} (HTTP ${status})`);
    this.redis.set(this.key(variable), keyFingerprint(key), 'PX', KEY_REFUSAL_TTL_MS).catch(() => undefined);
  }

  /** True when the provider refused this very key within the last hour. */
  async refused(variable: string, key: string): Promise<boolean> {
    return (await this.redis.get(this.key(variable))) === keyFingerprint(key);
  }
}
