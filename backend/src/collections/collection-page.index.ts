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
 */
export class CollectionPageIndex {
  readonly size: number;
  readonly ranked: number;
  readonly tokenIds: string[];
  private readonly searchTexts: string[];
  private readonly tokenTexts: string[];
  /** Keys of NFT `i`: `keys[keyStart[i] .. keyStart[i + 1])`, each a value of one type, no repeats. */
  private readonly keyStart: Uint32Array;
  private readonly keys: Uint32Array;
  /** Key id -> its type id; key ids of one type are contiguous in no particular way. */
  private readonly keyType: Uint32Array;
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
    this.tokenIds = new Array<string>(n);
    this.searchTexts = new Array<string>(n);
    this.tokenTexts = new Array<string>(n);
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
      this.tokenIds[i] = row.token_id;
      // What ILIKE reads: the name, or for an NFT without one the name the gallery shows.
      this.searchTexts[i] = foldCase(row.name === '' ? `${collectionName} #${row.token_id}` : row.name);
      const tokenText = foldCase(row.token_id);
      this.tokenTexts[i] = tokenText === row.token_id ? row.token_id : tokenText;
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
  }

  /** Rough bytes held, for the bound on what an API process keeps. */
  get bytes(): number {
    let text = 0;
    for (let i = 0; i < this.size; i++)
      text += this.searchTexts[i]!.length + this.tokenIds[i]!.length * 2 + 96;
    return text * 2 + this.keys.byteLength + this.size * 40 + this.orders.size * this.size * 4;
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
    const { keys, keyStart, keyType } = this;
    // Up to 30 chosen types (the usual case), one bit each: per key, the bit of its type when chosen
    // and the same bit when the key is a chosen value.
    const masks = c <= 30;
    const typeBit = new Int32Array(this.keyNames.length);
    const valueBit = new Int32Array(this.keyNames.length);
    let missingMask = 0;
    const allMask = masks ? 2 ** c - 1 : 0;
    if (masks) {
      for (let key = 0; key < this.keyNames.length; key++) {
        const ct = chosenOf[keyType[key]!]!;
        if (ct < 0) continue;
        typeBit[key] = 1 << ct;
        if (selected[key]) valueBit[key] = 1 << ct;
      }
      for (let j = 0; j < c; j++) if (missing[j]) missingMask |= 1 << j;
    }
    if (!impossible) {
      for (let i = 0; i < n; i++) {
        if (search && !this.searchTexts[i]!.includes(search) && !this.tokenTexts[i]!.includes(search))
          continue;
        const from = keyStart[i]!;
        const to = keyStart[i + 1]!;
        let fails = 0;
        let failed = -1;
        if (c > 0 && masks) {
          let carriesMask = 0;
          let valueMask = 0;
          for (let k = from; k < to; k++) {
            const key = keys[k]!;
            carriesMask |= typeBit[key]!;
            valueMask |= valueBit[key]!;
          }
          // A chosen type keeps the NFT with one of its values, or by its absence when " missing" is chosen.
          const fail = allMask & ~(valueMask | (missingMask & ~carriesMask));
          if (fail !== 0) {
            if ((fail & (fail - 1)) !== 0) continue;
            fails = 1;
            failed = 31 - Math.clz32(fail);
          }
        } else if (c > 0) {
          hasValue.fill(0);
          carries.fill(0);
          for (let k = from; k < to; k++) {
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
          for (let k = from; k < to; k++) {
            const key = keys[k]!;
            keyCounts[key]!++;
            const type = keyType[key]!;
            if (stamp[type] !== i) {
              stamp[type] = i;
              carried[type]!++;
            }
          }
        } else if (fails === 1) {
          // Kept by all but one chosen type: counted for that type's values only.
          chosenTotals[failed]!++;
          const own = chosenTypes[failed]!;
          for (let k = from; k < to; k++) {
            const key = keys[k]!;
            const type = keyType[key]!;
            if (type !== own) continue;
            keyCounts[key]!++;
            if (stamp[type] !== i) {
              stamp[type] = i;
              carried[type]!++;
            }
          }
        }
      }
    }
    // The NFTs the whole filter keeps count for every chosen type too.
    for (let j = 0; j < c; j++) chosenTotals[j]! += total;
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

  /** Token ids of one page of the kept NFTs in an order. */
  page(kept: Uint8Array, order: PageOrder, offset: number, limit: number): string[] {
    const positions = this.order(order);
    const out: string[] = [];
    let skipped = 0;
    for (let k = 0; k < positions.length && out.length < limit; k++) {
      const i = positions[k]!;
      if (!kept[i]) continue;
      if (skipped < offset) skipped++;
      else out.push(this.tokenIds[i]!);
    }
    return out;
  }
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
