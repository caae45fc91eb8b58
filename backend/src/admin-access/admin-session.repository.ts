import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, RedisConnections } from '../redis/redis.module.js';

export interface AdminSession {
  createdAt: number;
  expiresAt: number;
  /** Address the session was opened from (shown in logs only). */
  ip: string;
}

/** The cookie carries a random token; Redis keeps only its hash, so a leaked key list opens nothing. */
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Admin sessions in Redis with an expiry: every API process (and a restarted one) knows them. */
@Injectable()
export class AdminSessionRepository {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
  ) {}

  private key(token: string): string {
    return this.connections.key('admin', 'session', digest(token));
  }

  /** A new session; answers its token (the cookie value). */
  async create(
    ip: string,
    ttlMs: number,
    now = Date.now(),
  ): Promise<{ token: string; session: AdminSession }> {
    const token = randomBytes(32).toString('base64url');
    const session: AdminSession = { createdAt: now, expiresAt: now + ttlMs, ip };
    await this.redis.set(this.key(token), JSON.stringify(session), 'PX', ttlMs);
    return { token, session };
  }

  /** The live session of a token, its expiry pushed back by `ttlMs` (sliding); null when there is none. */
  async touch(token: string, ttlMs: number, now = Date.now()): Promise<AdminSession | null> {
    const key = this.key(token);
    const raw = await this.redis.get(key);
    if (raw === null) return null;
    const session = { ...(JSON.parse(raw) as AdminSession), expiresAt: now + ttlMs };
    // XX: a logout between the read and this write is not undone.
    await this.redis.set(key, JSON.stringify(session), 'PX', ttlMs, 'XX');
    return session;
  }

  async find(token: string): Promise<AdminSession | null> {
    const raw = await this.redis.get(this.key(token));
    return raw === null ? null : (JSON.parse(raw) as AdminSession);
  }

  async delete(token: string): Promise<void> {
    await this.redis.del(this.key(token));
  }
}
