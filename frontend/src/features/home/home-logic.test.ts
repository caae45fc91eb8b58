import { describe, expect, it } from '@jest/globals';
import type { WhitelistedCollection } from '@nexus/contract';
import { testCollection } from '../../testing/test-collection';
import { collectionBadge, filterFeatured, homeStats, isLongDescription, matchTrending } from './home-logic';

function collection(
  id: string,
  name: string,
  contractAddress: string,
  network: WhitelistedCollection['network'],
): WhitelistedCollection {
  return testCollection({ id, name, contractAddress, network });
}

const whitelist = [
  collection('1', 'Polygon Punks', '0xAAA', 'polygon'),
  collection('2', 'Cronos Cats', '0xBBB', 'cronos'),
  collection('3', 'Eth Owls', '0xCCC', 'ethereum'),
];

describe(filterFeatured.name, () => {
  it('filters by name or network', () => {
    expect(filterFeatured(whitelist, 'cats').map((c) => c.id)).toEqual(['2']);
    expect(filterFeatured(whitelist, 'ETHEREUM').map((c) => c.id)).toEqual(['3']);
    expect(filterFeatured(whitelist, ' ')).toHaveLength(3);
  });
});

describe(matchTrending.name, () => {
  const trending = [
    { searchTerm: '0xaaa', searchCount: 4 },
    { searchTerm: 'unknown', searchCount: 100 },
    { searchTerm: ' 0xCCC ', searchCount: 9 },
    { searchTerm: '0xAAA', searchCount: 1 },
  ];

  it('keeps only searches of a whitelisted contract address, most searched first, once each', () => {
    const matched = matchTrending(trending, whitelist);
    expect(matched.map((m) => [m.rank, m.collection.id, m.searchCount])).toEqual([
      [1, '3', 9],
      [2, '1', 4],
    ]);
  });

  it('caps at the limit', () => {
    expect(matchTrending(trending, whitelist, 1)).toHaveLength(1);
  });

  it('keeps the top 10 of a long list', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      collection(String(i), `C${i}`, `0x${i.toString(16).padStart(40, '0')}`, 'polygon'),
    );
    const searches = many.map((c, i) => ({ searchTerm: c.contractAddress, searchCount: i + 1 }));
    const matched = matchTrending([{ searchTerm: 'wallet', searchCount: 999 }, ...searches], many);
    expect(matched).toHaveLength(10);
    expect(matched[0]).toMatchObject({ rank: 1, searchCount: 30 });
    expect(matched[9]).toMatchObject({ rank: 10, searchCount: 21 });
  });

  it('does not match a collection by its name', () => {
    expect(matchTrending([{ searchTerm: 'Eth Owls', searchCount: 3 }], whitelist)).toEqual([]);
  });

  it('labels cards with the trending rank or Featured', () => {
    const matched = matchTrending(trending, whitelist);
    expect(collectionBadge(whitelist[0]!, matched)).toBe('#2');
    expect(collectionBadge(whitelist[1]!, matched)).toBe('Featured');
  });

  it('computes the stat tiles', () => {
    const matched = matchTrending(trending, whitelist);
    expect(homeStats(whitelist, trending, matched)).toEqual({
      featured: 3,
      trendingNow: 2,
      networks: 3,
      totalSearches: 114,
    });
  });
});

describe(isLongDescription.name, () => {
  it('collapses above 150 characters', () => {
    expect(isLongDescription('x'.repeat(150))).toBe(false);
    expect(isLongDescription('x'.repeat(151))).toBe(true);
  });
});
