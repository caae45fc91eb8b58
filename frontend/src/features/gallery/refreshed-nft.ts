import type { Nft, NftsResponse } from '@nexus/contract';

/** What a refresh of the metadata changes of an NFT (its balance and ranks stay). */
function metadataOf({ name, description, image, imageFallback, attributes, metadata }: Nft) {
  return { name, description, image, imageFallback, attributes, metadata };
}

/** The scan's answer with the refreshed NFT's metadata (its balance and ranks kept); itself when absent. */
export function withRefreshedNft(scan: NftsResponse, refreshed: Nft): NftsResponse {
  const contract = refreshed.contract.address.toLowerCase();
  let changed = false;
  const nfts = scan.nfts.map((nft) => {
    if (nft.tokenId !== refreshed.tokenId || nft.contract.address.toLowerCase() !== contract) return nft;
    changed = true;
    const { metadataUnavailable, metadataReason } = refreshed;
    const { metadataUnavailable: _before, metadataReason: _reason, ...kept } = nft;
    return {
      ...kept,
      ...metadataOf(refreshed),
      ...(metadataUnavailable ? { metadataUnavailable } : {}),
      ...(metadataReason ? { metadataReason } : {}),
    };
  });
  return changed ? { ...scan, nfts } : scan;
}
