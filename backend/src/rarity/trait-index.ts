import type { NftAttribute } from '@nexus/contract';
import { withRoom } from '../platform/typed-arrays/index.js';
import { TRAIT_COUNT_TRAIT, type RarityToken } from './rarity.types.js';

/** Flags of an interned (trait type, value) pair. */
export const PairFlag = {
  /** The implicit value of tokens lacking the trait type. */
  Missing: 1,
  /** A value of the trait count trait. */
  TraitCount: 2,
  /** Normalised value is "none". */
  None: 4,
  /** Normalised value is "none" or empty: left out of the trait count. */
  Blank: 8,
} as const;

/** OpenSea display types OpenRarity 0.7.5 files as numeric or date attributes. */
const UNSCORED_DISPLAY_TYPES: ReadonlySet<string> = new Set([
  'number',
  'boost_number',
  'boost_percentage',
  'date',
]);

export function isUnscoredAttribute(attribute: NftAttribute): boolean {
  const displayType = attribute.display_type;
  return typeof displayType === 'string' && UNSCORED_DISPLAY_TYPES.has(displayType.trim().toLowerCase());
}

/** OpenRarity's normalisation of trait names and string values. */
export function normalizeTraitString(raw: string): string {
  return raw.trim().toLowerCase();
}

function rawString(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A collection's string traits interned into integer pairs. Every token has exactly one pair per
 * trait type (its value, or the trait type's Missing pair) plus one trait count pair, stored in
 * `slots[token * typeCount + type]`; the trait count is the last type.
 */
export class TraitIndex {
  /** Made by `TraitIndex.build` or a `TraitIndexBuilder`. */
  constructor(
    /** The tokens as given, or (built from batches) their ids and only their numeric and date traits. */
    readonly tokens: readonly RarityToken[],
    /** Number of trait types, the trait count included. */
    readonly typeCount: number,
    readonly typeKeys: readonly string[],
    readonly typeLabels: readonly string[],
    readonly slots: Int32Array,
    readonly pairType: Int32Array,
    readonly pairCount: Int32Array,
    readonly pairFlags: Uint8Array,
    readonly pairKeys: readonly string[],
    /** Display value (first seen spelling, trimmed); null for Missing pairs. */
    readonly pairLabels: ReadonlyArray<string | null>,
    /** Missing pair of each trait type (-1 for the trait count, never missing). */
    readonly missingPair: Int32Array,
    /** 1 when the token carries numeric or date traits. */
    readonly hasUnscored: Uint8Array,
  ) {}

  get tokenCount(): number {
    return this.tokens.length;
  }

  get pairTotal(): number {
    return this.pairType.length;
  }

  /** Index of the trait count trait type. */
  get traitCountType(): number {
    return this.typeCount - 1;
  }

  static build(tokens: readonly RarityToken[]): TraitIndex {
    return new TraitIndexBuilder(true).add(tokens).build();
  }
}

/** An Int32Array that grows as values are appended. */
class Int32List {
  values = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    this.values = withRoom(this.values, this.length);
    this.values[this.length++] = value;
  }

  toArray(): Int32Array {
    return this.values.subarray(0, this.length);
  }
}

const NO_ATTRIBUTES: readonly NftAttribute[] = Object.freeze([]);

/**
 * Builds a `TraitIndex` from tokens given in one go or batch by batch (a stored collection read a
 * few thousand rows at a time): each token's traits are interned into integers as it is added, so
 * the token objects of a batch can go once it is added. The index is the same whatever the batches.
 * `keepTokens` keeps the token objects as given; otherwise only each token's id and its numeric and
 * date traits (what explanations and summaries read besides the interned pairs) are kept.
 */
export class TraitIndexBuilder {
  private readonly tokens: RarityToken[] = [];
  // Pass 1 state: every scored attribute as (type, pair), and where each token's entries end.
  private readonly entryType = new Int32List();
  private readonly entryPair = new Int32List();
  private readonly tokenEnd = new Int32List();
  private readonly unscored = new Int32List();

  private readonly typeByRaw = new Map<string, number>();
  private readonly typeByKey = new Map<string, number>();
  private readonly typeKeys: string[] = [];
  private readonly typeLabels: string[] = [];
  private readonly valueByRaw: Array<Map<string, number>> = [];
  private readonly valueByKey: Array<Map<string, number>> = [];

  private readonly pairType: number[] = [];
  private readonly pairFlags: number[] = [];
  private readonly pairKeys: string[] = [];
  private readonly pairLabels: Array<string | null> = [];
  private built = false;

  constructor(private readonly keepTokens = false) {}

  get size(): number {
    return this.tokenEnd.length;
  }

  /** Adds tokens after those already added; one token may be added at a time. */
  add(tokens: readonly RarityToken[]): this {
    if (this.built) throw new Error('the trait index is already built');
    for (let t = 0; t < tokens.length; t++) this.addToken(tokens[t]);
    return this;
  }

  private addToken(token: RarityToken): void {
    const attributes = token.attributes;
    let hasUnscored = false;
    for (let a = 0; a < attributes.length; a++) {
      const attribute = attributes[a];
      if (isUnscoredAttribute(attribute)) {
        hasUnscored = true;
        continue;
      }
      const value: unknown = attribute.value;
      if (value === null || value === undefined) continue;
      const rawType = rawString(attribute.trait_type);
      let type = this.typeByRaw.get(rawType);
      if (type === undefined) type = this.internType(rawType);
      if (type < 0) continue;
      const rawValue = rawString(value);
      let pair = this.valueByRaw[type].get(rawValue);
      if (pair === undefined) pair = this.internValue(type, rawValue);
      this.entryType.push(type);
      this.entryPair.push(pair);
    }
    this.tokenEnd.push(this.entryType.length);
    this.unscored.push(hasUnscored ? 1 : 0);
    if (this.keepTokens) this.tokens.push(token);
    else {
      this.tokens.push({
        tokenId: token.tokenId,
        attributes: hasUnscored ? attributes.filter(isUnscoredAttribute) : NO_ATTRIBUTES,
      });
    }
  }

  private addPair(type: number, flags: number, key: string, label: string | null): number {
    this.pairType.push(type);
    this.pairFlags.push(flags);
    this.pairKeys.push(key);
    this.pairLabels.push(label);
    return this.pairType.length - 1;
  }

  // Names and values are interned by raw spelling, so that each distinct raw string is normalised once.
  private internType(raw: string): number {
    const key = normalizeTraitString(raw);
    // The trait count is computed, never read from metadata.
    let type = key === TRAIT_COUNT_TRAIT ? -1 : this.typeByKey.get(key);
    if (type === undefined) {
      type = this.typeKeys.length;
      this.typeByKey.set(key, type);
      this.typeKeys.push(key);
      this.typeLabels.push(raw.trim());
      this.valueByRaw.push(new Map());
      this.valueByKey.push(new Map());
    }
    this.typeByRaw.set(raw, type);
    return type;
  }

  private internValue(type: number, raw: string): number {
    const key = normalizeTraitString(raw);
    let pair = this.valueByKey[type].get(key);
    if (pair === undefined) {
      const flags = key === 'none' ? PairFlag.None | PairFlag.Blank : key === '' ? PairFlag.Blank : 0;
      pair = this.addPair(type, flags, key, raw.trim());
      this.valueByKey[type].set(key, pair);
    }
    this.valueByRaw[type].set(raw, pair);
    return pair;
  }

  /** The index of every token added, in the order added. The builder is spent. */
  build(): TraitIndex {
    if (this.built) throw new Error('the trait index is already built');
    this.built = true;
    const tokenCount = this.tokenEnd.length;
    const tokenEnd = this.tokenEnd.toArray();
    const entryType = this.entryType.toArray();
    const entryPair = this.entryPair.toArray();
    const { typeKeys, typeLabels, pairType, pairFlags } = this;

    // Missing pairs for every trait type, and trait count pairs for 0..realTypes.
    const realTypes = typeKeys.length;
    const typeCount = realTypes + 1;
    const traitCountType = realTypes;
    typeKeys.push(TRAIT_COUNT_TRAIT);
    typeLabels.push('Trait count');
    const missingPair = new Int32Array(typeCount).fill(-1);
    for (let type = 0; type < realTypes; type++) {
      missingPair[type] = this.addPair(type, PairFlag.Missing, 'null', null);
    }
    const traitCountPair = new Int32Array(realTypes + 1);
    for (let n = 0; n <= realTypes; n++) {
      traitCountPair[n] = this.addPair(traitCountType, PairFlag.TraitCount, String(n), String(n));
    }

    // Pass 2: one slot per trait type (a repeated trait type keeps its last value), the trait
    // count, and counts of every pair.
    const flags = Uint8Array.from(pairFlags);
    const pairCount = new Int32Array(pairType.length);
    const slots = new Int32Array(tokenCount * typeCount).fill(-1);
    let start = 0;
    for (let t = 0; t < tokenCount; t++) {
      const base = t * typeCount;
      const end = tokenEnd[t];
      for (let e = start; e < end; e++) slots[base + entryType[e]] = entryPair[e];
      start = end;
      let traitCount = 0;
      for (let type = 0; type < realTypes; type++) {
        let pair = slots[base + type];
        if (pair < 0) {
          pair = missingPair[type];
          slots[base + type] = pair;
        } else if ((flags[pair] & PairFlag.Blank) === 0) {
          traitCount++;
        }
        pairCount[pair]++;
      }
      const pair = traitCountPair[traitCount];
      slots[base + traitCountType] = pair;
      pairCount[pair]++;
    }

    return new TraitIndex(
      this.tokens,
      typeCount,
      typeKeys,
      typeLabels,
      slots,
      Int32Array.from(pairType),
      pairCount,
      flags,
      this.pairKeys,
      this.pairLabels,
      missingPair,
      Uint8Array.from(this.unscored.toArray()),
    );
  }
}
