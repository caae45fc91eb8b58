import type { MetadataResolver, ResolvedMetadata, TokenRef } from '../chain/index.js';
import { resolveTokens } from './token-metadata.js';

const found: ResolvedMetadata = {
  name: 'Found',
  description: null,
  image: 'https://nft-cdn.alchemy.com/eth-mainnet/1',
  imageFallback: 'ipfs://bafy/1.png',
  animationUrl: null,
  attributes: [],
};

function resolver(): MetadataResolver & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    resolve: (uri) => {
      fetched.push(uri);
      return Promise.resolve(uri.endsWith('/ok') ? found : null);
    },
    toHttpUrl: () => null,
  };
}

describe(resolveTokens.name, () => {
  it('fetches a token URI only where the source holds no metadata and no reason it cannot', async () => {
    const tokens: TokenRef[] = [
      { tokenId: '1', tokenUri: 'https://host/ok' },
      { tokenId: '2', tokenUri: 'https://host/held', metadata: found },
      {
        tokenId: '3',
        tokenUri: 'http://api.nikeapenft.xyz/ipfs/3',
        metadataUnavailable: 'Contract returned a broken token uri',
      },
      { tokenId: '4', tokenUri: 'https://host/gone' },
      { tokenId: '5', tokenUri: null },
    ];
    const sut = resolver();

    const records = await resolveTokens(tokens, sut, 2, () => undefined);

    expect(sut.fetched).toEqual(['https://host/ok', 'https://host/gone']);
    expect(records.map((r) => [r.tokenId, r.metadataStatus])).toEqual([
      ['1', 'ok'],
      ['2', 'ok'],
      ['3', 'error'],
      ['4', 'error'],
      ['5', 'missing'],
    ]);
    // Each token without metadata says why, even where the resolver cannot tell.
    expect(records.map((r) => r.metadataReason ?? null)).toEqual([
      null,
      null,
      'source-failed',
      'invalid',
      'no-uri',
    ]);
  });

  it('keeps the fallback image next to the image', async () => {
    const [record] = await resolveTokens(
      [{ tokenId: '1', tokenUri: 'x', metadata: found }],
      resolver(),
      1,
      () => undefined,
    );

    expect(record).toMatchObject({ image: found.image, imageFallback: 'ipfs://bafy/1.png' });
  });
});
