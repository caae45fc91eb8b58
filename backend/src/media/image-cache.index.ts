import type { Redis } from 'ioredis';

/**
 * What the image proxy's cache holds, by storage key: each entry's size and when it was last
 * served, so that the cache stays under a total size by dropping the least recently used entries.
 * Every API process shares one index (in Redis); a process without Redis keeps its own.
 */
export interface ImageCacheIndex {
  /**
   * Records an entry about to be stored (served `at`, epoch ms) and answers the keys to remove
   * from storage so that the total stays within `maxBytes`, least recently served first. The entry
   * itself is among them when it is the oldest (or larger than the whole budget): then it is not
   * stored at all.
   */
  add(key: string, size: number, at: number, maxBytes: number): Promise<string[]>;
  /** Marks an entry as just served; an entry not (or no longer) in the index stays out of it. */
  touch(key: string, at: number): Promise<void>;
  remove(key: string): Promise<void>;
  /** Bytes of all entries. */
  totalBytes(): Promise<number>;
  has(key: string): Promise<boolean>;
  /** Whether the entries already in storage were counted since this index began (see reconcile). */
  reconciled(): Promise<boolean>;
  markReconciled(): Promise<void>;
}

export const IMAGE_CACHE_INDEX = Symbol('IMAGE_CACHE_INDEX');

/** One atomic step: add (or resize) the entry, then pop the oldest until the total fits. */
const ADD_AND_EVICT = `
local lru, sizes, total = KEYS[1], KEYS[2], KEYS[3]
local key, size, at, max = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
local old = redis.call('HGET', sizes, key)
redis.call('INCRBY', total, size - tonumber(old or '0'))
redis.call('HSET', sizes, key, size)
redis.call('ZADD', lru, at, key)
local evicted = {}
local sum = tonumber(redis.call('GET', total))
while sum > max do
  local oldest = redis.call('ZRANGE', lru, 0, 0)[1]
  if not oldest then break end
  local freed = tonumber(redis.call('HGET', sizes, oldest) or '0')
  redis.call('ZREM', lru, oldest)
  redis.call('HDEL', sizes, oldest)
  sum = redis.call('DECRBY', total, freed)
  evicted[#evicted + 1] = oldest
end
return evicted
`;

const REMOVE = `
local freed = redis.call('HGET', KEYS[2], ARGV[1])
if freed then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('DECRBY', KEYS[3], freed)
end
return 0
`;

/** The index in Redis, shared by every API process of a deployment. */
export class RedisImageCacheIndex implements ImageCacheIndex {
  private readonly keys: [lru: string, sizes: string, total: string];
  private readonly reconciledKey: string;

  /** `key` prefixes a Redis key with the deployment's prefix. */
  constructor(
    private readonly redis: Redis,
    key: (...parts: string[]) => string,
  ) {
    this.keys = [key('image-cache', 'lru'), key('image-cache', 'sizes'), key('image-cache', 'bytes')];
    this.reconciledKey = key('image-cache', 'reconciled');
  }

  async add(key: string, size: number, at: number, maxBytes: number): Promise<string[]> {
    return (await this.redis.eval(ADD_AND_EVICT, 3, ...this.keys, key, size, at, maxBytes)) as string[];
  }

  async touch(key: string, at: number): Promise<void> {
    await this.redis.zadd(this.keys[0], 'XX', at, key);
  }

  async remove(key: string): Promise<void> {
    await this.redis.eval(REMOVE, 3, ...this.keys, key);
  }

  async totalBytes(): Promise<number> {
    return Number((await this.redis.get(this.keys[2])) ?? 0);
  }

  async has(key: string): Promise<boolean> {
    return (await this.redis.hexists(this.keys[1], key)) === 1;
  }

  async reconciled(): Promise<boolean> {
    // The index lives only as long as its entries: a Redis emptied since then counts them again.
    return (await this.redis.exists(this.reconciledKey)) === 1;
  }

  async markReconciled(): Promise<void> {
    await this.redis.set(this.reconciledKey, String(Date.now()));
  }
}

/** The index in this process's memory: for a media module run without Redis (tests, tools). */
export class MemoryImageCacheIndex implements ImageCacheIndex {
  private readonly entries = new Map<string, { size: number; at: number }>();
  private total = 0;
  private wasReconciled = false;

  add(key: string, size: number, at: number, maxBytes: number): Promise<string[]> {
    this.total += size - (this.entries.get(key)?.size ?? 0);
    this.entries.set(key, { size, at });
    const evicted: string[] = [];
    const oldestFirst = [...this.entries].sort((a, b) => a[1].at - b[1].at);
    for (const [oldest, entry] of oldestFirst) {
      if (this.total <= maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
      evicted.push(oldest);
    }
    return Promise.resolve(evicted);
  }

  touch(key: string, at: number): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) entry.at = at;
    return Promise.resolve();
  }

  remove(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.total -= entry.size;
    }
    return Promise.resolve();
  }

  totalBytes(): Promise<number> {
    return Promise.resolve(this.total);
  }

  has(key: string): Promise<boolean> {
    return Promise.resolve(this.entries.has(key));
  }

  reconciled(): Promise<boolean> {
    return Promise.resolve(this.wasReconciled);
  }

  markReconciled(): Promise<void> {
    this.wasReconciled = true;
    return Promise.resolve();
  }
}
