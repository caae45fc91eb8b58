import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A node's eth_getLogs span cap as learnt from its refusals: `stated` when the node said the number
 * (exact, kept as it is), otherwise found by halving (a guess, tried wider again after successes).
 */
export interface LearntSpan {
  span: bigint;
  stated: boolean;
}

/** Where a node's learnt span is kept between scans (and between processes). */
export interface LogLimitsStore {
  read(): Promise<LearntSpan | null>;
  write(span: LearntSpan): Promise<void>;
}

/** One process's memory: the default when no shared store is given. */
export class MemoryLogLimits implements LogLimitsStore {
  private span: LearntSpan | null = null;

  read(): Promise<LearntSpan | null> {
    return Promise.resolve(this.span);
  }

  write(span: LearntSpan): Promise<void> {
    this.span = span;
    return Promise.resolve();
  }
}

/** A day: providers change plans and limits; a limit learnt once is learnt again at its first refusal. */
export const LEARNT_LIMIT_TTL_SECONDS = 86_400;

/**
 * The span learnt from one provider, in Redis: every API and worker process reading that provider
 * shares it, so the discovery cost is paid once, and it is forgotten a day after it was last learnt.
 */
export class RedisLogLimits implements LogLimitsStore {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly ttlSeconds = LEARNT_LIMIT_TTL_SECONDS,
  ) {}

  async read(): Promise<LearntSpan | null> {
    const fields = await this.redis.hgetall(this.key);
    if (!fields.span || !/^\d+$/.test(fields.span)) return null;
    const span = BigInt(fields.span);
    return span > 0n ? { span, stated: fields.stated === '1' } : null;
  }

  async write(span: LearntSpan): Promise<void> {
    await this.redis
      .multi()
      .hset(this.key, { span: span.span.toString(), stated: span.stated ? '1' : '0' })
      .expire(this.key, this.ttlSeconds)
      .exec();
  }
}

/**
 * A provider's name in Redis keys: its host and a digest of the full URL, so that two keys (plans)
 * at one host are apart and no API key in a URL path is written out.
 */
export function providerKey(url: string): string {
  let host = 'node';
  try {
    host = new URL(url).host || host;
  } catch {
    // Not a URL: the digest alone names it.
  }
  return `${host}-${createHash('sha256').update(url).digest('hex').slice(0, 12)}`;
}
