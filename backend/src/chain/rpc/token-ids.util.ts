import { withRoom } from '../../platform/typed-arrays/index.js';

const MAX_U64 = (1n << 64n) - 1n;

/**
 * Token ids held compactly: 8 bytes an id in a BigUint64Array while every id fits in 64 bits
 * (1,000,000 ids in 8 MB rather than a million heap bigints), a plain array of bigints from the
 * first id that does not (ids that are hashes).
 */
export class TokenIdList {
  private packed: BigUint64Array = new BigUint64Array(1_024);
  private wide: bigint[] | null = null;
  private count = 0;

  get length(): number {
    return this.wide ? this.wide.length : this.count;
  }

  push(id: bigint): void {
    if (this.wide) {
      this.wide.push(id);
      return;
    }
    if (id < 0n || id > MAX_U64) {
      this.wide = Array.from(this.packed.subarray(0, this.count));
      this.wide.push(id);
      return;
    }
    this.packed = withRoom(this.packed, this.count);
    this.packed[this.count++] = id;
  }

  /** Sorts ascending and drops repeated ids, in place. */
  sortUnique(): this {
    if (this.wide) {
      this.wide.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.wide = this.wide.filter((id, index, ids) => index === 0 || ids[index - 1] !== id);
      return this;
    }
    const ids = this.packed.subarray(0, this.count).sort();
    let kept = 0;
    for (let index = 0; index < ids.length; index++) {
      if (kept === 0 || ids[kept - 1] !== ids[index]) ids[kept++] = ids[index]!;
    }
    this.count = kept;
    this.packed = this.packed.slice(0, kept);
    return this;
  }

  /** Ids from `start` up to (not including) `end`. */
  slice(start: number, end: number): bigint[] {
    return this.wide
      ? this.wide.slice(start, end)
      : Array.from(this.packed.subarray(start, Math.min(end, this.count)));
  }

  /** Leaves out the ids `drop` holds. */
  without(drop: ReadonlySet<bigint>): this {
    if (drop.size === 0) return this;
    if (this.wide) {
      this.wide = this.wide.filter((id) => !drop.has(id));
      return this;
    }
    let kept = 0;
    for (let index = 0; index < this.count; index++) {
      const id = this.packed[index]!;
      if (!drop.has(id)) this.packed[kept++] = id;
    }
    this.count = kept;
    return this;
  }
}
