import type { Redis } from 'ioredis';

/**
 * What a provider's refusals taught the reader, beyond its eth_getLogs span: the calls one
 * JSON-RPC batch may hold, the calls one Multicall3 aggregate may hold, that it keeps no old state
 * (not an archive node), that its request quota is spent until a given time. Each fact is a
 * string under a name, forgotten after its own time.
 */
export interface ProviderFacts {
  get(name: ProviderFact): Promise<string | null>;
  set(name: ProviderFact, value: string, ttlMs: number): Promise<void>;
}

export type ProviderFact = 'batch' | 'multicall' | 'archive' | 'quota';

/** One process's memory: the default when no shared store is given. */
export class MemoryProviderFacts implements ProviderFacts {
  private readonly facts = new Map<ProviderFact, { value: string; expires: number }>();

  get(name: ProviderFact): Promise<string | null> {
    const fact = this.facts.get(name);
    return Promise.resolve(fact && fact.expires > Date.now() ? fact.value : null);
  }

  set(name: ProviderFact, value: string, ttlMs: number): Promise<void> {
    this.facts.set(name, { value, expires: Date.now() + ttlMs });
    return Promise.resolve();
  }
}

/** A provider's facts in Redis, one key each: every API and worker process reading it shares them. */
export class RedisProviderFacts implements ProviderFacts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  get(name: ProviderFact): Promise<string | null> {
    return this.redis.get(`${this.prefix}:${name}`);
  }

  async set(name: ProviderFact, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}:${name}`, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }
}

/** How long a fact read from the shared store is used before it is read again. */
const SYNC_MS = 5_000;

/**
 * One fact as this process knows it: read from the store at most every few seconds (a store that
 * is away leaves what this process knows), written through at once.
 */
export class SharedFact {
  private value: string | null = null;
  private expires = 0;
  private syncedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly facts: ProviderFacts,
    private readonly name: ProviderFact,
  ) {}

  async read(): Promise<string | null> {
    const now = performance.now();
    if (now - this.syncedAt >= SYNC_MS) {
      this.syncedAt = now;
      try {
        const stored = await this.facts.get(this.name);
        if (stored !== null) {
          this.value = stored;
          this.expires = Date.now() + SYNC_MS;
        } else if (this.expires <= Date.now()) {
          this.value = null;
        }
      } catch {
        // The store is away: go on with what this process knows.
      }
    }
    return this.value !== null && this.expires > Date.now() ? this.value : null;
  }

  /** Known at once here, shared for `ttlMs`. */
  write(value: string, ttlMs: number): Promise<void> {
    this.value = value;
    this.expires = Date.now() + ttlMs;
    return this.facts.set(this.name, value, ttlMs).catch(() => undefined);
  }
}
