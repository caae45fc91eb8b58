/**
 * What the page-route benchmarks share: a synthetic collection drawn from real trait frequencies, and
 * a fixed mix of filter and sort changes (npm run bench:scale measures it through HTTP, npm run
 * bench:page-index in process).
 */
import type { TraitTypeCounts } from '@nexus/contract';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../src/platform/common/seeded-random.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The value at percentile `p` of some timings. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Where real trait distributions are read from when present (never copied into the repository). */
const DATASET = process.env.NEXUS_DATASETS_DIR ?? resolve(root, '..', 'shared', 'datasets');

/**
 * Trait types as value lists with weights (a weight under the type's total leaves it missing on some
 * NFTs): BAYC's seven types and their frequencies when the dataset is present, plus an eighth of 100
 * values; generated (Zipf-like) otherwise.
 */
function traitDistributions(): Array<{
  type: string;
  values: Array<{ value: string; weight: number }>;
  total: number;
}> {
  const zipf = (type: string, count: number, carried = 1) => {
    const values = Array.from({ length: count }, (_, i) => ({
      value: `${type} ${i + 1}`,
      weight: 1 / (i + 1),
    }));
    const sum = values.reduce((s, v) => s + v.weight, 0);
    return { type, values, total: sum / carried };
  };
  const types = [zipf('Edition', 100)];
  type Token = { attributes: Array<{ trait_type: string; value: unknown }> };
  const read = (): Token[] | null => {
    try {
      return JSON.parse(readFileSync(resolve(DATASET, 'bayc-metadata.json'), 'utf8')) as Token[];
    } catch {
      return null;
    }
  };
  const bayc = read();
  if (!bayc) {
    return [
      ...types,
      zipf('Background', 8),
      zipf('Fur', 19),
      zipf('Clothes', 43, 0.81),
      zipf('Mouth', 33),
      zipf('Eyes', 23),
      zipf('Hat', 36, 0.77),
      zipf('Earring', 6, 0.3),
    ];
  }
  const counts = new Map<string, Map<string, number>>();
  for (const token of bayc) {
    for (const a of token.attributes) {
      const values = counts.get(a.trait_type) ?? new Map<string, number>();
      counts.set(a.trait_type, values);
      values.set(String(a.value), (values.get(String(a.value)) ?? 0) + 1);
    }
  }
  for (const [type, values] of counts) {
    types.push({
      type,
      values: [...values].map(([value, weight]) => ({ value, weight })),
      total: bayc.length,
    });
  }
  return types;
}

/** A synthetic NFT: its attributes, its score and (for 99%) its rank. */
export interface SyntheticToken {
  id: string;
  name: string;
  attributes: Array<{ trait_type: string; value: string | number; display_type?: string }>;
  score: number;
}

/**
 * `count` synthetic NFTs (seeded, so the same each run): each NFT draws each trait type's value by
 * its frequency, about 1% are unnamed and 1% unranked; scores sum -log of each value's frequency,
 * ranks follow them.
 */
export function syntheticTokens(count: number): {
  tokens: SyntheticToken[];
  rank: Map<SyntheticToken, number>;
} {
  const random = seededRandom(count);
  const types = traitDistributions();
  const pick = (type: (typeof types)[number]) => {
    let r = random() * type.total;
    for (const v of type.values) {
      r -= v.weight;
      if (r < 0) return v.value;
    }
    return null;
  };
  const tokens = Array.from({ length: count }, (_, id): SyntheticToken => {
    const attributes: SyntheticToken['attributes'] = [];
    for (const type of types) {
      const value = pick(type);
      if (value !== null) attributes.push({ trait_type: type.type, value });
    }
    attributes.push({ trait_type: 'Level', value: id % 50, display_type: 'number' });
    return { id: String(id), name: random() < 0.01 ? '' : `Synthetic Ape #${id}`, attributes, score: 0 };
  });
  // Scores: the sum of -log(frequency) of the NFT's values (absence counted as a value).
  const frequency = new Map<string, number>();
  const keyOf = (t: (typeof tokens)[number], type: string) =>
    `${type}\u001f${t.attributes.find((a) => a.trait_type === type)?.value ?? ''}`;
  for (const t of tokens)
    for (const type of types)
      frequency.set(keyOf(t, type.type), (frequency.get(keyOf(t, type.type)) ?? 0) + 1);
  for (const t of tokens) {
    t.score = types.reduce((s, type) => s + Math.log(count / frequency.get(keyOf(t, type.type))!), 0);
  }
  const ranked = tokens
    .filter(() => random() >= 0.01)
    .sort((a, b) => b.score - a.score || Number(a.id) - Number(b.id));
  const rank = new Map(ranked.map((t, i) => [t, i + 1]));
  return { tokens, rank };
}

/** One filter or sort change of the mix. */
export interface FilterChange {
  sort: 'rarity-rank' | 'rarity-score' | 'tokenId' | 'name';
  order?: 'desc';
  page?: number;
  search?: string;
  traits: Record<string, string[]>;
}

/** A fixed mix: every sort and order, pages, searches, one and two trait types with one or two values. */
export function filterMix(traitTypes: TraitTypeCounts[], count: number): FilterChange[] {
  const types = traitTypes.filter((type) => type.values.length > 1);
  const sorts = ['rarity-rank', 'rarity-score', 'tokenId', 'name'] as const;
  const changes: FilterChange[] = [];
  for (let i = 0; changes.length < count; i++) {
    const change: FilterChange = { sort: sorts[i % sorts.length]!, traits: {} };
    if (i % 3 === 1) change.order = 'desc';
    if (i % 5 === 2) change.page = 1 + (i % 40);
    if (i % 7 === 3) change.search = String(i % 97);
    const choose = (type: TraitTypeCounts, value: number) =>
      (change.traits[type.key] ??= []).push(type.values[value % type.values.length]!.key);
    const typeA = types[i % types.length];
    const typeB = types[(i * 7 + 3) % types.length];
    if (typeA && i % 4 !== 0) {
      choose(typeA, i);
      if (i % 3 === 0) choose(typeA, i + 1);
    }
    if (typeB && typeB !== typeA && i % 2 === 0) choose(typeB, i * 3);
    changes.push(change);
  }
  return changes;
}

/** A change as the page route's query string. */
export function toQuery(change: FilterChange): string {
  const params = new URLSearchParams();
  params.set('sort', change.sort);
  if (change.order) params.set('order', change.order);
  if (change.page) params.set('page', String(change.page));
  if (change.search) params.set('search', change.search);
  for (const [type, values] of Object.entries(change.traits))
    for (const value of values) params.append('traits', `${type}:${value}`);
  return params.toString();
}
