import type { Redis } from 'ioredis';

/**
 * A cached answer kept as a hash: small metadata as JSON, and the large payload as the JSON text the
 * API sends (so it is never parsed and serialised again on the way out), with optionally the same
 * payload compressed once.
 */
export async function readPayload<M>(
  redis: Redis,
  key: string,
): Promise<{ meta: M; payload: Buffer; compressed: Buffer | null } | null> {
  const [meta, payload, compressed] = await redis.hmgetBuffer(key, 'meta', 'payload', 'compressed');
  if (!meta || !payload) return null;
  return { meta: JSON.parse(meta.toString()) as M, payload, compressed };
}

export async function writePayload(
  redis: Redis,
  key: string,
  meta: object,
  payload: string | Buffer,
  ttlSeconds: number,
  compressed?: Buffer,
): Promise<void> {
  const fields: Array<string | Buffer> = ['meta', JSON.stringify(meta), 'payload', payload];
  if (compressed) fields.push('compressed', compressed);
  await redis
    .multi()
    .del(key)
    .hset(key, ...fields)
    .expire(key, ttlSeconds)
    .exec();
}

/** Deletes every key matching a pattern (SCAN, never KEYS); answers how many were removed. */
export async function deleteMatching(redis: Redis, pattern: string): Promise<number> {
  let removed = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) removed += await redis.del(...keys);
  } while (cursor !== '0');
  return removed;
}
