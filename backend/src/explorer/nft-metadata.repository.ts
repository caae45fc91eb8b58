import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Network, NftMetadataResponse } from '@nexus/contract';
import { CollectionEntity } from '../collections/index.js';
import { LruCache } from '../platform/common/index.js';
import { REDIS_CACHE, RedisConnections } from '../platform/redis/index.js';

/** How long a token's metadata answer is kept: a dialog opened again costs no chain call. */
const METADATA_ANSWER_TTL_S = 60;

/**
 * A stored collection (its NFTs: CollectionsRepository), the per-token refresh gate and the
 * metadata answers, in PostgreSQL and Redis. Redis away: the gate and the answers live in this
 * process for the while.
 */
@Injectable()
export class NftMetadataRepository {
  /** Per-token gate while Redis does not answer: token key → time it opens (ms). */
  private readonly localGate = new LruCache<string, number>({ maxEntries: 10_000 });

  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS_CACHE) private readonly redis: Redis,
    private readonly connections: RedisConnections,
  ) {}

  async collection(network: Network, address: string): Promise<CollectionEntity | null> {
    return this.em.fork().findOne(CollectionEntity, { network, address: address.toLowerCase() });
  }

  /**
   * Marks the collection changed: the readers that keep a collection in memory by its row's
   * updated_at (NFT explanations, trait summaries) read it again.
   */
  async touchCollection(collectionId: string): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(`update collection set updated_at = ? where id = ?`, [new Date(), collectionId]);
  }

  /**
   * Takes the token's refresh turn for `seconds`: 0 when taken, else the seconds until it is free.
   */
  async takeRefreshTurn(
    network: Network,
    address: string,
    tokenId: string,
    seconds: number,
  ): Promise<number> {
    const key = this.connections.key('nft-refresh', network, address, tokenId);
    try {
      const taken = await this.redis.set(key, '1', 'EX', seconds, 'NX');
      if (taken === 'OK') return 0;
      const ttl = await this.redis.ttl(key);
      return Math.max(1, ttl);
    } catch {
      const now = Date.now();
      const opensAt = this.localGate.get(key) ?? 0;
      if (opensAt > now) return Math.ceil((opensAt - now) / 1000);
      this.localGate.set(key, now + seconds * 1000);
      return 0;
    }
  }

  async cachedMetadata(
    network: Network,
    address: string,
    tokenId: string,
  ): Promise<NftMetadataResponse | null> {
    try {
      const raw = await this.redis.get(this.metadataKey(network, address, tokenId));
      return raw ? (JSON.parse(raw) as NftMetadataResponse) : null;
    } catch {
      return null;
    }
  }

  async cacheMetadata(answer: NftMetadataResponse): Promise<void> {
    try {
      await this.redis.set(
        this.metadataKey(answer.network, answer.address, answer.tokenId),
        JSON.stringify(answer),
        'EX',
        METADATA_ANSWER_TTL_S,
      );
    } catch {
      // A cache that cannot be written is a miss next time.
    }
  }

  async forgetMetadata(network: Network, address: string, tokenId: string): Promise<void> {
    try {
      await this.redis.del(this.metadataKey(network, address, tokenId));
    } catch {
      // Expires by itself within a minute.
    }
  }

  private metadataKey(network: Network, address: string, tokenId: string): string {
    return this.connections.key('nft-metadata', network, address, tokenId);
  }
}
