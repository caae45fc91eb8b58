import type { NftRecord } from './collections.repository.js';
import { mediaUrl, toApiNft, type CollectionRef } from './nft.mapper.js';

const record: NftRecord = {
  tokenId: '0',
  tokenUri: 'ipfs://bafy/0',
  name: 'Warrior #0',
  description: '',
  image: 'https://nft-cdn.alchemy.com/eth-mainnet/0',
  imageFallback: 'https://ipfs.io/ipfs/bafy/0.png',
  attributes: [{ trait_type: 'Property', value: 'Samurai' }],
  metadataStatus: 'ok',
  rarityScore: null,
  rarityRank: null,
};

const cyborgs: CollectionRef = {
  network: 'ethereum',
  address: '0x61fce80d72363b731425c3a2a46a1a5fed9814b2',
  name: 'Undead Warriors',
  contractName: 'CyborgMercenariesCm',
  standard: 'ERC-1155',
};

describe(toApiNft.name, () => {
  it("names the collection by its collection name and the contract by the contract's own", () => {
    const sut = toApiNft(record, cyborgs);

    expect(sut.contract).toEqual({
      address: cyborgs.address,
      name: 'CyborgMercenariesCm',
      openSeaMetadata: { collectionName: 'Undead Warriors' },
    });
    expect(sut.collection).toEqual({ name: 'Undead Warriors' });
  });

  it('uses the one name everywhere when the source knows only the contract (JSON-RPC)', () => {
    const sut = toApiNft(record, { ...cyborgs, name: 'Nexus Apes', contractName: undefined });

    expect([sut.contract.name, sut.contract.openSeaMetadata.collectionName, sut.collection.name]).toEqual([
      'Nexus Apes',
      'Nexus Apes',
      'Nexus Apes',
    ]);
  });

  it("carries the source's spam verdict, and no verdict where it gave none", () => {
    const flagged = toApiNft(record, { ...cyborgs, isSpam: true, spamClassifications: ['NoSalesActivity'] });
    expect(flagged.contract).toMatchObject({ isSpam: true, spamClassifications: ['NoSalesActivity'] });
    expect(toApiNft(record, { ...cyborgs, isSpam: false }).contract).toMatchObject({ isSpam: false });
    expect(toApiNft(record, { ...cyborgs, isSpam: false }).contract).not.toHaveProperty(
      'spamClassifications',
    );
    expect(toApiNft(record, cyborgs).contract).not.toHaveProperty('isSpam');
  });

  it('serves the image and its fallback through the media route', () => {
    const sut = toApiNft(record, cyborgs);

    expect(sut.image).toBe(mediaUrl('https://nft-cdn.alchemy.com/eth-mainnet/0'));
    expect(sut.imageFallback).toBe(mediaUrl('https://ipfs.io/ipfs/bafy/0.png'));
    expect(toApiNft({ ...record, imageFallback: null }, cyborgs)).not.toHaveProperty('imageFallback');
    expect(toApiNft({ ...record, imageFallback: record.image }, cyborgs)).not.toHaveProperty('imageFallback');
  });
});
