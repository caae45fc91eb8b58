import { Injectable, Logger } from '@nestjs/common';
import type { Network, RarityMethodName } from '@nexus/contract';
import { LruCache } from '../platform/common/index.js';
import { RarityCacheRepository, rarityResultKey, type CachedRarity } from './rarity-cache.repository.js';

/** Per API node: rankings are small next to a collection (about 60 characters per token). */
const MEMORY_ENTRIES = 64;
const MEMORY_CHARACTERS = 48 * 1024 * 1024;

/**
 * Results cache of POST /api/calculate-rarity: this process first, then Redis (shared by every node).
 * A key names network, contract, method and the fingerprint of the token set, so an entry is a pure
 * function of its key: another token set never reads it, and no entry goes stale.
 */
@Injectable()
export class RarityResultCache {
  private readonly logger = new Logger(RarityResultCache.name);
  private readonly memory = new LruCache<string, CachedRarity>({
    maxEntries: MEMORY_ENTRIES,
    maxWeight: MEMORY_CHARACTERS,
    weigh: (value) => value.nftsJson.length,
  });

  constructor(private readonly redis: RarityCacheRepository) {}

  key(network: Network, address: string, method: RarityMethodName, hash: string): string {
    return rarityResultKey(network, address, method, hash);
  }

  fromMemory(key: string): CachedRarity | undefined {
    return this.memory.get(key);
  }

  /** The shared entry (then kept in memory too), or null; a Redis failure reads as a miss. */
  async fromRedis(key: string): Promise<CachedRarity | null> {
    try {
      const cached = await this.redis.get(key);
      if (cached) this.memory.set(key, cached);
      return cached;
    } catch (error) {
      this.logger.warn(`rarity cache read failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /** Memory at once; Redis best effort (the answer is right without it). */
  async store(key: string, value: CachedRarity): Promise<void> {
    this.memory.set(key, value);
    try {
      await this.redis.set(key, value);
    } catch (error) {
      this.logger.warn(
        `rarity cache write failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
