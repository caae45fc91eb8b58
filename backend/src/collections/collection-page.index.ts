import {
  MISSING_VALUE_KEY,
  type CollectionSort,
  type SortOrder,
  type TraitTypeCounts,
} from '@nexus/contract';
import type { PageFilter, PageOrder } from './collection-page.repository.js';

/** Separates a trait type key from its value key (and labels) in `nft.trait_facets`. */
const SEP = '\u001f';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** One stored NFT as the index is built from it, in token id order (`CollectionPageRepository.indexRows`). */
export interface IndexRow {
  token_id: string;
  name: string;
  /**
   * `nft.trait_facets`: type keys and `type SEP value SEP Type label SEP Value label` entries, joined
   * by U+001E in `facets_text`, or as a list in `facets` when an entry holds U+001E.
   */
  facets_text: string | null;
  facets: string[] | null;
  rarity_rank: number | null;
  rarity_score: number | null;
  /** Position of the name in the `nexus_numeric` collation order (equal names, equal groups). */
  name_group: number;
}

/**
 * Lower case the way PostgreSQL's ILIKE compares under a libc UTF-8 locale: each code point to one,
 * its simple lower case (for 'İ', whose full lower case is 'i' and a combining dot, 'i').
 */
export function foldCase(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase();
  let out = '';
  for (const c of text) {
    const lower = c.toLowerCase();
    out += lower.length === c.length ? lower : String.fromCodePoint(lower.codePointAt(0)!);
  }
  return out;
}

/** Counts of one filter: what the answer's `total` and `traitTypes` are made of. */
export interface IndexedCounts {
  /** Positions (token id order) the whole filter keeps: 1 kept, 0 not. */
  kept: Uint8Array;
  total: number;
  traitTypes: TraitTypeCounts[];
}

/**
 * A collection's NFTs as the page route reads them, in memory: token positions in token id order,
 * each NFT's trait values as integer keys, the orders of every sort as position lists, and
 * lower-cased search texts. Filters, faceted counts and the page's positions come from here; the
 * rows of the page are read from PostgreSQL by token id. Built from one read of the collection (its
 * orders and normalised keys as PostgreSQL makes them) and replaced whenever the collection changes.
 * Over 400 lines for that reason: building, counting, ordering and paging all read the same private
 * typed arrays, which no other file should see.
 */
export class CollectionPageIndex {
  readonly size: number;
  readonly ranked: number;
  /**
   * Token ids in one string (NFT `i`'s from `idStart[i]` to `idStart[i + 1]`): two strings, not
   * millions, for the garbage collector to mark at each major collection.
   */
  private readonly idText: string;
  private readonly idStart: Uint32Array;
  /** Keys of NFT `i`: `keys[keyStart[i] .. keyStart[i + 1])`, each a value of one type, no repeats. */
  private readonly keyStart: Uint32Array;
  private readonly keys: Uint32Array;
  /** Key id -> its type id; key ids of one type are contiguous in no particular way. */
  private readonly keyType: Uint32Array;
  /** NFTs carrying key `k`: positions `postings[postingStart[k] .. postingStart[k + 1])`, ascending. */
  private readonly postingStart: Uint32Array;
  private readonly postings: Uint32Array;
  /** Per type: NFTs of the collection carrying it. */
  private readonly typeCarried: Uint32Array;
  /**
   * Per type, and per key of it: 1 when some NFT carries two values of the type or more. Other
   * types' carriers are the sum of their values' counts; only these need each NFT's types stamped.
   */
  private readonly typeMulti: Uint8Array;
  private readonly keyMulti: Uint8Array;
  /**
   * Every NFT's search texts in one string (`name NUL token NUL`, NFT `i` from `textStart[i]`): one
   * native scan finds a search's matches instead of a call per NFT.
   */
  private readonly haystack: string;
  private readonly textStart: Uint32Array;
  /**
   * Scratch of `counts` (synchronous, so one at a time), made once: megabytes of fresh buffers per
   * request at 1,000,000 NFTs would bring the garbage collector's full collections on often.
   */
  private scratch: { mask: Int32Array; list: Uint32Array } | null = null;
  private readonly keyNames: string[];
  private readonly keyLabels: string[];
  private readonly keyIds = new Map<string, number>();
  private readonly typeNames: string[];
  private readonly typeLabels: string[];
  private readonly typeIds = new Map<string, number>();
  /** Key ids of each type. */
  private readonly typeKeys: number[][];
  private readonly rank: Float64Array;
  private readonly score: Float64Array;
  private readonly nameGroup: Uint32Array;
  private readonly orders = new Map<string, Uint32Array>();

