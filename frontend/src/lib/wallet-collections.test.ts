import { describe, expect, it } from '@jest/globals';
import type { CollectionSummary, Nft } from '@nexus/contract';
import { filterWalletCollections, groupByContract, sortWalletCollections } from './wallet-collections';

function nft(contract: string, name: string, tokenId: string): Nft {
  return {
    tokenId,
    name: `${name} #${tokenId}`,
    description: '',
    image: '',
    tokenType: 'ERC-721',
    network: 'ethereum',
    contract: { address: contract, name, openSeaMetadata: { collectionName: name } },
    collection: { name },
    metadata: { attributes: [] },
    attributes: [],
    rarityScore: null,
    rarityRank: null,
  };
}

describe(groupByContract.name, () => {
  it('groups by contract case-insensitively with at most 4 samples', () => {
    const nfts = [
      ...['1', '2', '3', '4', '5'].map((id) => nft('0xAA', 'Apes', id)),
      nft('0xaa', 'Apes', '6'),
      nft('0xbb', 'Birds', '1'),
    ];
    const groups = groupByContract(nfts);
    expect(groups.map((g) => [g.name, g.count, g.sampleNFTs.length])).toEqual([
      ['Apes', 6, 4],
      ['Birds', 1, 1],
    ]);
  });

  it('adds up the copies held: ERC-1155 balances, 1 for an NFT without one', () => {
    const editions = [
      nft('0xee', 'Editions', '1'),
      nft('0xee', 'Editions', '2'),
      nft('0xee', 'Editions', '3'),
    ];
    editions[0]!.balance = 5;
    editions[2]!.balance = 7;
    const [group] = groupByContract(editions);
    expect([group!.count, group!.quantity]).toEqual([3, 13]);
    expect(groupByContract([nft('0xaa', 'Apes', '1')])[0]!.quantity).toBe(1);
  });
});

describe('collection names', () => {
  it("prefer the collection's marketplace name to the contract's own", () => {
    const named = nft('0xcc', 'CyborgMercenariesCm', '1');
    named.collection = { name: 'Undead Warriors' };
    named.contract.openSeaMetadata = { collectionName: 'Undead Warriors' };
    expect(groupByContract([named]).map((g) => g.name)).toEqual(['Undead Warriors']);
  });
});

describe(sortWalletCollections.name, () => {
  const summary = (name: string, contractAddress: string, count: number): CollectionSummary => ({
    name,
    contractAddress,
    count,
    sampleNFTs: [],
  });

  it('puts featured first, then sorts by name, then by count', () => {
    const list = [
      summary('Zeta', '0x1', 1),
      summary('alpha', '0x2', 1),
      summary('Alpha', '0x3', 5),
      summary('Mid', '0xF', 1),
    ];
    const sorted = sortWalletCollections(list, new Set(['0xf']));
    expect(sorted.map((c) => c.contractAddress)).toEqual(['0xF', '0x3', '0x2', '0x1']);
  });

  it('searches by name or contract', () => {
    const list = [summary('Apes', '0xabc', 1), summary('Birds', '0xdef', 1)];
    expect(filterWalletCollections(list, 'DEF').map((c) => c.name)).toEqual(['Birds']);
    expect(filterWalletCollections(list, 'ape').map((c) => c.name)).toEqual(['Apes']);
  });
});
