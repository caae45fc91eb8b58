import type { Nft } from '@nexus/contract';

/** An ERC-721 NFT of a polygon collection named `collection`, "<prefix> #<id>", unranked unless given. */
export function testNft(
  contract: string,
  collection: string,
  prefix: string,
  tokenId: number | string,
  overrides: Partial<Nft> = {},
): Nft {
  return {
    tokenId: String(tokenId),
    name: `${prefix} #${tokenId}`,
    description: '',
    image: '',
    tokenType: 'ERC-721',
    network: 'polygon',
    contract: { address: contract, name: collection, openSeaMetadata: { collectionName: collection } },
    collection: { name: collection },
    metadata: { attributes: [] },
    attributes: [],
    rarityScore: null,
    rarityRank: null,
    ...overrides,
  };
}
