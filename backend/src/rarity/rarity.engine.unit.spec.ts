import type { NftAttribute } from '@nexus/contract';
import { RarityEngine } from './rarity.engine.js';
import type { RankedCollection } from './ranked-collection.js';
import { TRAIT_COUNT_TRAIT, type RarityToken } from './rarity.types.js';

const token = (tokenId: string, traits: Record<string, string>, extra: NftAttribute[] = []): RarityToken => ({
  tokenId,
  attributes: [...Object.entries(traits).map(([trait_type, value]) => ({ trait_type, value })), ...extra],
});

const p = (count: number, n: number): number => (count / n) * Math.log2(n / count);

function byId(ranked: RankedCollection): Record<string, { score: number; rank: number; unique: number }> {
  const out: Record<string, { score: number; rank: number; unique: number }> = {};
  for (const { tokenId } of ranked.results()) {
    const entry = ranked.get(tokenId)!;
    out[tokenId] = { score: entry.rarityScore, rank: entry.rarityRank, unique: entry.uniqueAttributeCount };
  }
  return out;
}

function contributionSum(ranked: RankedCollection, tokenId: string): number {
  return ranked.explain(tokenId)!.traits.reduce((sum, trait) => sum + trait.contribution, 0);
}

describe(RarityEngine.name, () => {
  let sut: RarityEngine;

  beforeEach(() => {
    sut = new RarityEngine();
  });

  describe('openrarity (default)', () => {
    it('gives tokens lacking a trait type a Null bucket of N − Σ counts', () => {
      const tokens = [
        token('a', { hat: 'cap', eyes: 'blue' }),
        token('b', { hat: 'cap', eyes: 'blue' }),
        token('c', { eyes: 'blue' }),
        token('d', { eyes: 'red' }),
      ];
      // hat: cap 2, Null 2 · eyes: blue 3, red 1 · trait count: "2" 2, "1" 2
      const entropy = p(2, 4) * 2 + p(3, 4) + p(1, 4) + p(2, 4) * 2;

      const ranked = sut.rank(tokens);

      expect(ranked.method).toBe('openrarity');
      expect(ranked.normalizer).toBeCloseTo(entropy, 12);
      const result = byId(ranked);
      expect(result.a.score).toBeCloseTo((1 + Math.log2(4 / 3) + 1) / entropy, 12);
      expect(result.c.score).toBeCloseTo(result.a.score, 12);
      expect(result.d).toEqual({ score: expect.closeTo((1 + 2 + 1) / entropy, 12), rank: 1, unique: 1 });
      expect([result.a.rank, result.b.rank, result.c.rank]).toEqual([2, 2, 2]);
      const missingHat = ranked.explain('c')!.traits.find((trait) => trait.key === 'hat');
      expect(missingHat).toMatchObject({ kind: 'missing', value: null, count: 2, share: 0.5, unique: false });
    });

    it('counts an explicit "none" as an ordinary value but not in the trait count', () => {
      const tokens = [
        token('a', { hat: 'None', eyes: 'x' }),
        token('b', { hat: 'cap', eyes: 'x' }),
        token('c', { eyes: 'x' }),
        token('d', { hat: 'cap', eyes: 'x' }),
      ];

      const ranked = sut.rank(tokens);

      // hat: none 1, cap 2, Null 1 · eyes: x 4 · trait count: a "1", b "2", c "1", d "2"
      const entropy = p(1, 4) + p(2, 4) + p(1, 4) + 0 + p(2, 4) * 2;
      expect(ranked.normalizer).toBeCloseTo(entropy, 12);
      const result = byId(ranked);
      // a's "none" is unique; c's missing hat (also a bucket of 1) is not.
      expect(result.a).toEqual({ score: expect.closeTo(3 / entropy, 12), rank: 1, unique: 1 });
      // Same score as the previous token: OpenRarity gives c its rank despite fewer unique traits.
      expect(result.c).toEqual({ score: expect.closeTo(3 / entropy, 12), rank: 1, unique: 0 });
      expect(result.b).toEqual({ score: expect.closeTo(2 / entropy, 12), rank: 3, unique: 0 });
      expect(result.d.rank).toBe(3);
      const traitCount = ranked.explain('a')!.traits.find((trait) => trait.key === TRAIT_COUNT_TRAIT);
      expect(traitCount).toMatchObject({ kind: 'trait-count', value: '1', count: 2 });
    });

    it('keeps the last value of a repeated trait type', () => {
      const tokens = [
        {
          tokenId: '1',
          attributes: [
            { trait_type: 'accessory', value: 'earring' },
            { trait_type: 'Accessory', value: 'cap' },
          ],
        },
        token('2', { accessory: 'cap' }),
        token('3', { accessory: 'earring' }),
      ];

      const ranked = sut.rank(tokens);

      const accessory = ranked.explain('1')!.traits.find((trait) => trait.key === 'accessory');
      expect(accessory).toMatchObject({ value: 'cap', count: 2 });
      const traitCount = ranked.explain('1')!.traits.find((trait) => trait.key === TRAIT_COUNT_TRAIT);
      expect(traitCount).toMatchObject({ value: '1', count: 3 });
      expect(byId(ranked)['3']).toMatchObject({ rank: 1, unique: 1 });
    });

    it('trims and lower-cases trait names and string values before counting', () => {
      const tokens = [
        token('1', { ' Hat ': ' CAP ' }),
        token('2', { hat: 'cap' }),
        { tokenId: '3', attributes: [{ trait_type: 'HAT', value: 7 }] },
        { tokenId: '4', attributes: [{ trait_type: 'hat', value: '7' }] },
        { tokenId: '5', attributes: [{ trait_type: 'hat', value: true }] },
      ];

      const ranked = sut.rank(tokens);

      const hat = ranked.explain('1')!.traits.find((trait) => trait.key === 'hat');
      expect(hat).toMatchObject({ traitType: 'Hat', value: 'CAP', count: 2 });
      expect(ranked.explain('3')!.traits.find((trait) => trait.key === 'hat')).toMatchObject({
        value: '7',
        count: 2,
      });
      expect(ranked.explain('5')!.traits.find((trait) => trait.key === 'hat')).toMatchObject({
        value: 'true',
        count: 1,
        unique: true,
      });
      expect(ranked.explain('1')!.traits).toHaveLength(2);
    });

    it('leaves numeric and date traits out of scoring and still shows them', () => {
      const level = (value: number): NftAttribute => ({ trait_type: 'Level', value, display_type: 'number' });
      const born: NftAttribute = { trait_type: 'Birthday', value: 1546360800, display_type: 'date' };
      const boost: NftAttribute = { trait_type: 'Speed', value: 10, display_type: 'boost_percentage' };
      const plain = [
        token('1', { hat: 'cap' }),
        token('2', { hat: 'cap' }),
        token('3', { hat: 'fez' }),
        token('4', {}),
      ];
      const withNumbers = [
        token('1', { hat: 'cap' }, [level(1), born]),
        token('2', { hat: 'cap' }, [level(2)]),
        token('3', { hat: 'fez' }, [level(99), boost]),
        token('4', {}, [level(3)]),
      ];

      const expected = sut.rank(plain).results();
      const ranked = sut.rank(withNumbers);

      expect(ranked.results()).toEqual(expected);
      const explanation = ranked.explain('1')!;
      expect(explanation.unscored).toEqual([level(1), born]);
      expect(explanation.traits.map((trait) => trait.key)).toEqual(
        expect.arrayContaining(['hat', TRAIT_COUNT_TRAIT]),
      );
      expect(explanation.traits).toHaveLength(2);
    });

    it('gives tied scores the same rank and skips the next ranks (1, 2, 2, 4)', () => {
      const tokens = [
        token('common', { hat: 'cap', eyes: 'blue' }),
        token('twin-1', { hat: 'fez', eyes: 'blue' }),
        token('twin-2', { hat: 'fez', eyes: 'blue' }),
        token('common-2', { hat: 'cap', eyes: 'blue' }),
        token('rarest', { hat: 'crown', eyes: 'blue' }),
        token('common-3', { hat: 'cap', eyes: 'blue' }),
      ];

      const ranked = sut.rank(tokens);

      expect(ranked.results().map(({ tokenId, rarityRank }) => [tokenId, rarityRank])).toEqual([
        ['rarest', 1],
        ['twin-1', 2],
        ['twin-2', 2],
        ['common', 4],
        ['common-2', 4],
        ['common-3', 4],
      ]);
    });

    it('divides by 1 when the collection entropy is 0', () => {
      const tokens = [token('1', { hat: 'cap' }), token('2', { hat: 'cap' }), token('3', { hat: 'cap' })];

      const ranked = sut.rank(tokens);

      expect(ranked.normalizer).toBe(1);
      expect(ranked.results()).toEqual([
        { tokenId: '1', rarityScore: 0, rarityRank: 1 },
        { tokenId: '2', rarityScore: 0, rarityRank: 1 },
        { tokenId: '3', rarityScore: 0, rarityRank: 1 },
      ]);
    });

    it('scores a single token 0 with its trait and trait count unique', () => {
      const ranked = sut.rank([token('only', { hat: 'cap' })]);

      expect(ranked.get('only')).toEqual({
        tokenId: 'only',
        rarityScore: 0,
        rarityRank: 1,
        uniqueAttributeCount: 2,
      });
    });

    it('ranks an empty collection to an empty result', () => {
      expect(sut.rank([]).toRarityResult()).toEqual({ nfts: [] });
    });
  });

  describe('statistical', () => {
    const tokens = [
      token('a', { hat: 'cap', eyes: 'blue' }),
      token('b', { hat: 'cap', eyes: 'blue' }),
      token('c', { hat: 'none', eyes: 'blue' }),
      token('d', { eyes: 'red' }),
    ];

    it('sums N / count with missing traits counted as "None", trait count included', () => {
      const ranked = sut.rank(tokens, { method: 'statistical' });

      // hat: cap 2, None 2 (c's "none" + d's missing) · eyes: blue 3, red 1 · trait count: "2" 2, "1" 2
      expect(ranked.method).toBe('statistical');
      expect(ranked.normalizer).toBe(1);
      const result = byId(ranked);
      expect(result.a.score).toBeCloseTo(4 / 2 + 4 / 3 + 4 / 2, 12);
      expect(result.c.score).toBeCloseTo(4 / 2 + 4 / 3 + 4 / 2, 12);
      expect(result.d.score).toBeCloseTo(4 / 2 + 4 / 1 + 4 / 2, 12);
      const hat = ranked.explain('d')!.traits.find((trait) => trait.key === 'hat');
      expect(hat).toMatchObject({ kind: 'missing', count: 2, contribution: 2 });
    });

    it('ranks by unique attribute count, then score, with competition ranks', () => {
      const ranked = sut.rank(tokens, { method: 'statistical' });

      expect(ranked.results().map(({ tokenId, rarityRank }) => [tokenId, rarityRank])).toEqual([
        ['d', 1],
        ['c', 2],
        ['a', 2],
        ['b', 2],
      ]);
    });
  });

  describe('explain', () => {
    const tokens = [
      token('1', { hat: 'cap', eyes: 'blue', mouth: 'grin' }),
      token('2', { hat: 'cap', eyes: 'green' }),
      token('3', { hat: 'fez', eyes: 'blue', mouth: 'None' }),
      token('4', { eyes: 'blue' }),
      token('5', { hat: 'cap', eyes: 'blue', mouth: 'grin' }),
    ];

    it.each(['openrarity', 'statistical'] as const)(
      'has contributions summing to the score (%s)',
      (method) => {
        const ranked = sut.rank(tokens, { method });

        for (const { tokenId, rarityScore } of ranked.results()) {
          expect(contributionSum(ranked, tokenId)).toBeCloseTo(rarityScore, 12);
        }
      },
    );

    it('lists every trait type of the collection, highest contribution first', () => {
      const ranked = sut.rank(tokens);

      const explanation = ranked.explain('2')!;

      expect(explanation).toMatchObject({
        tokenId: '2',
        method: 'openrarity',
        tokenCount: 5,
        uniqueAttributeCount: 1,
      });
      expect(explanation.traits.map((trait) => [trait.key, trait.value, trait.count, trait.unique])).toEqual([
        ['eyes', 'green', 1, true],
        ['mouth', null, 2, false],
        [TRAIT_COUNT_TRAIT, '2', 2, false],
        ['hat', 'cap', 3, false],
      ]);
      expect(explanation.traits[0].contribution).toBeCloseTo(Math.log2(5) / ranked.normalizer, 12);
      expect(explanation.traits[0].share).toBe(0.2);
    });

    it('answers undefined for an unknown token', () => {
      expect(sut.rank(tokens).explain('404')).toBeUndefined();
    });
  });
});
