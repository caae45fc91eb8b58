import type { AlchemyNft } from './alchemy-api.types.js';
import {
  toCollectionInfo,
  toOwnedTokenRef,
  toResolvedMetadata,
  toTokenRef,
  toTokenType,
} from './alchemy.mapper.js';

const CONTRACT = { address: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318', tokenType: 'ERC1155' };

const nft = (overrides: Partial<AlchemyNft> = {}): AlchemyNft => ({
  contract: CONTRACT,
  tokenId: '1',
  ...overrides,
});

describe(toTokenType.name, () => {
  it.each([
    ['ERC721', 'ERC-721'],
    ['ERC1155', 'ERC-1155'],
    ['erc-721', 'ERC-721'],
    ['NO_SUPPORTED_NFT_STANDARD', null],
    ['NOT_A_CONTRACT', null],
    ['UNKNOWN', null],
    [null, null],
  ])('maps %p to %p', (raw, expected) => {
    expect(toTokenType(raw)).toBe(expected);
  });
});

describe(toCollectionInfo.name, () => {
  it("names the collection as OpenSea does, keeping the contract's own name apart", () => {
    const sut = toCollectionInfo('ethereum', {
      address: CONTRACT.address,
      name: 'CyborgMercenariesCm',
      tokenType: 'ERC1155',
      openSeaMetadata: { collectionName: 'Undead Warriors' },
    });

    expect(sut).toMatchObject({ name: 'Undead Warriors', contractName: 'CyborgMercenariesCm' });
  });

  it("keeps the contract's name where OpenSea has none", () => {
    const sut = toCollectionInfo('ethereum', {
      address: CONTRACT.address,
      name: ' Buttpluggy ',
      tokenType: 'ERC721',
    });

    expect(sut).toMatchObject({ name: 'Buttpluggy', contractName: 'Buttpluggy' });
  });

  it.each([
    [true, ['HighHoneyPotPercent'], { isSpam: true, spamClassifications: ['HighHoneyPotPercent'] }],
    ['true', [], { isSpam: true }],
    [false, [], { isSpam: false }],
    ['FALSE', undefined, { isSpam: false }],
  ])('carries the spam verdict isSpam=%p, %p', (isSpam, spamClassifications, expected) => {
    const sut = toCollectionInfo('ethereum', { ...CONTRACT, isSpam, spamClassifications });

    expect(sut).toMatchObject(expected);
    if (!('spamClassifications' in expected)) expect(sut).not.toHaveProperty('spamClassifications');
  });

  it('claims no verdict where Alchemy gives none', () => {
    const sut = toCollectionInfo('ethereum', { ...CONTRACT, isSpam: null });

    expect(sut).not.toHaveProperty('isSpam');
    expect(sut).not.toHaveProperty('spamClassifications');
  });

  it('falls back to the NFT token type and collection name when the contract says nothing', () => {
    const sut = toCollectionInfo(
      'polygon',
      { address: CONTRACT.address, tokenType: null, totalSupply: 'n/a' },
      {
        tokenType: 'ERC721',
        collectionName: 'Harbor Lights',
      },
    );

    expect(sut).toMatchObject({
      network: 'polygon',
      name: 'Harbor Lights',
      standard: 'ERC-721',
      totalSupply: null,
    });
  });
});

describe(toTokenRef.name, () => {
  it('turns a hex token id into a decimal one', () => {
    expect(
      toTokenRef(nft({ tokenId: '0x00000000000000000000000000000000000000000000000000000000000001c8' }))
        ?.tokenId,
    ).toBe('456');
  });

  it('drops a token whose id is not a number', () => {
    expect(toTokenRef(nft({ tokenId: 'abc' }))).toBeNull();
  });

  it("keeps Alchemy's reason when it could not read the metadata, so nobody fetches the URI", () => {
    const sut = toTokenRef(
      nft({
        tokenUri: 'http://api.nikeapenft.xyz/ipfs/1',
        raw: { metadata: {}, error: 'Contract returned a broken token uri' },
      }),
    );

    expect(sut).toEqual({
      tokenId: '1',
      tokenUri: 'http://api.nikeapenft.xyz/ipfs/1',
      metadataUnavailable: 'Contract returned a broken token uri',
    });
  });
});

describe(toOwnedTokenRef.name, () => {
  it('clamps a balance beyond what a number holds exactly', () => {
    expect(toOwnedTokenRef({ ...nft(), balance: '1000000000000000000000' }, 'ERC-1155')?.balance).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it('counts a missing balance as one', () => {
    expect(toOwnedTokenRef(nft(), 'ERC-1155')?.balance).toBe(1);
  });

  it('holds an ERC-721 token once, whatever balance Alchemy reports', () => {
    expect(toOwnedTokenRef({ ...nft(), balance: '26' }, 'ERC-721')?.balance).toBe(1);
    expect(toOwnedTokenRef({ ...nft(), balance: '26' }, 'ERC-1155')?.balance).toBe(26);
  });
});

describe(toResolvedMetadata.name, () => {
  it('reads metadata served as a JSON string, with traits as a map', () => {
    const sut = toResolvedMetadata(
      nft({ raw: { metadata: JSON.stringify({ name: 'Kelp', attributes: { Pool: 'South', Depth: 4 } }) } }),
    );

    expect(sut).toEqual({
      name: 'Kelp',
      description: null,
      image: null,
      animationUrl: null,
      attributes: [
        { trait_type: 'Pool', value: 'South' },
        { trait_type: 'Depth', value: 4 },
      ],
    });
  });

  it("prefers Alchemy's cached copy of the image, keeping the original as the fallback", () => {
    const raw = { metadata: { image: 'ipfs://bafy/1.png' } };
    const image = (cachedUrl: string | null, originalUrl: string | null) =>
      toResolvedMetadata(nft({ raw, image: { originalUrl, cachedUrl } }));

    expect(image('https://c/1', 'https://a/1.png')).toMatchObject({
      image: 'https://c/1',
      imageFallback: 'https://a/1.png',
    });
    // No original URL: the published image is the original.
    expect(image('https://c/1', null)).toMatchObject({
      image: 'https://c/1',
      imageFallback: 'ipfs://bafy/1.png',
    });
    expect(image(null, 'https://a/1.png')).toEqual(expect.objectContaining({ image: 'https://a/1.png' }));
    expect(image(null, 'https://a/1.png')).not.toHaveProperty('imageFallback');
    expect(toResolvedMetadata(nft({ raw, image: null }))?.image).toBe('ipfs://bafy/1.png');
    expect(toResolvedMetadata(nft({ image: { cachedUrl: 'https://c/1' } }))).not.toHaveProperty(
      'imageFallback',
    );
  });

  it('answers undefined when Alchemy holds nothing for the token', () => {
    expect(
      toResolvedMetadata(
        nft({
          raw: {
            tokenUri: 'https://x/1',
            metadata: {},
            error: 'Token uri responded with a non 200 response code',
          },
        }),
      ),
    ).toBeUndefined();
  });
});
