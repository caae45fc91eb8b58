import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './test-env.js';
import { deleteMatching } from '../../backend/src/platform/redis/redis-json.js';

/** Removes every key a test wrote under its own prefix (after its app closed: counters flush on close). */
export async function clearPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    await deleteMatching(redis, `${prefix}:*`);
  } finally {
    await redis.quit();
  }
}
