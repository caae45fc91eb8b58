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

/** Replaces the hash at KEYS[1] only while its `meta` is still ARGV[1]; answers 1 when it did. */
const REPLACE_IF_META = `
if redis.call('HGET', KEYS[1], 'meta') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
if ARGV[5] then
  redis.call('HSET', KEYS[1], 'meta', ARGV[2], 'payload', ARGV[3], 'compressed', ARGV[5])
else
  redis.call('HSET', KEYS[1], 'meta', ARGV[2], 'payload', ARGV[3])
end
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

/**
 * `writePayload`, done only while the answer under `key` is still the one whose metadata was read
 * as `expectedMeta` (its JSON text): one deleted, expired or rewritten meanwhile stays as it is.
 * Answers whether it wrote.
 */
export async function replacePayload(
  redis: Redis,
  key: string,
  expectedMeta: string,
  meta: object,
  payload: string | Buffer,
  ttlSeconds: number,
  compressed?: Buffer,
): Promise<boolean> {
  const args: Array<string | Buffer | number> = [expectedMeta, JSON.stringify(meta), payload, ttlSeconds];
  if (compressed) args.push(compressed);
  return Number(await redis.eval(REPLACE_IF_META, 1, key, ...args)) === 1;
}

/** Deletes every key matching a pattern (SCAN, never KEYS); answers how many were removed. */
export function deleteMatching(redis: Redis, pattern: string): Promise<number> {
  return eachMatching(redis, pattern, async (keys) => (keys.length > 0 ? redis.del(...keys) : 0));
}

/** Counts the keys matching a pattern (SCAN, never KEYS). */
export function countMatching(redis: Redis, pattern: string): Promise<number> {
  return eachMatching(redis, pattern, async (keys) => keys.length);
}

/** Hands each SCAN batch of the keys matching `pattern` to `step`; answers the sum of its answers. */
async function eachMatching(
  redis: Redis,
  pattern: string,
  step: (keys: string[]) => Promise<number>,
): Promise<number> {
  let total = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    total += await step(keys);
  } while (cursor !== '0');
  return total;
}
