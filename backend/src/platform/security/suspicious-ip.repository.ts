import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { SuspiciousIp } from '@nexus/contract';
import { RedisRepository } from '../redis/index.js';

/** What makes an address suspicious: limits broken (once per window) and failed admin logins. */
export type SuspicionKind = 'breach' | 'login';

export interface SuspicionCounts {
  rateLimitBreaches: number;
  failedLogins: number;
  /** Already on the list. */
  listed: boolean;
}

/**
 * Suspicious addresses in Redis: per address and kind a sorted set of event times (trimmed to its
 * window, expiring with it); a listed address is a hash with an expiry, indexed by one set.
 */
@Injectable()
export class SuspiciousIpRepository extends RedisRepository {
  private events(kind: SuspicionKind, ip: string): string {
    return this.connections.key('security', 'events', kind, ip);
  }

  private entry(ip: string): string {
    return this.connections.key('security', 'suspicious', ip);
  }

  private get index(): string {
    return this.connections.key('security', 'suspicious-ips');
  }

  /** Adds an event of `kind` and answers both counts within their windows. */
  async addEvent(
    kind: SuspicionKind,
    ip: string,
    windowsMs: Record<SuspicionKind, number>,
    now = Date.now(),
  ): Promise<SuspicionCounts> {
    const other: SuspicionKind = kind === 'breach' ? 'login' : 'breach';
    const since = (k: SuspicionKind) => now - windowsMs[k];
    const results = await this.redis
      .multi()
      .zremrangebyscore(this.events(kind, ip), '-inf', `(${since(kind)}`)
      .zadd(this.events(kind, ip), now, `${now}:${randomBytes(4).toString('hex')}`)
      .pexpire(this.events(kind, ip), windowsMs[kind])
      .zcount(this.events(kind, ip), since(kind), '+inf')
      .zcount(this.events(other, ip), since(other), '+inf')
      .exists(this.entry(ip))
      .exec();
    const value = (i: number) => Number(results?.[i]?.[1] ?? 0);
    const counts = { [kind]: value(3), [other]: value(4) } as Record<SuspicionKind, number>;
    return { rateLimitBreaches: counts.breach, failedLogins: counts.login, listed: value(5) === 1 };
  }

  /** Lists `ip` (or updates its entry) until `ttlMs` from now. */
  async list(
    ip: string,
    counts: Omit<SuspicionCounts, 'listed'>,
    ttlMs: number,
    now = Date.now(),
  ): Promise<void> {
    await this.redis
      .multi()
      .hset(this.entry(ip), {
        rateLimitBreaches: counts.rateLimitBreaches,
        failedLogins: counts.failedLogins,
        lastSeenAt: now,
      })
      .pexpire(this.entry(ip), ttlMs)
      .sadd(this.index, ip)
      .exec();
  }

  /** Listed addresses, the most recently seen first; expired entries leave the index here. */
  async all(): Promise<SuspiciousIp[]> {
    const ips = await this.redis.smembers(this.index);
    if (ips.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const ip of ips) pipeline.hgetall(this.entry(ip));
    const results = (await pipeline.exec()) ?? [];
    const listed: SuspiciousIp[] = [];
    const expired: string[] = [];
    for (const [i, ip] of ips.entries()) {
      const hash = results[i]?.[1] as Record<string, string> | undefined;
      if (!hash?.lastSeenAt) {
        expired.push(ip);
        continue;
      }
      listed.push({
        ip,
        rateLimitBreaches: Number(hash.rateLimitBreaches ?? 0),
        failedLogins: Number(hash.failedLogins ?? 0),
        lastSeenAt: new Date(Number(hash.lastSeenAt)).toISOString(),
      });
    }
    if (expired.length > 0) await this.redis.srem(this.index, ...expired);
    return listed.sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** Removes `ip` from the list and forgets its events; true when it was listed. */
  async clear(ip: string): Promise<boolean> {
    const results = await this.redis
      .multi()
      .del(this.entry(ip))
      .srem(this.index, ip)
      .del(this.events('breach', ip), this.events('login', ip))
      .exec();
    return Number(results?.[0]?.[1] ?? 0) === 1;
  }
}
