import { isMetadataReason } from '@nexus/contract';
import type { NftRecord } from './collections.repository.js';
import type { MetadataStatus } from './nft.entity.js';

/** The columns of an NFT row that make an NftRecord, in the order the upsert writes them. */
export const NFT_COLUMNS = `token_id, token_uri, name, description, image, image_fallback, attributes, metadata_status, metadata_reason, rarity_score, rarity_rank`;

/** An NFT row as `select ${NFT_COLUMNS}` reads it. */
export interface NftRow {
  token_id: string;
  token_uri: string | null;
  name: string;
  description: string;
  image: string | null;
  image_fallback: string | null;
  attributes: NftRecord['attributes'];
  metadata_status: MetadataStatus;
  metadata_reason: string | null;
  rarity_score: number | null;
  rarity_rank: number | null;
}

export function toNftRecord(r: NftRow): NftRecord {
  return {
    tokenId: r.token_id,
    tokenUri: r.token_uri,
    name: r.name,
    description: r.description,
    image: r.image,
    ...(r.image_fallback ? { imageFallback: r.image_fallback } : {}),
    attributes: r.attributes,
    metadataStatus: r.metadata_status,
    ...(isMetadataReason(r.metadata_reason) ? { metadataReason: r.metadata_reason } : {}),
    rarityScore: r.rarity_score,
    rarityRank: r.rarity_rank,
  };
}
