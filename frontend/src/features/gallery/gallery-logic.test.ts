import { describe, expect, it } from '@jest/globals';
import type { Nft } from '@nexus/contract';
import { testNft } from '../../testing/test-nft';
import { filterByText, paginate, rarityTier, sortNfts } from './gallery-logic';

function nft(tokenId: string, overrides: Partial<Nft> = {}): Nft {
  return testNft('0xc', 'Demo', 'Token', tokenId, overrides);
}

const ids = (list: Nft[]) => list.map((n) => n.tokenId);

describe(sortNfts.name, () => {
  const list = [
    nft('10', { rarityRank: 2, rarityScore: 40 }),
    nft('2', { rarityRank: null, rarityScore: null }),
    nft('1', { rarityRank: 1, rarityScore: 90 }),
    nft('100', { rarityRank: 3, rarityScore: 12 }),
  ];

  it('sorts by rarity rank with unranked last', () => {
    expect(ids(sortNfts(list, 'rarity-rank'))).toEqual(['1', '10', '100', '2']);
  });

  it('sorts by rarity score, highest first, unscored last', () => {
    expect(ids(sortNfts(list, 'rarity-score'))).toEqual(['1', '10', '100', '2']);
  });

  it('sorts token ids numerically, including ids beyond 2^53', () => {
    const big = [nft('18446744073709551617'), nft('9'), nft('18446744073709551616')];
    expect(ids(sortNfts(big, 'tokenId'))).toEqual(['9', '18446744073709551616', '18446744073709551617']);
  });

  it('sorts by name naturally and does not mutate its input', () => {
    const named = [nft('1', { name: 'Ape 10' }), nft('2', { name: 'Ape 2' })];
    expect(ids(sortNfts(named, 'name'))).toEqual(['2', '1']);
    expect(ids(named)).toEqual(['1', '2']);
  });

  it('reverses a sort as the page route does: values only, ties in token order, unranked last', () => {
    const tied = [...list, nft('3', { rarityRank: 2, rarityScore: 40 })];
    expect(ids(sortNfts(tied, 'rarity-rank', 'desc'))).toEqual(['100', '3', '10', '1', '2']);
    expect(ids(sortNfts(tied, 'rarity-score', 'asc'))).toEqual(['100', '3', '10', '1', '2']);
    expect(ids(sortNfts(tied, 'tokenId', 'desc'))).toEqual(['100', '10', '3', '2', '1']);
    expect(ids(sortNfts(tied, 'rarity-rank', 'asc'))).toEqual(ids(sortNfts(tied, 'rarity-rank')));
  });
});

describe(filterByText.name, () => {
  it('matches name or token id', () => {
    const list = [nft('1', { name: 'Sun' }), nft('22', { name: 'Moon' })];
    expect(ids(filterByText(list, 'moo'))).toEqual(['22']);
    expect(ids(filterByText(list, '1'))).toEqual(['1']);
  });
});

describe(paginate.name, () => {
  it('pages by 50 and clamps the page', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    expect(paginate(items, 1)).toMatchObject({ page: 1, pageCount: 3 });
    expect(paginate(items, 3).items).toHaveLength(20);
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});

describe(rarityTier.name, () => {
  it('crowns the top 10 and highlights the top 50', () => {
    expect([1, 10, 11, 50, 51, null].map(rarityTier)).toEqual([
      'crown',
      'crown',
      'top',
      'top',
      'none',
      'none',
    ]);
  });
});
