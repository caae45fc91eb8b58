import { Injectable } from '@nestjs/common';
import { scanKey, type Network, type RarityMethodName } from '@nexus/contract';
import { CacheRepository, readPayload, untilReady, writePayload } from '../platform/redis/index.js';
import { SCAN_CACHE_TTL_S } from '../scans/index.js';

/** A ranking written by the rarity job waits this long for a Redis that is (re)connecting. */
const WRITE_WAITS_FOR_REDIS_MS = 5000;

/** A calculated ranking: SPEC §7's `nfts` list kept as the JSON text the API sends. */
export interface CachedRarity {
  nftsJson: string;
  method: RarityMethodName;
  tokenCount: number;
  /** Milliseconds the ranking took. */
  calculationTime: number;
}

/** Names network, contract, method and the fingerprint of the token set: an entry never goes stale. */
export function rarityResultKey(
  network: Network,
  address: string,
  method: RarityMethodName,
  hash: string,
): string {
  return `${scanKey('rarity', network, address)}:${method}:${hash}`;
}

type CachedRarityMeta = Omit<CachedRarity, 'nftsJson'>;

/**
 * Rankings in Redis, shared by every API node and worker, on the cache connection: a read that
 * Redis does not answer within CACHE_READ_TIMEOUT_MS, or a Redis away, is a miss (SoftCache).
 */
@Injectable()
export class RarityCacheRepository extends CacheRepository {
  protected readonly prefix = ['cache', 'rarity'];

  /** The cached ranking, or null: none, or Redis away or too slow. */
  async get(rarityKey: string): Promise<CachedRarity | null> {
    const found = await this.soft.read(
      'a ranking',
      () => readPayload<CachedRarityMeta>(this.redis, this.key(rarityKey)),
      null,
    );
    return found && { ...found.meta, nftsJson: found.payload.toString() };
  }

  async set(rarityKey: string, value: CachedRarity): Promise<void> {
    const { nftsJson, ...meta } = value;
    await untilReady(this.redis, WRITE_WAITS_FOR_REDIS_MS);
    await writePayload(this.redis, this.key(rarityKey), meta, nftsJson, SCAN_CACHE_TTL_S.rarity.complete);
  }
}
