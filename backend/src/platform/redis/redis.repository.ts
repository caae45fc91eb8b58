import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RedisConnections, REDIS } from './redis.module.js';

/**
 * State of one kind in Redis on the main connection (not the cache's), its keys named with
 * `connections.key(...)` under this deployment's prefix.
 */
@Injectable()
export abstract class RedisRepository {
  constructor(
    @Inject(REDIS) protected readonly redis: Redis,
    protected readonly connections: RedisConnections,
  ) {}
}
