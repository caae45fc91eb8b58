import { Injectable } from '@nestjs/common';
import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from '@nexus/contract';
import { RedisRepository } from '../redis/index.js';

/**
 * Each API process's busiest client per policy, in one Redis hash per policy (field: process):
 * the dashboard, answered by any process, reads every process's candidate.
 */
@Injectable()
export class TopClientsRepository extends RedisRepository {
  private key(policy: RateLimitPolicy): string {
    return this.connections.key('ratelimit-top', policy);
  }

  async publish(policy: RateLimitPolicy, instance: string, clientKey: string, ttlMs: number): Promise<void> {
    await this.redis
      .multi()
      .hset(this.key(policy), instance, clientKey)
      .pexpire(this.key(policy), ttlMs)
      .exec();
  }

  /** Client keys named by any process for `policy`. */
  async candidates(policy: RateLimitPolicy): Promise<string[]> {
    return this.redis.hvals(this.key(policy));
  }

  async withdraw(instance: string): Promise<void> {
    const multi = this.redis.multi();
    for (const policy of RATE_LIMIT_POLICIES) multi.hdel(this.key(policy), instance);
    await multi.exec();
  }
}
