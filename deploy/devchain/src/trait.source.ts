import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from './paths.util.js';
import { seededRandom } from './random.util.js';

export interface TokenAttribute {
  trait_type: string;
  value: string | number;
}

/** Attributes of every token, indexed by position (token id minus the first id). */
export type TraitTable = TokenAttribute[][];

export interface TraitSet {
  table: TraitTable;
  source: 'dataset' | 'generated';
}

export interface TraitSchema {
  traits: Array<{
    type: string;
    /** Earlier values are commoner (weights 1, 1/2, 1/3, …) so rarity differs between tokens. */
    values: readonly string[];
    /** Share of tokens that carry this trait at all (default 1). */
    presence?: number;
  }>;
}

interface DatasetEntry {
  tokenId: string | number;
  attributes: Array<{ trait_type: string; value: string | number }>;
}

/**
 * Traits of a real collection from the shared datasets folder, by token id 0..count-1, or null
 * when the folder or file is absent or does not hold `count` contiguous tokens.
 */
export function loadDatasetTraits(
  file: string,
  count: number,
  log?: (line: string) => void,
): TraitTable | null {
  const path = join(datasetsDir(), file);
  if (!existsSync(path)) {
    log?.(`dataset ${path} not found: generating traits instead`);
    return null;
  }
  try {
    const entries = JSON.parse(readFileSync(path, 'utf8')) as DatasetEntry[];
    const table: TraitTable = new Array<TokenAttribute[]>(count);
    for (const entry of entries) {
      const id = Number(entry.tokenId);
      if (!Number.isInteger(id) || id < 0 || id >= count || !Array.isArray(entry.attributes)) continue;
      table[id] = entry.attributes
        .filter((attribute) => typeof attribute.trait_type === 'string')
        .map((attribute) => ({ trait_type: attribute.trait_type, value: attribute.value }));
    }
    for (let id = 0; id < count; id++) {
      if (!table[id]) {
        log?.(`dataset ${path} lacks token ${id}: generating traits instead`);
        return null;
      }
    }
    return table;
  } catch (error) {
    log?.(`dataset ${path} unreadable (${(error as Error).message}): generating traits instead`);
    return null;
  }
}

function pickWeighted(values: readonly string[], random: () => number): string {
  let total = 0;
  for (let index = 0; index < values.length; index++) total += 1 / (index + 1);
  let point = random() * total;
  for (let index = 0; index < values.length; index++) {
    point -= 1 / (index + 1);
    if (point <= 0) return values[index]!;
  }
  return values[values.length - 1]!;
}

/** Deterministic traits: the same seed gives the same table on every machine. */
export function generateTraits(schema: TraitSchema, count: number, seed: string): TraitTable {
  const random = seededRandom(seed);
  const table: TraitTable = [];
  for (let index = 0; index < count; index++) {
    const attributes: TokenAttribute[] = [];
    for (const trait of schema.traits) {
      if (random() >= (trait.presence ?? 1)) continue;
      attributes.push({ trait_type: trait.type, value: pickWeighted(trait.values, random) });
    }
    table.push(attributes);
  }
  return table;
}

/**
 * `count` tokens' traits for a collection: from the datasets folder's `file` when it is there, else
 * drawn from our own `fallback` schema with a fixed `seed`.
 */
export type TraitSource = (
  file: string,
  count: number,
  fallback: TraitSchema,
  seed: string,
  log?: (line: string) => void,
) => TraitSet;

export const traitsFromDatasetOrGenerated: TraitSource = (file, count, fallback, seed, log) => {
  const dataset = loadDatasetTraits(file, count, log);
  if (dataset) return { table: dataset, source: 'dataset' };
  return { table: generateTraits(fallback, count, seed), source: 'generated' };
};

