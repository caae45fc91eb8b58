import { METADATA_REASONS, type Network, type Nft, type TokenType } from '@nexus/contract';
import type { NftRecord } from './collections.repository.js';

export interface CollectionRef {
  network: Network;
  address: string;
  /** OpenSea's collection name where the source knows one, else the contract's name. */
  name: string;
  standard: TokenType;
  /** The contract's own name(), where the source told it apart from `name`. */
  contractName?: string;
  isSpam?: boolean;
  spamClassifications?: string[];
}

/** Browser-facing address of an NFT image: always our bounded media route, never the source host. */
export function mediaUrl(image: string | null): string {
  return image ? `/api/media/image?src=${encodeURIComponent(image)}` : '';
}

/** Maps a stored NFT to the API shape of SPEC §3. */
export function toApiNft(record: NftRecord, collection: CollectionRef, balance?: number): Nft {
  const name = record.name || `${collection.name} #${record.tokenId}`;
  const fallback =
    record.imageFallback && record.imageFallback !== record.image ? record.imageFallback : null;
  return {
    tokenId: record.tokenId,
    name,
    description: record.description,
    image: mediaUrl(record.image),
    ...(fallback ? { imageFallback: mediaUrl(fallback) } : {}),
    tokenType: collection.standard,
    network: collection.network,
    contract: {
      address: collection.address,
      name: collection.contractName ?? collection.name,
      openSeaMetadata: { collectionName: collection.name },
      ...(collection.isSpam === undefined ? {} : { isSpam: collection.isSpam }),
      ...(collection.spamClassifications?.length
        ? { spamClassifications: collection.spamClassifications }
        : {}),
    },
    collection: { name: collection.name },
    metadata: { attributes: record.attributes },
    attributes: record.attributes,
    ...(balance !== undefined ? { balance } : {}),
    rarityScore: record.rarityScore,
    rarityRank: record.rarityRank,
    ...(record.metadataStatus === 'unavailable' ? { metadataUnavailable: true as const } : {}),
    ...(record.metadataStatus !== 'ok' && record.metadataReason
      ? { metadataReason: METADATA_REASONS[record.metadataReason] }
      : {}),
  };
}
