import { Injectable } from '@nestjs/common';
import { CacheRepository } from '../platform/redis/index.js';

/** What the chain said about one address, and how long that answer is worth keeping. */
export type AddressQuestion = 'collections' | 'network' | 'ens-profile' | 'ens-name';

/**
 * Answers about an address that cost chain calls (where it is a collection, its network), cached
 * in Redis by address: a flood of lookups of one address reads Redis, not the nodes. Redis away or
 * slow: a miss, and a write that does not happen (SoftCache).
 */
@Injectable()
export class AddressAnswersRepository extends CacheRepository {
  protected readonly prefix = ['address'];

  private entry(question: AddressQuestion, address: string): string {
    return this.key(question, address.toLowerCase());
  }

  async get<T>(question: AddressQuestion, address: string): Promise<T | null> {
    const json = await this.soft.read(
      `address ${question}`,
      () => this.redis.get(this.entry(question, address)),
      null,
    );
    return json === null ? null : (JSON.parse(json) as T);
  }

  /** Answers of many addresses in one read (null where none is kept), in the order asked. */
  async getMany<T>(question: AddressQuestion, addresses: readonly string[]): Promise<Array<T | null>> {
    if (addresses.length === 0) return [];
    const misses = addresses.map(() => null);
    const json = await this.soft.read<Array<string | null>>(
      `address ${question}`,
      () => this.redis.mget(addresses.map((address) => this.entry(question, address))),
      misses,
    );
    return json.map((entry) => (entry === null ? null : (JSON.parse(entry) as T)));
  }

  async set(question: AddressQuestion, address: string, answer: unknown, ttlSeconds: number): Promise<void> {
    await this.soft.write(`address ${question}`, () =>
      this.redis.set(this.entry(question, address), JSON.stringify(answer), 'EX', ttlSeconds),
    );
  }
}
