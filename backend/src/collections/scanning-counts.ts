import { LruCache } from '../platform/common/index.js';

/**
 * A count that took longer than this is answered from its previous value while it is counted again
 * with the newer rows (a large collection's scan stores a chunk every few seconds; counting every
 * stored row again per request would hold each page up for seconds). Quicker counts are redone.
 */
const SLOW_COUNT_MS = 250;

interface Entry<T> {
  /** The stored rows counted (the collection's stored NFTs when the count began). */
  stored: number;
  value: Promise<T>;
  /** How long the count took, once it ended. */
  tookMs?: number;
  recounting?: Promise<T>;
}

/**
 * Counts of a collection whose first scan is still running, whose rows grow chunk by chunk: kept per
 * filter with the number of stored rows they counted; asked again with more rows, a quick count is
 * redone, a slow one answers its previous value while the newer count runs (once at a time).
 */
export class ScanningCounts<T> {
  private readonly entries: LruCache<string, Entry<T>>;

  constructor(maxEntries: number) {
    this.entries = new LruCache<string, Entry<T>>({ maxEntries });
  }

  get(key: string, stored: number, count: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && (entry.stored === stored || entry.tookMs === undefined)) return entry.value;
    if (entry && entry.tookMs !== undefined && entry.tookMs >= SLOW_COUNT_MS) {
      if (!entry.recounting) {
        entry.recounting = this.start(key, stored, count).value;
        entry.recounting.catch(() => {
          entry.recounting = undefined;
        });
      }
      return entry.value;
    }
    return this.start(key, stored, count).value;
  }

  /** A count of `stored` rows, kept in place of the previous one once it ends (never when it fails). */
  private start(key: string, stored: number, count: () => Promise<T>): Entry<T> {
    const began = Date.now();
    const next: Entry<T> = { stored, value: count() };
    const previous = this.entries.get(key);
    // The first count of a filter is kept at once (requests meanwhile wait for it); a recount replaces
    // the previous value only when it has ended.
    if (!previous?.value || previous.tookMs === undefined || previous.tookMs < SLOW_COUNT_MS)
      this.entries.set(key, next);
    next.value.then(
      () => {
        next.tookMs = Date.now() - began;
        const kept = this.entries.get(key);
        if (kept !== next && (!kept || kept.stored <= stored)) this.entries.set(key, next);
      },
      () => {
        if (this.entries.get(key) === next) this.entries.delete(key);
      },
    );
    return next;
  }
}