  constructor(rows: IndexRow[], collectionName: string) {
    const n = rows.length;
    this.size = n;
    const ids = new Array<string>(n);
    const texts = new Array<string>(n);
    this.idStart = new Uint32Array(n + 1);
    this.textStart = new Uint32Array(n + 1);
    this.keyStart = new Uint32Array(n + 1);
    this.rank = new Float64Array(n);
    this.score = new Float64Array(n);
    this.nameGroup = new Uint32Array(n);
    const keys: number[] = [];
    const keyType: number[] = [];
    this.keyNames = [];
    this.keyLabels = [];
    this.typeNames = [];
    this.typeLabels = [];
    this.typeKeys = [];
    let ranked = 0;
    const seen = new Set<number>();
    /** Facet text -> key id, or -1 for a type key alone (most facets repeat: parsed once each). */
    const facetIds = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const row = rows[i]!;
      ids[i] = row.token_id;
      this.idStart[i + 1] = this.idStart[i]! + row.token_id.length;
      // What ILIKE reads: the name, or for an NFT without one the name the gallery shows; the token id.
      const name = foldCase(row.name === '' ? `${collectionName} #${row.token_id}` : row.name);
      texts[i] = `${name}\u0000${foldCase(row.token_id)}\u0000`;
      this.textStart[i + 1] = this.textStart[i]! + texts[i]!.length;
      this.rank[i] = row.rarity_rank ?? Number.NaN;
      this.score[i] = row.rarity_score ?? Number.NaN;
      if (row.rarity_rank !== null) ranked++;
      this.nameGroup[i] = row.name_group;
      this.keyStart[i] = keys.length;
      seen.clear();
      const facets = row.facets ?? (row.facets_text ? row.facets_text.split('\u001e') : []);
      for (const facet of facets) {
        const known = facetIds.get(facet);
        if (known !== undefined) {
          if (known >= 0 && !seen.has(known)) {
            seen.add(known);
            keys.push(known);
          }
          continue;
        }
        const parts = facet.split(SEP);
        if (parts.length < 4) {
          // A type key alone: carried types are counted from the values.
          facetIds.set(facet, -1);
          continue;
        }
        const [typeKey = '', valueKey = '', typeLabel = '', valueLabel = ''] = parts;
        const name = `${typeKey}${SEP}${valueKey}`;
        let id = this.keyIds.get(name);
        if (id === undefined) {
          let type = this.typeIds.get(typeKey);
          if (type === undefined) {
            type = this.typeNames.length;
            this.typeIds.set(typeKey, type);
            this.typeNames.push(typeKey);
            this.typeLabels.push(typeLabel);
            this.typeKeys.push([]);
          }
          id = this.keyNames.length;
          this.keyIds.set(name, id);
          this.keyNames.push(valueKey);
          this.keyLabels.push(valueLabel);
          keyType.push(type);
          this.typeKeys[type]!.push(id);
        } else if (valueLabel < this.keyLabels[id]!) this.keyLabels[id] = valueLabel;
        // Spellings that normalise alike: the first label in code unit order stands for them all.
        const type = keyType[id]!;
        if (typeLabel < this.typeLabels[type]!) this.typeLabels[type] = typeLabel;
        facetIds.set(facet, id);
        // Spellings that normalise alike are one value.
        if (seen.has(id)) continue;
        seen.add(id);
        keys.push(id);
      }
    }
    this.keyStart[n] = keys.length;
    this.keys = Uint32Array.from(keys);
    this.keyType = Uint32Array.from(keyType);
    this.ranked = ranked;
    // The transpose: each key's NFTs (filters read the chosen values' NFTs, not every NFT).
    const keyCount = this.keyNames.length;
    this.postingStart = new Uint32Array(keyCount + 1);
    for (const key of this.keys) this.postingStart[key + 1]!++;
    for (let k = 0; k < keyCount; k++) this.postingStart[k + 1]! += this.postingStart[k]!;
    this.postings = new Uint32Array(this.keys.length);
    const fill = this.postingStart.slice(0, keyCount);
    this.idText = ids.join('');
    this.haystack = texts.join('');
    this.typeCarried = new Uint32Array(this.typeNames.length);
    this.typeMulti = new Uint8Array(this.typeNames.length);
    const stamp = new Int32Array(this.typeNames.length).fill(-1);
    for (let i = 0; i < n; i++) {
      for (let k = this.keyStart[i]!; k < this.keyStart[i + 1]!; k++) {
        const key = this.keys[k]!;
        this.postings[fill[key]!++] = i;
        const type = this.keyType[key]!;
        if (stamp[type] !== i) {
          stamp[type] = i;
          this.typeCarried[type]!++;
        } else this.typeMulti[type] = 1;
      }
    }
    this.keyMulti = new Uint8Array(keyCount);
    for (let key = 0; key < keyCount; key++) this.keyMulti[key] = this.typeMulti[this.keyType[key]!]!;
  }

  /** Positions of the NFTs whose name or token id holds `search` (folded), ascending. */
  private searchMatches(search: string, out: Uint32Array): Uint32Array {
    const n = this.size;
    let found = 0;
    // No stored text holds a NUL (PostgreSQL's text cannot).
    if (search.includes('\u0000')) return out.subarray(0, 0);
    const { haystack: text, textStart } = this;
    // A match lies within one NFT's text (the search holds no NUL); the next search starts at the next NFT.
    let lo = 0;
    for (let at = text.indexOf(search); at >= 0;) {
      // The NFT holding `at`: matches ascend, so gallop from the last one, then halve.
      let step = 1;
      while (lo + step < n && textStart[lo + step + 1]! <= at) step *= 2;
      let hi = Math.min(lo + step, n);
      lo += step >>> 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (textStart[mid + 1]! <= at) lo = mid + 1;
        else hi = mid;
      }
      out[found++] = lo;
      at = text.indexOf(search, textStart[lo + 1]!);
    }
    return out.subarray(0, found);
  }

  /** Rough bytes held, for the bound on what an API process keeps. */
  get bytes(): number {
    return (
      (this.haystack.length + this.idText.length) * 2 +
      this.keys.byteLength * 2 +
      this.size * 44 +
      this.orders.size * this.size * 4
    );
  }

  /** Positions of every NFT in a sort and order (ties by token id), made once. */
  order({ sort, order }: PageOrder): Uint32Array {
    const name = `${sort}:${order}`;
    let positions = this.orders.get(name);
    if (!positions) {
      positions = this.makeOrder(sort, order);
      this.orders.set(name, positions);
    }
    return positions;
  }

  private makeOrder(sort: CollectionSort, order: SortOrder): Uint32Array {
    const n = this.size;
    const positions = new Uint32Array(n);
    if (sort === 'tokenId') {
      for (let i = 0; i < n; i++) positions[i] = order === 'asc' ? i : n - 1 - i;
      return positions;
    }
    // Integer groups (rank, score or name position), packed with the position so a numeric sort of
    // (group, position) pairs gives the order, ties by token id; NFTs without a group come last.
    let groups: Float64Array;
    if (sort === 'name') groups = Float64Array.from(this.nameGroup);
    else if (sort === 'rarity-rank') groups = this.rank;
    else {
      const distinct = Float64Array.from(this.score.filter((s) => !Number.isNaN(s))).sort();
      groups = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const s = this.score[i]!;
        groups[i] = Number.isNaN(s) ? Number.NaN : lowerBound(distinct, s);
      }
    }
    let min = Infinity;
    let max = -Infinity;
    for (const g of groups) {
      if (Number.isNaN(g)) continue;
      if (g < min) min = g;
      if (g > max) max = g;
    }
    const scale = 2 ** Math.ceil(Math.log2(n + 1));
    const packed = new Float64Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const g = groups[i]!;
      if (Number.isNaN(g)) continue;
      packed[count++] = (order === 'asc' ? g - min : max - g) * scale + i;
    }
    const sorted = packed.subarray(0, count).sort();
    for (let k = 0; k < count; k++) positions[k] = sorted[k]! % scale;
    for (let i = 0; i < n; i++) if (Number.isNaN(groups[i]!)) positions[count++] = i;
    return positions;
  }

  /**
   * What a filter keeps, and the faceted counts: values of a chosen type among the NFTs the other
   * choices (and the search) keep, the other types among the NFTs the whole filter keeps.
   */
  counts(filter: PageFilter): IndexedCounts {
    const n = this.size;
    const search = foldCase(filter.search.trim());
    const chosenTypes: number[] = [];
    const missing: boolean[] = [];
    /** Type id -> its index among the chosen types, or -1. */
    const chosenOf = new Int32Array(this.typeNames.length).fill(-1);
    const selected = new Uint8Array(this.keyNames.length);
    let impossible = false;
    for (const [typeKey, values] of Object.entries(filter.traits)) {
      if (values.length === 0) continue;
      const type = this.typeIds.get(typeKey);
      const wantsMissing = values.includes(MISSING_VALUE_KEY);
      for (const value of values) {
        const id = this.keyIds.get(`${typeKey}${SEP}${value}`);
        if (id !== undefined) selected[id] = 1;
      }
      if (type === undefined) {
        // A type no NFT carries: every NFT lacks it, so only " missing" keeps anything.
        if (!wantsMissing) impossible = true;
        continue;
      }
      chosenOf[type] = chosenTypes.length;
      chosenTypes.push(type);
      missing.push(wantsMissing);
    }
    const c = chosenTypes.length;
    const hasValue = new Uint8Array(c);
    const carries = new Uint8Array(c);
    const kept = new Uint8Array(n);
    /** Per key: NFTs carrying it in the set its type is counted over. */
    const keyCounts = new Uint32Array(this.keyNames.length);
    /** Per type: NFTs carrying the type in the set it is counted over. */
    const carried = new Uint32Array(this.typeNames.length);
    const stamp = new Int32Array(this.typeNames.length).fill(-1);
    const chosenTotals = new Uint32Array(c);
    let total = 0;
    const { keys, keyStart, keyType, postings, postingStart } = this;
    // Up to 30 chosen types (the usual case), one bit each: per NFT, the bits of the chosen types
    // it satisfies, set from the postings of the chosen values (and of the other values of a type
    // whose absence is chosen), so an NFT failing two types or more is passed over unread.
    const masks = c <= 30;
    const allMask = masks ? 2 ** c - 1 : 0;
    this.scratch ??= { mask: new Int32Array(n), list: new Uint32Array(n) };
    const satisfied = masks && c > 0 ? this.scratch.mask.fill(0) : null;
    if (satisfied) {
      for (let j = 0; j < c; j++) {
        const bit = 1 << j;
        const typeKeys = this.typeKeys[chosenTypes[j]!]!;
        if (missing[j]) {
          // Absence keeps an NFT: every NFT but those carrying an unchosen value of the type.
          for (let i = 0; i < n; i++) satisfied[i]! |= bit;
          for (const key of typeKeys) {
            if (selected[key]) continue;
            for (let p = postingStart[key]!; p < postingStart[key + 1]!; p++)
              satisfied[postings[p]!]! &= ~bit;
          }
        }
        for (const key of typeKeys) {
          if (!selected[key]) continue;
          for (let p = postingStart[key]!; p < postingStart[key + 1]!; p++) satisfied[postings[p]!]! |= bit;
        }
      }
    }
    // An owner's tokens: only those are read (and counted), the search's matches among them.
    const owned = filter.owned ? this.positionsOf(filter.owned) : null;
    if (impossible) {
      // Nothing is kept and nothing counted.
    } else if (!search && !owned && (c === 0 || satisfied)) {
      total = this.countWhole(
        satisfied,
        allMask,
        chosenTypes,
        chosenOf,
        kept,
        keyCounts,
        carried,
        chosenTotals,
      );
    } else {
      // The NFTs worth reading: a search's matches, an owner's tokens among them; else every NFT.
      let candidates: Uint32Array | null = search ? this.searchMatches(search, this.scratch.list) : null;
      if (owned) candidates = candidates ? intersect(candidates, owned, n) : owned;
      const count = candidates ? candidates.length : n;
      for (let at = 0; at < count; at++) {
        const i = candidates ? candidates[at]! : at;
        let fails = 0;
        let failed = -1;
        if (satisfied) {
          // A chosen type keeps the NFT with one of its values, or by its absence when " missing" is chosen.
          const fail = allMask & ~satisfied[i]!;
          if (fail !== 0) {
            if ((fail & (fail - 1)) !== 0) continue;
            fails = 1;
            failed = 31 - Math.clz32(fail);
          }
        } else if (c > 0) {
          hasValue.fill(0);
          carries.fill(0);
          for (let k = keyStart[i]!; k < keyStart[i + 1]!; k++) {
            const key = keys[k]!;
            const ct = chosenOf[keyType[key]!]!;
            if (ct < 0) continue;
            carries[ct] = 1;
            if (selected[key]) hasValue[ct] = 1;
          }
          for (let j = 0; j < c; j++) {
            if (hasValue[j] || (missing[j] && !carries[j])) continue;
            fails++;
            failed = j;
            if (fails > 1) break;
          }
        }
        if (fails === 0) {
          kept[i] = 1;
          total++;
          this.tally(i, keyCounts, carried, stamp);
        } else if (fails === 1) {
          // Kept by all but one chosen type: counted for that type's values only.
          chosenTotals[failed]!++;
          this.tallyType(i, chosenTypes[failed]!, keyCounts, carried, stamp);
        }
      }
    }
    // The NFTs the whole filter keeps count for every chosen type too.
    for (let j = 0; j < c; j++) chosenTotals[j]! += total;
    // A type no NFT carries twice: its carriers are its values' counts.
    for (let type = 0; type < carried.length; type++) {
      if (this.typeMulti[type]) continue;
      let sum = 0;
      for (const key of this.typeKeys[type]!) sum += keyCounts[key]!;
      carried[type] = sum;
    }
    const traitTypes: TraitTypeCounts[] = this.typeNames.map((typeKey, type) => {
      const ct = chosenOf[type]!;
      const setTotal = ct >= 0 ? chosenTotals[ct]! : total;
      return {
        traitType: this.typeLabels[type]!,
        key: typeKey,
        values: this.typeKeys[type]!.map((id) => ({
          value: this.keyLabels[id]!,
          key: this.keyNames[id]!,
          count: keyCounts[id]!,
        })).sort((a, b) => b.count - a.count || collator.compare(a.value, b.value)),
        missing: setTotal - carried[type]!,
      };
    });
    traitTypes.sort((a, b) => collator.compare(a.traitType, b.traitType));
    return { kept, total, traitTypes };
  }

  /**
   * The counts of a filter without a search or an owner, from one pass over every NFT's chosen-type
   * bits. The other types count over the NFTs kept: their keys are read, or when those are most of
   * the collection the keys of the others, taken from the whole collection's counts (the postings).
   * A chosen type's values count over the NFTs failing no other chosen type: its postings are read
   * (one bit test each), or with one chosen type they are its counts.
   */
  private countWhole(
    satisfied: Int32Array | null,
    allMask: number,
    chosenTypes: number[],
    chosenOf: Int32Array,
    kept: Uint8Array,
    keyCounts: Uint32Array,
    carried: Uint32Array,
    chosenTotals: Uint32Array,
  ): number {
    const n = this.size;
    const { postings, postingStart } = this;
    if (!satisfied) {
      // No choice: the whole collection, whose counts are its postings.
      kept.fill(1);
      for (let key = 0; key < keyCounts.length; key++)
        keyCounts[key] = postingStart[key + 1]! - postingStart[key]!;
      carried.set(this.typeCarried);
      return n;
    }
    let total = 0;
    for (let i = 0; i < n; i++) {
      const fail = allMask & ~satisfied[i]!;
      if (fail === 0) {
        kept[i] = 1;
        total++;
      } else if ((fail & (fail - 1)) === 0) chosenTotals[31 - Math.clz32(fail)]!++;
    }
    const stamp = new Int32Array(this.typeNames.length).fill(-1);
    const countable = new Uint8Array(keyCounts.length);
    for (let key = 0; key < countable.length; key++)
      countable[key] = chosenOf[this.keyType[key]!]! < 0 ? 1 : 0;
    if (total <= n - total) {
      for (let i = 0; i < n; i++) if (kept[i]) this.tallyOthers(i, countable, keyCounts, carried, stamp);
    } else {
      for (let i = 0; i < n; i++) if (!kept[i]) this.tallyOthers(i, countable, keyCounts, carried, stamp);
      for (let key = 0; key < keyCounts.length; key++)
        if (chosenOf[this.keyType[key]!]! < 0)
          keyCounts[key] = postingStart[key + 1]! - postingStart[key]! - keyCounts[key]!;
      for (let type = 0; type < carried.length; type++)
        if (chosenOf[type]! < 0) carried[type] = this.typeCarried[type]! - carried[type]!;
    }
    if (chosenTypes.length === 1) {
      this.wholeType(chosenTypes[0]!, keyCounts, carried);
      return total;
    }
    // Bit 30 (chosen types use bits 0-29) marks an NFT already counted as carrying the type.
    const counted = 1 << 30;
    for (let j = 0; j < chosenTypes.length; j++) {
      const type = chosenTypes[j]!;
      const others = allMask & ~(1 << j);
      const multi = this.typeMulti[type] === 1;
      let carriers = 0;
      for (const key of this.typeKeys[type]!) {
        let count = 0;
        for (let p = postingStart[key]!; p < postingStart[key + 1]!; p++) {
          const i = postings[p]!;
          const bits = satisfied[i]!;
          if ((others & ~bits) !== 0) continue;
          count++;
          if (!multi) continue;
          if ((bits & counted) === 0) {
            satisfied[i] = bits | counted;
            carriers++;
          }
        }
        keyCounts[key] = count;
        if (!multi) carriers += count;
      }
      carried[type] = carriers;
      if (multi)
        for (const key of this.typeKeys[type]!)
          for (let p = postingStart[key]!; p < postingStart[key + 1]!; p++)
            satisfied[postings[p]!]! &= ~counted;
    }
    return total;
  }

  /** Counts NFT `i` for the values of the types not chosen (`countable` keys). */
  private tallyOthers(
    i: number,
    countable: Uint8Array,
    keyCounts: Uint32Array,
    carried: Uint32Array,
    stamp: Int32Array,
  ): void {
    const { keys, keyMulti } = this;
    for (let k = this.keyStart[i]!, end = this.keyStart[i + 1]!; k < end; k++) {
      const key = keys[k]!;
      if (countable[key] === 0) continue;
      keyCounts[key]!++;
      if (keyMulti[key]) this.stampCarrier(i, key, carried, stamp);
    }
  }

  /** Counts NFT `i` for the values of every type. */
  private tally(i: number, keyCounts: Uint32Array, carried: Uint32Array, stamp: Int32Array): void {
    const { keys, keyMulti } = this;
    for (let k = this.keyStart[i]!, end = this.keyStart[i + 1]!; k < end; k++) {
      const key = keys[k]!;
      keyCounts[key]!++;
      if (keyMulti[key]) this.stampCarrier(i, key, carried, stamp);
    }
  }

  /** Counts NFT `i` for the values of `type` alone. */
  private tallyType(
    i: number,
    type: number,
    keyCounts: Uint32Array,
    carried: Uint32Array,
    stamp: Int32Array,
  ): void {
    const { keys, keyType, keyMulti } = this;
    for (let k = this.keyStart[i]!, end = this.keyStart[i + 1]!; k < end; k++) {
      const key = keys[k]!;
      if (keyType[key] !== type) continue;
      keyCounts[key]!++;
      if (keyMulti[key]) this.stampCarrier(i, key, carried, stamp);
    }
  }

  /** Counts NFT `i` as a carrier of `key`'s type (a type some NFTs carry twice), once. */
  private stampCarrier(i: number, key: number, carried: Uint32Array, stamp: Int32Array): void {
    const type = this.keyType[key]!;
    if (stamp[type] === i) return;
    stamp[type] = i;
    carried[type]!++;
  }

  /** The values of `type` counted over the whole collection (its postings). */
  private wholeType(type: number, keyCounts: Uint32Array, carried: Uint32Array): void {
    for (const key of this.typeKeys[type]!)
      keyCounts[key] = this.postingStart[key + 1]! - this.postingStart[key]!;
    carried[type] = this.typeCarried[type]!;
  }

  /** Positions of the token ids the collection has (token id order: shorter first, then bytewise). */
  private positionsOf(tokenIds: readonly string[]): Uint32Array {
    const found: number[] = [];
    const idAt = (i: number) => this.idText.slice(this.idStart[i]!, this.idStart[i + 1]!);
    for (const id of tokenIds) {
      let lo = 0;
      let hi = this.size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const other = idAt(mid);
        if (other.length < id.length || (other.length === id.length && other < id)) lo = mid + 1;
        else hi = mid;
      }
      if (lo < this.size && idAt(lo) === id) found.push(lo);
    }
    return Uint32Array.from(found).sort();
  }

  /** Token ids of one page of the kept NFTs in an order. */
  page(kept: Uint8Array, order: PageOrder, offset: number, limit: number): string[] {
    const positions = this.order(order);
    const out: string[] = [];
    let skipped = 0;
    for (let k = 0; k < positions.length && out.length < limit; k++) {
      const i = positions[k]!;
      if (!kept[i]) continue;
      if (skipped < offset) skipped++;
      else out.push(this.idText.slice(this.idStart[i]!, this.idStart[i + 1]!));
    }
    return out;
  }
}

/** The positions of `a` also in `b` (positions below `n`). */
function intersect(a: Uint32Array, b: Uint32Array, n: number): Uint32Array {
  const inB = new Uint8Array(n);
  for (const i of b) inB[i] = 1;
  return a.filter((i) => inB[i] === 1);
}

/** Index of the first element not below `value` in a sorted array. */
function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
