import { Inject, Injectable } from '@nestjs/common';
import { scanKey, type Network, type RarityMethodName } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { REDIS, RedisConnections } from '../redis/redis.module.js';
import { deleteMatching, readPayload, writePayload } from '../redis/redis-json.js';
import { SCAN_CACHE_TTL_S } from '../scans/index.js';

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

/** Rankings in Redis, shared by every API node and worker. */
@Injectable()
export class RarityCacheRepository {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
  ) {}

  private key(rarityKey: string): string {
    return this.connections.key('cache', 'rarity', rarityKey);
  }

  async get(rarityKey: string): Promise<CachedRarity | null> {
    const found = await readPayload<CachedRarityMeta>(this.redis, this.key(rarityKey));
    return found && { ...found.meta, nftsJson: found.payload.toString() };
  }

  async set(rarityKey: string, value: CachedRarity): Promise<void> {
    const { nftsJson, ...meta } = value;
    await writePayload(this.redis, this.key(rarityKey), meta, nftsJson, SCAN_CACHE_TTL_S.rarity.complete);
  }

  /** Empties every cached ranking of this deployment (stored ranks stay in PostgreSQL). */
  async clear(): Promise<number> {
    return deleteMatching(this.redis, this.key('*'));
  }
}