/** Our own trait vocabularies for the generated collections and the dataset fallbacks. */
export const TRAIT_SCHEMAS = {
  apes: {
    traits: [
      { type: 'Background', values: ['Sky', 'Sand', 'Mint', 'Lilac', 'Peach', 'Slate', 'Lime', 'Night'] },
      {
        type: 'Fur',
        values: [
          'Brown',
          'Grey',
          'Black',
          'Cream',
          'Red',
          'Golden',
          'Blue',
          'Pink',
          'Zombie',
          'Chrome',
          'Pure Gold',
        ],
      },
      {
        type: 'Eyes',
        values: ['Calm', 'Sleepy', 'Wide', 'Squint', 'Angry', 'Star', 'Laser', 'Cyborg', 'Hypnotic'],
      },
      { type: 'Mouth', values: ['Flat', 'Smile', 'Frown', 'Grin', 'Whistle', 'Fangs', 'Gold Teeth'] },
      {
        type: 'Clothes',
        values: ['Tee', 'Hoodie', 'Vest', 'Sailor Shirt', 'Tux', 'Toga', 'Astro Suit', 'Royal Robe'],
        presence: 0.8,
      },
      { type: 'Hat', values: ['Beanie', 'Cap', 'Bucket Hat', 'Halo', 'Crown', 'Party Hat'], presence: 0.65 },
      { type: 'Earring', values: ['Silver Stud', 'Gold Hoop', 'Diamond'], presence: 0.3 },
    ],
  },
  mfers: {
    traits: [
      { type: 'background', values: ['blue', 'yellow', 'green', 'orange', 'red', 'graveyard', 'space'] },
      { type: 'type', values: ['plain', 'charcoal', 'pink', 'green', 'ape', 'zombie', 'alien', 'metal'] },
      { type: 'eyes', values: ['regular', 'shades', 'vr', 'nerd', 'zombie', 'alien', 'eye mask'] },
      { type: 'mouth', values: ['smile', 'flat', 'wow'] },
      { type: 'headphones', values: ['black', 'white', 'red', 'green', 'gold', 'lined'] },
      { type: 'smoke', values: ['cig', 'pipe', 'cig gold'], presence: 0.35 },
      { type: 'hat', values: ['beanie', 'cap', 'cowboy', 'top hat', 'hoodie', 'bandana'], presence: 0.55 },
    ],
  },
  critters: {
    traits: [
      { type: 'Habitat', values: ['Reef', 'Forest', 'Desert', 'Tundra', 'Volcano', 'Nebula'] },
      { type: 'Species', values: ['Axolotl', 'Gecko', 'Otter', 'Owl', 'Fox', 'Dragonling'] },
      { type: 'Pattern', values: ['Plain', 'Spots', 'Stripes', 'Scales', 'Galaxy'] },
      { type: 'Eyes', values: ['Round', 'Sleepy', 'Sparkle', 'Glowing'] },
      { type: 'Accessory', values: ['Scarf', 'Backpack', 'Monocle', 'Crown'], presence: 0.4 },
    ],
  },
  oddities: {
    traits: [
      { type: 'Shape', values: ['Orb', 'Cube', 'Shard', 'Spiral', 'Void'] },
      { type: 'Hue', values: ['Teal', 'Amber', 'Violet', 'Crimson', 'Iridescent'] },
      { type: 'Glitch', values: ['Scanlines', 'Pixel Drift', 'Static'], presence: 0.5 },
    ],
  },
} as const satisfies Record<string, TraitSchema>;

/**
 * `count` tokens whose traits follow the distributions of a real collection of the datasets folder
 * (each trait's share of tokens carrying it, and each value's share within it), drawn with a fixed
 * seed; our own schema when the file is absent. For collections larger than any dataset.
 */
export const traitsFromDistributions: TraitSource = (file, count, fallback, seed, log) => {
  const sampler = distributionSampler(file, fallback, log);
  if (sampler.source === 'generated') {
    return { table: generateTraits(fallback, count, seed), source: 'generated' };
  }
  const random = seededRandom(seed);
  const table: TraitTable = [];
  for (let index = 0; index < count; index++) table.push(sampler.draw(random));
  return { table, source: 'dataset' };
};

/** Draws one token's attributes from a trait distribution with a random source. */
export interface TraitSampler {
  source: 'dataset' | 'generated';
  draw(random: () => number): TokenAttribute[];
}

/**
 * The trait distributions of a real collection of the datasets folder (each trait's share of tokens
 * carrying it, and each value's share within it), or our own schema when the file is absent: one
 * token's attributes at a time, so a collection of any size is drawn token by token (the huge dev
 * world's million tokens are drawn per request, from a seed of their own id).
 */
export function distributionSampler(
  file: string,
  fallback: TraitSchema,
  log?: (line: string) => void,
): TraitSampler {
  const path = join(datasetsDir(), file);
  let entries: DatasetEntry[] | null = null;
  if (existsSync(path)) {
    try {
      entries = JSON.parse(readFileSync(path, 'utf8')) as DatasetEntry[];
    } catch (error) {
      log?.(`dataset ${path} unreadable (${(error as Error).message}): generating traits instead`);
    }
  } else {
    log?.(`dataset ${path} not found: generating traits instead`);
  }
  if (!entries || entries.length === 0) {
    return {
      source: 'generated',
      draw(random) {
        const attributes: TokenAttribute[] = [];
        for (const trait of fallback.traits) {
          if (random() >= (trait.presence ?? 1)) continue;
          attributes.push({ trait_type: trait.type, value: pickWeighted(trait.values, random) });
        }
        return attributes;
      },
    };
  }
  // trait type → value → tokens carrying it; trait types in order of first appearance.
  const counts = new Map<string, Map<string | number, number>>();
  for (const entry of entries) {
    for (const attribute of entry.attributes ?? []) {
      if (typeof attribute.trait_type !== 'string') continue;
      const values = counts.get(attribute.trait_type) ?? new Map<string | number, number>();
      values.set(attribute.value, (values.get(attribute.value) ?? 0) + 1);
      counts.set(attribute.trait_type, values);
    }
  }
  const total = entries.length;
  const traits = [...counts].map(([type, values]) => {
    const list = [...values].sort((a, b) => b[1] - a[1]);
    const carried = list.reduce((sum, [, n]) => sum + n, 0);
    return { type, values: list, carried, presence: Math.min(1, carried / total) };
  });
  return {
    source: 'dataset',
    draw(random) {
      const attributes: TokenAttribute[] = [];
      for (const trait of traits) {
        if (random() >= trait.presence) continue;
        let point = random() * trait.carried;
        let value = trait.values[trait.values.length - 1]![0];
        for (const [candidate, n] of trait.values) {
          point -= n;
          if (point < 0) {
            value = candidate;
            break;
          }
        }
        attributes.push({ trait_type: trait.type, value });
      }
      return attributes;
    },
  };
}
