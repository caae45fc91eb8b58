import { TRAIT_COUNT_TRAIT } from './rarity.types.js';
import { RarityEngine } from './rarity.engine.js';
import type { RarityToken } from './rarity.types.js';
import { normalizeTraitString, PairFlag, TraitIndex, TraitIndexBuilder } from './trait-index.js';

describe(TraitIndex.name, () => {
  it('fills one slot per trait type per token, the trait count last', () => {
    const sut = TraitIndex.build([
      {
        tokenId: 'a',
        attributes: [
          { trait_type: 'Hat', value: 'Cap' },
          { trait_type: 'Eyes', value: 'none' },
        ],
      },
      {
        tokenId: 'b',
        attributes: [
          { trait_type: 'eyes', value: 'Red' },
          { trait_type: 'eyes', value: 'Blue' },
        ],
      },
    ]);

    expect(sut.typeKeys).toEqual(['hat', 'eyes', TRAIT_COUNT_TRAIT]);
    const slot = (token: number, type: number): number => sut.slots[token * sut.typeCount + type];
    expect(sut.pairKeys[slot(0, 0)]).toBe('cap');
    expect(sut.pairKeys[slot(0, 1)]).toBe('none');
    expect(sut.pairFlags[slot(0, 1)] & PairFlag.None).toBeTruthy();
    expect(sut.pairKeys[slot(0, 2)]).toBe('1');
    expect(sut.pairFlags[slot(1, 0)] & PairFlag.Missing).toBeTruthy();
    expect(sut.pairKeys[slot(1, 1)]).toBe('blue');
    expect(sut.pairKeys[slot(1, 2)]).toBe('1');
    expect(sut.pairCount[slot(1, 2)]).toBe(2);
    // "red" was replaced by the later "blue" of the same token.
    expect(sut.pairCount[sut.pairKeys.indexOf('red')]).toBe(0);
  });

  it('ignores a metadata trait that claims the trait count name, and values that are null', () => {
    const sut = TraitIndex.build([
      {
        tokenId: 'a',
        attributes: [
          { trait_type: 'Meta_Trait:Trait_Count', value: '99' },
          { trait_type: 'hat', value: null as unknown as string },
        ],
      },
    ]);

    expect(sut.typeKeys).toEqual([TRAIT_COUNT_TRAIT]);
    expect(sut.pairKeys[sut.slots[0]]).toBe('0');
  });
});

describe(normalizeTraitString.name, () => {
  it('trims and lower-cases', () => {
    expect(normalizeTraitString('  Laser Eyes\t')).toBe('laser eyes');
  });
});

/** A collection with common, rare, missing, blank, repeated and numeric traits. */
function collection(size: number): RarityToken[] {
  return Array.from({ length: size }, (_, i) => {
    const h = Math.imul(i + 7, 2654435761) >>> 0;
    const attributes: RarityToken['attributes'][number][] = [
      { trait_type: 'Background', value: ['Blue', 'blue ', 'Red', 'Gold'][h % 4]! },
      { trait_type: 'Fur', value: ['Brown', 'Black', 'None', ''][(h >>> 3) % 4]! },
    ];
    if ((h >>> 6) % 3 === 0)
      attributes.push({ trait_type: 'Hat', value: (h >>> 9) % 50 === 0 ? 'Crown' : 'Cap' });
    if (i % 17 === 0) attributes.push({ trait_type: 'Level', value: i % 9, display_type: 'number' });
    if (i % 23 === 0) attributes.push({ trait_type: 'fur', value: 'Gold' });
    return { tokenId: String(i), attributes };
  });
}

describe(TraitIndexBuilder.name, () => {
  const tokens = collection(2_345);
  const engine = new RarityEngine();

  it('built from batches, ranks exactly as the index built in one go', () => {
    const whole = engine.rank(tokens);
    for (const batch of [1, 100, 1_000, 5_000]) {
      const builder = new TraitIndexBuilder();
      for (let start = 0; start < tokens.length; start += batch)
        builder.add(tokens.slice(start, start + batch));
      const index = builder.build();
      expect(index.tokenCount).toBe(tokens.length);
      expect(Array.from(index.slots)).toEqual(Array.from(whole.index.slots));
      expect(Array.from(index.pairCount)).toEqual(Array.from(whole.index.pairCount));
      expect(engine.rankIndex(index).results()).toEqual(whole.results());
    }
  });

  it('keeps of each token only its id and its numeric and date traits, unless asked to keep the tokens', () => {
    const slim = new TraitIndexBuilder().add(tokens).build();
    expect(slim.tokens[1]).toEqual({ tokenId: '1', attributes: [] });
    expect(slim.tokens[17]).toEqual({
      tokenId: '17',
      attributes: [{ trait_type: 'Level', value: 8, display_type: 'number' }],
    });
    expect(engine.rankIndex(slim).traitSummary()).toEqual(engine.summarize(tokens));
    expect(engine.rankIndex(slim).explain('17')).toEqual(engine.rank(tokens).explain('17'));
    expect(new TraitIndexBuilder(true).add(tokens).build().tokens[1]).toBe(tokens[1]);
  });

  it('is spent once built', () => {
    const builder = new TraitIndexBuilder().add(tokens.slice(0, 3));
    builder.build();
    expect(() => builder.add(tokens.slice(3, 4))).toThrow('already built');
  });
});
