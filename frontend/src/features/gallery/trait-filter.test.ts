import { describe, expect, it } from '@jest/globals';
import type { Nft, NftAttribute, TraitTypeCounts } from '@nexus/contract';
import {
  MISSING_VALUE_KEY,
  activeTraitChips,
  filterByTraitSelection,
  matchingValues,
  normalizeTraitKey,
  selectedValueCount,
  summarizeNftTraits,
  toggleTraitValue,
  traitValueCount,
} from './trait-filter';
import { testNft } from '../../testing/test-nft';

function nft(tokenId: string, attributes: NftAttribute[], inMetadataOnly = false): Nft {
  return testNft('0xc', 'Demo', 'Token', tokenId, {
    metadata: { attributes },
    attributes: inMetadataOnly ? [] : attributes,
  });
}

const ids = (list: Nft[]) => list.map((n) => n.tokenId);

const list = [
  nft('1', [
    { trait_type: 'Color', value: 'Red' },
    { trait_type: 'Hat', value: 'Cap' },
  ]),
  nft('2', [
    { trait_type: 'Color', value: 'Blue' },
    { trait_type: 'Hat', value: 'None' },
  ]),
  nft(
    '3',
    [
      { trait_type: ' color ', value: 'GREEN' },
      { trait_type: 'Hat', value: 'cap ' },
    ],
    true,
  ),
  nft('4', [
    { trait_type: 'Color', value: 'Red' },
    { trait_type: 'Level', value: 7, display_type: 'number' },
  ]),
];

describe(normalizeTraitKey.name, () => {
  it('trims and lower-cases, as the API keys values', () => {
    expect(normalizeTraitKey('  Red Hat ')).toBe('red hat');
    expect(normalizeTraitKey(12)).toBe('12');
    expect(normalizeTraitKey(true)).toBe('true');
    expect(normalizeTraitKey(null)).toBe('');
  });
});

describe(filterByTraitSelection.name, () => {
  it('ORs values within one trait', () => {
    expect(ids(filterByTraitSelection(list, { color: ['red', 'blue'] }))).toEqual(['1', '2', '4']);
  });

  it('ANDs separate traits, compares normalised keys and reads metadata attributes too', () => {
    expect(ids(filterByTraitSelection(list, { color: ['red', 'green'], hat: ['cap'] }))).toEqual(['1', '3']);
  });

  it('matches NFTs lacking a trait type with the missing value', () => {
    expect(ids(filterByTraitSelection(list, { hat: [MISSING_VALUE_KEY] }))).toEqual(['4']);
    expect(ids(filterByTraitSelection(list, { hat: [MISSING_VALUE_KEY, 'none'] }))).toEqual(['2', '4']);
  });

  it('keeps everything without active values', () => {
    expect(ids(filterByTraitSelection(list, {}))).toEqual(['1', '2', '3', '4']);
    expect(ids(filterByTraitSelection(list, { color: [] }))).toEqual(['1', '2', '3', '4']);
  });

  it('finds nothing for a value no NFT has', () => {
    expect(filterByTraitSelection(list, { color: ['purple'] })).toEqual([]);
  });
});

describe(toggleTraitValue.name, () => {
  it('adds and removes values and drops an emptied trait', () => {
    const one = toggleTraitValue({}, 'color', 'red');
    const two = toggleTraitValue(one, 'color', 'blue');
    expect(two).toEqual({ color: ['red', 'blue'] });
    expect(selectedValueCount(toggleTraitValue(two, 'hat', 'cap'))).toBe(3);
    expect(toggleTraitValue(toggleTraitValue(two, 'color', 'red'), 'color', 'blue')).toEqual({});
    expect(one).toEqual({ color: ['red'] });
  });
});

describe(summarizeNftTraits.name, () => {
  it('counts values per normalised trait type, most common first, with the NFTs lacking it', () => {
    const summary = summarizeNftTraits(list);
    const expected: TraitTypeCounts[] = [
      {
        traitType: 'Color',
        key: 'color',
        values: [
          { value: 'Red', key: 'red', count: 2 },
          { value: 'Blue', key: 'blue', count: 1 },
          { value: 'GREEN', key: 'green', count: 1 },
        ],
        missing: 0,
      },
      {
        traitType: 'Hat',
        key: 'hat',
        values: [
          { value: 'Cap', key: 'cap', count: 2 },
          { value: 'None', key: 'none', count: 1 },
        ],
        missing: 1,
      },
    ];
    expect(summary).toEqual(expected);
    expect(traitValueCount(summary, ' HAT', 'cap')).toBe(2);
    expect(traitValueCount(summary, 'Hat', 'Beanie')).toBeNull();
  });
});

describe(activeTraitChips.name, () => {
  it('names chosen values as the summary spells them', () => {
    const summary = summarizeNftTraits(list);
    expect(activeTraitChips({ hat: ['cap', MISSING_VALUE_KEY], color: ['green'] }, summary)).toEqual([
      { typeKey: 'color', valueKey: 'green', traitType: 'Color', value: 'GREEN' },
      { typeKey: 'hat', valueKey: 'cap', traitType: 'Hat', value: 'Cap' },
      { typeKey: 'hat', valueKey: MISSING_VALUE_KEY, traitType: 'Hat', value: 'Not present' },
    ]);
  });
});

describe(matchingValues.name, () => {
  it('keeps a whole trait when its name matches, else the matching values', () => {
    const [color] = summarizeNftTraits(list);
    expect(matchingValues(color!, 'COL')).toHaveLength(3);
    expect(matchingValues(color!, 're').map((v) => v.key)).toEqual(['red', 'green']);
    expect(matchingValues(color!, '')).toHaveLength(3);
  });
});
