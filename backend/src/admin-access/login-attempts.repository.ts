import { Injectable } from '@nestjs/common';
import type { RateLimitRule } from '../platform/config/index.js';
import { RedisRepository } from '../platform/redis/index.js';

/** Why an attempt was refused, and for how long (ms). */
export type AdmitVerdict =
  { admitted: true } | { admitted: false; by: 'address' | 'all'; retryAfterMs: number };

/**
 * Admits an attempt when its address and all addresses together are under their budgets, and
 * counts it in both, in one step: parallel attempts cannot all read "under" before any is counted.
 * KEYS: address counter, counter of all; ARGV: address points, window ms, all points, window ms.
 */
const ADMIT = `
local function refused(key, by, window)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then ttl = tonumber(window) end
  return {by, ttl}
end
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then return refused(KEYS[1], 1, ARGV[2]) end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[3]) then return refused(KEYS[2], 2, ARGV[4]) end
redis.call('SET', KEYS[1], 0, 'PX', ARGV[2], 'NX')
redis.call('INCR', KEYS[1])
redis.call('SET', KEYS[2], 0, 'PX', ARGV[4], 'NX')
redis.call('INCR', KEYS[2])
return {0, 0}
`;

/** Gives back one attempt of all addresses (a success is not a failure). */
const RELEASE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Admin login attempts, counted before the password is compared. The address's count is the
 * `login` rate-limit policy's own counter (rate-limiter-flexible's key `<prefix>:ratelimit:login:
 * <client>`), so the security page's reset and status see it; the count of all addresses together
 * is ours.
 */
@Injectable()
export class LoginAttemptsRepository extends RedisRepository {
  private addressKey(client: string): string {
    return this.connections.key('ratelimit', 'login', client);
  }

  private get allKey(): string {
    return this.connections.key('admin', 'login-attempts');
  }

  async admit(client: string, perAddress: RateLimitRule, all: RateLimitRule): Promise<AdmitVerdict> {
    const [by, ttl] = (await this.redis.eval(
      ADMIT,
      2,
      this.addressKey(client),
      this.allKey,
      perAddress.points,
      perAddress.durationS * 1000,
      all.points,
      all.durationS * 1000,
    )) as [number, number];
    if (by === 0) return { admitted: true };
    return { admitted: false, by: by === 1 ? 'address' : 'all', retryAfterMs: ttl };
  }

  /** A right password: its attempt is given back to the budget of all addresses. */
  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.allKey);
  }
}
