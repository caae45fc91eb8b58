import { LruCache } from '../platform/common/index.js';

/**
 * A count that took longer than this is answered from its previous value while it is counted again
 * with the newer rows (a large collection's scan stores a chunk every few seconds; counting every
 * stored row again per request would hold each page up for seconds). Quicker counts are redone.
 */
const SLOW_COUNT_MS = 250;

interface Entry<T> {
  /** What was counted: the collection's stored NFTs when the count began (or when it was asked). */
  version: number;
  value: Promise<T>;
  /** How long the count took, once it ended. */
  tookMs?: number;
  recounting?: Promise<T>;
}

/**
 * Counts of a collection whose first scan is still running, whose rows grow chunk by chunk: kept per
 * filter with the version of the rows they counted (the number of rows stored, or the time asked);
 * asked again about newer rows, a quick count is redone, a slow one answers its previous value while
 * the newer count runs (once at a time).
 */
export class ScanningCounts<T> {
  private readonly entries: LruCache<string, Entry<T>>;

  constructor(maxEntries: number) {
    this.entries = new LruCache<string, Entry<T>>({ maxEntries });
  }

  get(key: string, version: number, count: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && (entry.version === version || entry.tookMs === undefined)) return entry.value;
    if (entry && entry.tookMs !== undefined && entry.tookMs >= SLOW_COUNT_MS) {
      if (!entry.recounting) {
        entry.recounting = this.start(key, version, count).value;
        entry.recounting.catch(() => {
          entry.recounting = undefined;
        });
      }
      return entry.value;
    }
    return this.start(key, version, count).value;
  }

  /** A count of `version`'s rows, kept in place of the previous one once it ends (never when it fails). */
  private start(key: string, version: number, count: () => Promise<T>): Entry<T> {
    const began = Date.now();
    const next: Entry<T> = { version, value: count() };
    const previous = this.entries.get(key);
    // The first count of a filter is kept at once (requests meanwhile wait for it); a recount replaces
    // the previous value only when it has ended.
    if (!previous?.value || previous.tookMs === undefined || previous.tookMs < SLOW_COUNT_MS)
      this.entries.set(key, next);
    next.value.then(
      () => {
        next.tookMs = Date.now() - began;
        const kept = this.entries.get(key);
        if (kept !== next && (!kept || kept.version <= version)) this.entries.set(key, next);
      },
      () => {
        if (this.entries.get(key) === next) this.entries.delete(key);
      },
    );
    return next;
  }
}
