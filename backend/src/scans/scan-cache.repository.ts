import { Injectable } from '@nestjs/common';
import type { ScanKind } from '@nexus/contract';
import {
  CacheRepository,
  readPayload,
  replacePayload,
  untilReady,
  writePayload,
} from '../platform/redis/index.js';
import { deflatePart, type DeflatedPart, LruCache } from '../platform/common/index.js';

/** TTLs in seconds (SPEC §9 and the scan-engine issue): complete versus partial results. */
export const SCAN_CACHE_TTL_S: Record<ScanKind, { complete: number; partial: number }> = {
  collection: { complete: 20 * 60, partial: 5 * 60 },
  wallet: { complete: 30 * 60, partial: 5 * 60 },
  rarity: { complete: 20 * 60, partial: 5 * 60 },
};

export interface CachedScanMeta {
  scanDuration: number;
  totalCollections: number;
  isComplete: boolean;
  /** With `isComplete: false`: why, in words a visitor can read (INCOMPLETE_REASONS' texts). */
  incompleteReason?: string;
  cachedAt: number;
}

/** A cached scan: metadata, and the NFT list kept as the JSON the API sends (bytes when read back). */
export interface CachedScan {
  meta: CachedScanMeta;
  nftsJson: string | Buffer;
  /** The same list compressed once, for clients that accept `Content-Encoding: deflate`. */
  deflated?: DeflatedPart;
}

/** Lists shorter than this are sent as they are: compressing them saves less than a packet. */
export const DEFLATE_MIN_BYTES = 1024;

/** What the Redis hash keeps beside the metadata to use the compressed list. */
interface StoredMeta extends CachedScanMeta {
  deflated?: { adler32: number; length: number };
}

function ttlOf(kind: ScanKind, meta: CachedScanMeta): number {
  return meta.isComplete ? SCAN_CACHE_TTL_S[kind].complete : SCAN_CACHE_TTL_S[kind].partial;
}

/** What Redis keeps of an answer: a list of 1 KiB or more also compressed, once, for every reader. */
async function stored(value: CachedScan): Promise<{ meta: StoredMeta; compressed?: Buffer }> {
  const deflated =
    value.deflated ??
    (Buffer.byteLength(value.nftsJson) >= DEFLATE_MIN_BYTES ? await deflatePart(value.nftsJson) : undefined);
  if (!deflated) return { meta: value.meta };
  return {
    meta: { ...value.meta, deflated: { adler32: deflated.adler32, length: deflated.length } },
    compressed: deflated.bytes,
  };
}

/** A scan's answer waits this long for a Redis that is (re)connecting before the write fails. */
const WRITE_WAITS_FOR_REDIS_MS = 5000;

/** How long a node serves a cached answer from its own memory before asking Redis again. */
const MEMO_TTL_MS = 5000;

/**
 * The Redis cache of scan results, shared by every API node, with a few seconds of in-process memory
 * in front for the hottest answers (past those seconds, a node asks Redis for the answer's metadata
 * only and keeps its copy while that is unchanged). A finished scan's outcome (published to every node) forgets the
 * local copy at once, so a node never serves a result older than the last scan it heard of.
 * Redis away or slow: reads are misses (the API answers from PostgreSQL), the API's fills are skipped;
 * a worker's `set` still fails, so a scan whose answer was not stored is not reported done.
 */
@Injectable()
export class ScanCacheRepository extends CacheRepository {
  protected readonly prefix = ['cache', 'scan'];
  private readonly memo = new LruCache<string, { value: CachedScan; expires: number; meta: string }>({
    maxEntries: 256,
    maxWeight: 64 * 1024 * 1024,
    weigh: (entry) => entry.value.nftsJson.length + (entry.value.deflated?.bytes.length ?? 0),
  });

  async get(scanKey: string): Promise<CachedScan | null> {
    const memo = this.memo.get(scanKey);
    if (memo && memo.expires > Date.now()) return memo.value;
    if (memo) {
      // Still the same answer in Redis when its metadata is (written with it, with the list's
      // checksum): a few bytes asked for instead of the megabytes of the list again.
      const meta = await this.soft.read('a scan', () => this.redis.hget(this.key(scanKey), 'meta'), null);
      if (meta !== null && meta === memo.meta && this.memo.get(scanKey) === memo) {
        memo.expires = Date.now() + MEMO_TTL_MS;
        return memo.value;
      }
    }
    const found = await this.soft.read(
      'a scan',
      () => readPayload<StoredMeta>(this.redis, this.key(scanKey)),
      null,
    );
    if (!found) {
      this.memo.delete(scanKey);
      return null;
    }
    const { deflated, ...meta } = found.meta;
    const value: CachedScan = { meta, nftsJson: found.payload };
    if (deflated && found.compressed) value.deflated = { ...deflated, bytes: found.compressed };
    this.memo.set(scanKey, { value, expires: Date.now() + MEMO_TTL_MS, meta: JSON.stringify(found.meta) });
    return value;
  }

  /**
   * Stores a scan's answer; a list of 1 KiB or more is also compressed here, once, for every reader.
   * Waits up to `waitForRedisMs` for a Redis that is (re)connecting.
   */
  async set(
    scanKey: string,
    kind: ScanKind,
    value: CachedScan,
    waitForRedisMs = WRITE_WAITS_FOR_REDIS_MS,
  ): Promise<void> {
    await untilReady(this.redis, waitForRedisMs);
    const { meta, compressed } = await stored(value);
    this.memo.delete(scanKey);
    await writePayload(
      this.redis,
      this.key(scanKey),
      meta,
      value.nftsJson,
      ttlOf(kind, value.meta),
      compressed,
    );
  }

  /**
   * Rewrites a cached answer's list with what `rebuild` makes of it (null: leave it), only while
   * that same answer is still cached: one cleared, expired or replaced by a newer scan meanwhile is
   * left as it is. Asks Redis itself, not through the soft reads: a read given up under load must not
   * pass for "nothing cached" and leave an outdated answer behind. Answers whether it rewrote.
   */
  async rewrite(
    scanKey: string,
    kind: ScanKind,
    rebuild: (meta: CachedScanMeta) => Promise<string | null>,
  ): Promise<boolean> {
    const key = this.key(scanKey);
    const found = await this.redis.hget(key, 'meta');
    if (found === null) return false;
    const { deflated: _previous, ...meta } = JSON.parse(found) as StoredMeta;
    const nftsJson = await rebuild(meta);
    if (nftsJson === null) return false;
    const value = await stored({ meta, nftsJson });
    this.memo.delete(scanKey);
    return replacePayload(this.redis, key, found, value.meta, nftsJson, ttlOf(kind, meta), value.compressed);
  }

  /** `set`, skipped (and logged) when Redis fails: for answers PostgreSQL can give again. */
  async fill(scanKey: string, kind: ScanKind, value: CachedScan): Promise<void> {
    // A visitor's answer never waits for Redis.
    await this.soft.write('a scan', () => this.set(scanKey, kind, value, 0));
  }

  /** Drops this node's copy (a scan finished somewhere: Redis has the new answer). */
  forget(scanKey: string): void {
    this.memo.delete(scanKey);
  }

  async delete(scanKey: string): Promise<void> {
    this.memo.delete(scanKey);
    await this.redis.del(this.key(scanKey));
  }

  /** Empties every cached scan of this deployment (durable data stays in PostgreSQL). */
  override async clear(): Promise<number> {
    this.memo.clear();
    return super.clear();
  }
}
