import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A pass holds its lock this long without renewing it (it renews after every window). */
export const PASS_LOCK_MS = 60_000;

/**
 * Runs `pass` under a Redis lock, one pass at a time per key whichever worker runs it; null when
 * another holds the key. `renew` keeps the lock for another PASS_LOCK_MS. Only our own lock is
 * released: one that expired and was taken by another worker stays.
 */
export async function underPassLock<T>(
  redis: Redis,
  key: string,
  pass: (renew: () => Promise<void>) => Promise<T>,
): Promise<T | null> {
  const token = randomUUID();
  if ((await redis.set(key, token, 'PX', PASS_LOCK_MS, 'NX')) !== 'OK') return null;
  try {
    return await pass(async () => {
      await redis.pexpire(key, PASS_LOCK_MS);
    });
  } finally {
    await redis.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`,
      1,
      key,
      token,
    );
  }
}
