import type { NftAttribute } from '@nexus/contract';
import type { RarityToken } from './rarity.types.js';
import { TraitIndex } from './trait-index.js';
import { summarizeTraits } from './trait-summary.js';

const token = (tokenId: string, attributes: NftAttribute[]): RarityToken => ({ tokenId, attributes });
const trait = (trait_type: string, value: string): NftAttribute => ({ trait_type, value });

describe(summarizeTraits.name, () => {
  const tokens = [
    token('1', [
      trait('Hat', 'Red Cap'),
      trait('Eyes', 'Blue'),
      { trait_type: 'Level', value: 3, display_type: 'number' },
    ]),
    token('2', [
      trait('hat', 'red cap '),
      trait('eyes', 'Green'),
      { trait_type: 'level', value: 12, display_type: 'number' },
    ]),
    token('3', [trait(' HAT', 'Fez'), trait('Eyes', 'blue'), trait('Eyes', 'BLUE')]),
    token('4', [trait('Eyes', 'None'), trait('Background', 'Item 10')]),
    token('5', [trait('Eyes', 'blue'), trait('Background', 'Item 9'), trait('Hat', 'Red Cap')]),
  ];

  it('counts normalised values under the first seen spelling, most common first', () => {
    const sut = summarizeTraits(TraitIndex.build(tokens));

    expect(sut.tokenCount).toBe(5);
    expect(sut.traitTypes).toEqual([
      {
        traitType: 'Background',
        key: 'background',
        values: [
          { value: 'Item 9', key: 'item 9', count: 1 },
          { value: 'Item 10', key: 'item 10', count: 1 },
        ],
        missing: 3,
      },
      {
        traitType: 'Eyes',
        key: 'eyes',
        values: [
          { value: 'Blue', key: 'blue', count: 3 },
          { value: 'Green', key: 'green', count: 1 },
          { value: 'None', key: 'none', count: 1 },
        ],
        missing: 0,
      },
      {
        traitType: 'Hat',
        key: 'hat',
        values: [
          { value: 'Red Cap', key: 'red cap', count: 3 },
          { value: 'Fez', key: 'fez', count: 1 },
        ],
        missing: 1,
      },
    ]);
  });

  it('counts tokens per number of traits, "none" left out', () => {
    const sut = summarizeTraits(TraitIndex.build(tokens));

    expect(sut.traitCounts).toEqual([
      { traitCount: 1, count: 1 },
      { traitCount: 2, count: 3 },
      { traitCount: 3, count: 1 },
    ]);
  });

  it('gives the range of numeric traits', () => {
    const sut = summarizeTraits(TraitIndex.build(tokens));

    expect(sut.numericTraits).toEqual([
      { traitType: 'Level', key: 'level', displayType: 'number', count: 2, min: 3, max: 12 },
    ]);
  });

  it('summarises an empty collection', () => {
    expect(summarizeTraits(TraitIndex.build([]))).toEqual({
      tokenCount: 0,
      traitTypes: [],
      traitCounts: [],
      numericTraits: [],
    });
  });
});
