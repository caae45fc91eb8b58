export interface LruCacheOptions<V> {
  maxEntries: number;
  /** Bound on the summed weights (for example characters of JSON text); unbounded when absent. */
  maxWeight?: number;
  weigh?: (value: V) => number;
}

/** A small in-process least-recently-used map (Map keeps insertion order: the first key is the oldest). */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(private readonly options: LruCacheOptions<V>) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** A value heavier than the whole bound is not kept. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.options.weigh?.(value) ?? 0;
    if (this.options.maxWeight !== undefined && weight > this.options.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    for (const oldest of this.entries.keys()) {
      const over =
        this.entries.size > this.options.maxEntries ||
        (this.options.maxWeight !== undefined && this.totalWeight > this.options.maxWeight);
      if (!over) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }
}
