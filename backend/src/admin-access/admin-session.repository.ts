import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RedisRepository } from '../platform/redis/index.js';

export interface AdminSession {
  createdAt: number;
  expiresAt: number;
  /** Address the session was opened from (shown in logs only). */
  ip: string;
  /** Derived from the admin password it was opened with: a process on another password refuses it. */
  generation: string;
  /** The "log out everywhere" count when it was opened: a later one ends it. */
  epoch: number;
}

/** How long a session lasts: `ttlMs` without use, `lifetimeMs` at most from its opening. */
export interface SessionTerms {
  generation: string;
  ttlMs: number;
  lifetimeMs: number;
}

/** The cookie carries a random token; Redis keeps only its hash, so a leaked key list opens nothing. */
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The end of a session used at `now`: its idle expiry, never past its lifetime. */
const endOf = (createdAt: number, terms: SessionTerms, now: number) =>
  Math.min(now + terms.ttlMs, createdAt + terms.lifetimeMs);

/** Admin sessions in Redis with an expiry: every API process (and a restarted one) knows them. */
@Injectable()
export class AdminSessionRepository extends RedisRepository {
  private key(token: string): string {
    return this.connections.key('admin', 'session', digest(token));
  }

  /** How many times every session was ended at once; sessions of an older count are over. */
  private get epochKey(): string {
    return this.connections.key('admin', 'session-epoch');
  }

  /** A new session; answers its token (the cookie value). */
  async create(
    ip: string,
    terms: SessionTerms,
    now = Date.now(),
  ): Promise<{ token: string; session: AdminSession }> {
    const token = randomBytes(32).toString('base64url');
    const epoch = Number((await this.redis.get(this.epochKey)) ?? 0);
    const expiresAt = endOf(now, terms, now);
    const session: AdminSession = { createdAt: now, expiresAt, ip, generation: terms.generation, epoch };
    await this.redis.set(this.key(token), JSON.stringify(session), 'PX', expiresAt - now);
    return { token, session };
  }

  /**
   * The live session of a token, its expiry pushed back by `ttlMs` up to its lifetime; null when
   * there is none, it has lived its lifetime, every session was ended since it opened, or it
   * belongs to another admin password.
   */
  async touch(token: string, terms: SessionTerms, now = Date.now()): Promise<AdminSession | null> {
    const key = this.key(token);
    const [raw, epoch] = await this.redis.mget(key, this.epochKey);
    if (raw === null || raw === undefined) return null;
    const stored = JSON.parse(raw) as Partial<AdminSession>;
    // A record from before generations and epochs, or of another password, opens nothing. Another
    // password's session is left alone: during a rolling restart the processes on it still honour it.
    if (stored.generation !== terms.generation || typeof stored.createdAt !== 'number') return null;
    const expiresAt = endOf(stored.createdAt, terms, now);
    if (stored.epoch !== Number(epoch ?? 0) || expiresAt <= now) {
      await this.redis.del(key);
      return null;
    }
    const session = { ...(stored as AdminSession), expiresAt };
    // XX: a logout between the read and this write is not undone.
    await this.redis.set(key, JSON.stringify(session), 'PX', expiresAt - now, 'XX');
    return session;
  }

  async delete(token: string): Promise<void> {
    await this.redis.del(this.key(token));
  }

  /** Ends every session on every process ("log out everywhere"). */
  async endAll(): Promise<void> {
    await this.redis.incr(this.epochKey);
  }
}
