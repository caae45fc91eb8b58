import { describe, expect, it } from '@jest/globals';
import type { Nft, NftsResponse } from '@nexus/contract';
import { testNft } from '../../testing/test-nft';
import { withRefreshedNft } from './refreshed-nft';

function nft(tokenId: string, contract: string, overrides: Partial<Nft> = {}): Nft {
  return testNft(contract, 'C', 'Old', tokenId, { network: 'ethereum', ...overrides });
}

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);

describe(withRefreshedNft.name, () => {
  const scan = {
    nfts: [nft('1', A, { balance: 5, rarityRank: 4, metadataUnavailable: true }), nft('1', B)],
  } as NftsResponse;

  it("takes the refreshed metadata into the scan's NFT, keeping its balance and rank", () => {
    const refreshed = nft('1', A.toUpperCase().replace('0X', '0x'), {
      name: 'Revealed #1',
      image: '/api/media/image?src=x',
      attributes: [{ trait_type: 'Hat', value: 'Cap' }],
      metadata: { attributes: [{ trait_type: 'Hat', value: 'Cap' }] },
      rarityRank: null,
    });
    const next = withRefreshedNft(scan, refreshed);
    expect(next.nfts[0]).toMatchObject({ name: 'Revealed #1', balance: 5, rarityRank: 4 });
    expect(next.nfts[0]!.attributes).toEqual([{ trait_type: 'Hat', value: 'Cap' }]);
    expect(next.nfts[0]!.metadataUnavailable).toBeUndefined();
    expect(next.nfts[1]).toBe(scan.nfts[1]);
  });

  it('answers the same object when the NFT is not in the scan', () => {
    expect(withRefreshedNft(scan, nft('2', A))).toBe(scan);
  });
});
