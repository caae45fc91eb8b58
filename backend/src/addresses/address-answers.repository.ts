import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { deleteMatching, REDIS_CACHE, RedisConnections, SoftCache } from '../platform/redis/index.js';

/** What the chain said about one address, and how long that answer is worth keeping. */
export type AddressQuestion = 'collections' | 'network' | 'ens-profile';

/**
 * Answers about an address that cost chain calls (where it is a collection, its network), cached
 * in Redis by address: a flood of lookups of one address reads Redis, not the nodes. Redis away or
 * slow: a miss, and a write that does not happen (SoftCache).
 */
@Injectable()
export class AddressAnswersRepository {
  constructor(
    @Inject(REDIS_CACHE) private readonly redis: Redis,
    private readonly connections: RedisConnections,
    private readonly soft: SoftCache,
  ) {}

  private key(question: AddressQuestion, address: string): string {
    return this.connections.key('address', question, address.toLowerCase());
  }

  async get<T>(question: AddressQuestion, address: string): Promise<T | null> {
    const json = await this.soft.read(
      `address ${question}`,
      () => this.redis.get(this.key(question, address)),
      null,
    );
    return json === null ? null : (JSON.parse(json) as T);
  }

  async set(question: AddressQuestion, address: string, answer: unknown, ttlSeconds: number): Promise<void> {
    await this.soft.write(`address ${question}`, () =>
      this.redis.set(this.key(question, address), JSON.stringify(answer), 'EX', ttlSeconds),
    );
  }

  /** Forgets every answer; answers how many there were. */
  clear(): Promise<number> {
    return deleteMatching(this.redis, this.connections.key('address', '*'));
  }
}
