import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RedisRepository } from '../platform/redis/index.js';

/**
 * The HMAC key of voters' addresses when VOTE_IP_HASH_KEY is not configured: generated once and
 * kept in Redis, so every API node hashes an address alike, and kept out of PostgreSQL, so a copy
 * of the votes alone cannot be matched against the address space. Losing it only resets the caps.
 */
@Injectable()
export class VoteKeyRepository extends RedisRepository {
  async getOrCreate(): Promise<string> {
    const key = this.connections.key('secret', 'vote-ip-hash-key');
    // NX: the first node to start writes it; everyone reads the one that won.
    await this.redis.set(key, randomBytes(32).toString('base64url'), 'NX');
    const value = await this.redis.get(key);
    if (value === null) throw new Error('the vote address key vanished from Redis');
    return value;
  }
}
