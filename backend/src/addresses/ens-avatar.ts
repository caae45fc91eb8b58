import type { NftReference } from '../chain/index.js';

/** What an ENSIP-12 `avatar` record names: an image URI, or an NFT whose image is shown. */
export type AvatarRecord = { kind: 'uri'; uri: string } | { kind: 'nft'; chainId: number; nft: NftReference };

const NFT_RECORD = /^eip155:(\d{1,10})\/(erc721|erc1155):(0x[0-9a-f]{40})\/(\d{1,78})$/i;
const URI_RECORD = /^(https?|ipfs|ar):\/\/\S+$/i;

/**
 * ENSIP-12: `eip155:<chainId>/erc721:<contract>/<tokenId>` (or erc1155), or an `https://`,
 * `http://`, `ipfs://` or `ar://` URL. Anything else (data: URIs included: we serve only images
 * our media route fetched and checked) is null.
 */
export function parseAvatarRecord(record: string): AvatarRecord | null {
  const value = record.trim();
  const nft = NFT_RECORD.exec(value);
  if (nft) {
    return {
      kind: 'nft',
      chainId: Number(nft[1]),
      nft: {
        standard: nft[2]!.toLowerCase() as NftReference['standard'],
        contract: nft[3]!.toLowerCase(),
        tokenId: BigInt(nft[4]!).toString(),
      },
    };
  }
  if (URI_RECORD.test(value)) return { kind: 'uri', uri: value };
  return null;
}

/** Our image route for an image URI: the browser never loads an avatar from its host directly. */
export function proxiedImagePath(uri: string): string | null {
  return URI_RECORD.test(uri.trim()) ? `/api/media/image?src=${encodeURIComponent(uri.trim())}` : null;
}
