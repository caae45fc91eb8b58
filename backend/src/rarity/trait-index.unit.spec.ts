import { TRAIT_COUNT_TRAIT } from './rarity.types.js';
import { normalizeTraitString, PairFlag, TraitIndex } from './trait-index.js';

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
