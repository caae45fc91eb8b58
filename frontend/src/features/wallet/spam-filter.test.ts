import { describe, expect, it } from '@jest/globals';
import type { Nft } from '@nexus/contract';
import { isFlaggedAsSpam, isSpamCollection, SPAM_KEYWORDS, withoutSpam } from './spam-filter';

/** A sample NFT whose contract carries the data source's verdict (absent: no verdict). */
function sample(isSpam?: boolean, spamClassifications?: string[]): Pick<Nft, 'contract'> {
  return {
    contract: {
      address: '0x000386e3f7559d9b6a2f5c46b4ad1a9587d59dc3',
      name: 'Bored Ape Nike Club',
      openSeaMetadata: { collectionName: 'BoredApeNikeClub' },
      ...(isSpam === undefined ? {} : { isSpam }),
      ...(spamClassifications ? { spamClassifications } : {}),
    },
  };
}

describe(isSpamCollection.name, () => {
  it.each(SPAM_KEYWORDS.filter((w) => w !== '$'))('hides a name with the word "%s"', (word) => {
    expect(isSpamCollection({ name: `Nexus ${word} Pass`, count: 1 })).toBe(true);
    expect(isSpamCollection({ name: `Nexus ${word.toUpperCase()} Pass`, count: 1 })).toBe(true);
  });

  it('matches words, not parts of words', () => {
    expect(isSpamCollection({ name: 'Gothic Getaway', count: 1 })).toBe(false);
    expect(isSpamCollection({ name: 'Raindrops', count: 1 })).toBe(false);
    expect(isSpamCollection({ name: 'Peppermint Club', count: 1 })).toBe(false);
  });

  it('hides a name with a dollar sign, a link or a domain ending', () => {
    expect(isSpamCollection({ name: '$5000 USDC', count: 1 })).toBe(true);
    expect(isSpamCollection({ name: 'Go to https://x', count: 1 })).toBe(true);
    expect(isSpamCollection({ name: 'www.nexus', count: 1 })).toBe(true);
    expect(isSpamCollection({ name: 'Nexus-Rewards.xyz', count: 1 })).toBe(true);
  });

  it('hides a name that is an address, whole or shortened', () => {
    expect(isSpamCollection({ name: '0x1234567890abcdef1234567890abcdef12345678', count: 1 })).toBe(true);
    expect(isSpamCollection({ name: '0x12...5678', count: 2 })).toBe(true);
  });

  it('keeps a name with real words besides an address (longer than 3 characters without it)', () => {
    expect(isSpamCollection({ name: 'Nexus Apes 0x1234abcd', count: 1 })).toBe(false);
  });

  it('keeps any collection held more than 10 times', () => {
    expect(isSpamCollection({ name: '0x1234567890abcdef', count: 11 })).toBe(false);
    expect(isSpamCollection({ name: 'Claim Free Reward Voucher', count: 11 })).toBe(false);
    expect(isSpamCollection({ name: '0x1234567890abcdef', count: 10 })).toBe(true);
  });

  it('keeps ordinary names, short ones and unnamed collections', () => {
    expect(isSpamCollection({ name: 'Nexus Apes', count: 1 })).toBe(false);
    expect(isSpamCollection({ name: 'Ape', count: 1 })).toBe(false);
    expect(isSpamCollection({ name: '', count: 1 })).toBe(false);
  });

  it('filters a list', () => {
    const list = [
      { name: 'Real', count: 1 },
      { name: 'Claim Free Reward Voucher', count: 1 },
      { name: '0xdeadbeef', count: 1 },
    ];
    expect(withoutSpam(list)).toEqual([{ name: 'Real', count: 1 }]);
  });

  it('hides a collection the data source flags as spam, whatever its name and count', () => {
    const flagged = { name: 'BoredApeNikeClub', sampleNFTs: [sample(true, ['Erc721TooManyTokens'])] };
    expect(isSpamCollection({ ...flagged, count: 1 })).toBe(true);
    expect(isSpamCollection({ ...flagged, count: 26 })).toBe(true);
  });

  it('judges by the name alone where the source says not spam or says nothing', () => {
    expect(isSpamCollection({ name: 'Buttpluggy', count: 1, sampleNFTs: [sample(false)] })).toBe(false);
    expect(isSpamCollection({ name: 'Smilesss', count: 1, sampleNFTs: [sample()] })).toBe(false);
    expect(
      isSpamCollection({ name: 'Claim Free Reward Voucher', count: 1, sampleNFTs: [sample(false)] }),
    ).toBe(true);
  });

  it('filters flagged collections out of a list', () => {
    const list = [
      { name: 'Real', count: 1, sampleNFTs: [sample(false)] },
      { name: 'Guardian Penguins Official', count: 1, sampleNFTs: [sample(true, ['NoSalesActivity'])] },
    ];
    expect(withoutSpam(list).map((c) => c.name)).toEqual(['Real']);
  });
});

describe(isFlaggedAsSpam.name, () => {
  it('reads the verdict off the sample NFTs', () => {
    expect(isFlaggedAsSpam({ name: 'x', count: 1, sampleNFTs: [sample(), sample(true)] })).toBe(true);
    expect(isFlaggedAsSpam({ name: 'x', count: 1, sampleNFTs: [sample(false)] })).toBe(false);
    expect(isFlaggedAsSpam({ name: 'x', count: 1, sampleNFTs: [] })).toBe(false);
    expect(isFlaggedAsSpam({ name: 'x', count: 1 })).toBe(false);
  });
});
