import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATASETS, DATASETS_DIR, describeWith } from '../../../test/support/requirements.js';
import { RarityEngine } from './rarity.engine.js';
import type { RankedCollection } from './ranked-collection.js';
import type { RarityToken } from './rarity.types.js';

const withDatasets = describeWith([DATASETS]);

interface ReferenceCase {
  input: RarityToken[];
  reference_output_in_rank_order: Array<{
    tokenId: string;
    rank: number;
    score: number;
    unique_attribute_count: number;
  }>;
}

const readDataset = <T>(file: string): T => JSON.parse(readFileSync(join(DATASETS_DIR, file), 'utf8')) as T;

/** Published OpenRarity ranks for BAYC (open-rarity tests/resolver/test_testset_resolver.py). */
const BAYC_PUBLISHED_RANKS: Array<[tokenId: string, rank: number]> = [
  ['7495', 1],
  ['2100', 10],
  ['5757', 11],
  ['7754', 12],
  ['5020', 3101],
  ['1730', 3102],
  ['509', 4091],
  ['2103', 5414],
  ['980', 5415],
  ['6784', 7344],
  ['5949', 7345],
  ['8002', 7347],
  ['5525', 9999],
  ['5777', 10000],
];

withDatasets(`${RarityEngine.name} against OpenRarity 0.7.5`, () => {
  const sut = new RarityEngine();

  describe('unit test collections (openrarity-unit-vectors.json)', () => {
    const cases = readDataset<Record<string, ReferenceCase>>('openrarity-unit-vectors.json');

    it('holds the cases these tests expect', () => {
      expect(Object.keys(cases).length).toBeGreaterThanOrEqual(7);
    });

    for (const [name, { input, reference_output_in_rank_order: reference }] of Object.entries(cases)) {
      it(`reproduces ${name}`, () => {
        const ranked = sut.rank(input);

        expect(ranked.results().map((entry) => entry.tokenId)).toEqual(
          reference.map((entry) => entry.tokenId),
        );
        for (const expected of reference) {
          const actual = ranked.get(expected.tokenId)!;
          expect(actual.rarityRank).toBe(expected.rank);
          expect(Math.abs(actual.rarityScore - expected.score)).toBeLessThanOrEqual(1e-9);
          expect(actual.uniqueAttributeCount).toBe(expected.unique_attribute_count);
        }
      });
    }
  });

  describe('BAYC (bayc-metadata.json)', () => {
    let ranked: RankedCollection;

    beforeAll(() => {
      ranked = sut.rank(readDataset<RarityToken[]>('bayc-metadata.json'));
    });

    it.each(BAYC_PUBLISHED_RANKS)('ranks #%s at the published %i', (tokenId, rank) => {
      expect(ranked.get(tokenId)?.rarityRank).toBe(rank);
    });

    it('explains every token with contributions summing to its score', () => {
      for (const { tokenId, rarityScore } of ranked.results()) {
        const sum = ranked.explain(tokenId)!.traits.reduce((total, trait) => total + trait.contribution, 0);
        expect(Math.abs(sum - rarityScore)).toBeLessThanOrEqual(1e-12);
      }
    });

    it('summarises 7 trait types with counts adding up to the collection', () => {
      const summary = ranked.traitSummary();

      expect(summary.traitTypes.map((traitType) => traitType.traitType)).toEqual([
        'Background',
        'Clothes',
        'Earring',
        'Eyes',
        'Fur',
        'Hat',
        'Mouth',
      ]);
      for (const traitType of summary.traitTypes) {
        const total = traitType.values.reduce((sum, value) => sum + value.count, traitType.missing);
        expect(total).toBe(10_000);
      }
      expect(summary.traitTypes.find((traitType) => traitType.key === 'hat')!.missing).toBe(10_000 - 7744);
    });
  });

  describe('mfers (mfers-metadata.json)', () => {
    it('puts the 21 one-of-ones at rank 1 and the next token at 22', () => {
      const tokens = readDataset<RarityToken[]>('mfers-metadata.json');
      const oneOfOnes = tokens.filter((token) => token.attributes.some((a) => a.trait_type === '1/1'));

      const results = sut.rank(tokens).results();

      expect(oneOfOnes).toHaveLength(21);
      expect(new Set(results.slice(0, 21).map((entry) => entry.tokenId))).toEqual(
        new Set(oneOfOnes.map((token) => token.tokenId)),
      );
      expect(results.slice(0, 21).every((entry) => entry.rarityRank === 1)).toBe(true);
      expect(results[21].rarityRank).toBe(22);
    });
  });
});
