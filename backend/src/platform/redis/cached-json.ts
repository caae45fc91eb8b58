import type { Redis } from 'ioredis';
import { countMatching, deleteMatching } from './redis-json.js';

/**
 * An answer cached in Redis as the JSON text the API sends, for a fixed time: one entry under `key`,
 * or one per name under `key:<name>` (e.g. per query).
 */
export class CachedJson {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly ttlSeconds: number,
  ) {}

  private entry(name?: string): string {
    return name === undefined ? this.key : `${this.key}:${name}`;
  }

  get(name?: string): Promise<string | null> {
    return this.redis.get(this.entry(name));
  }

  async set(json: string, name?: string): Promise<void> {
    await this.redis.set(this.entry(name), json, 'EX', this.ttlSeconds);
  }

  /** Writes only where nothing is cached: a reader never replaces what a writer stored meanwhile. */
  async fill(json: string, name?: string): Promise<void> {
    await this.redis.set(this.entry(name), json, 'EX', this.ttlSeconds, 'NX');
  }

  /** Removes every entry; answers how many there were. */
  async clear(): Promise<number> {
    return (await this.redis.del(this.key)) + (await deleteMatching(this.redis, `${this.key}:*`));
  }

  /** How many entries there are: what `clear()` would remove. */
  async count(): Promise<number> {
    return (await this.redis.exists(this.key)) + (await countMatching(this.redis, `${this.key}:*`));
  }
}
