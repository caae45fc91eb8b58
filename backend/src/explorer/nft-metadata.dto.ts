import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import {
  CHAIN_IDS,
  ENABLED_NETWORKS,
  type Network,
  type NetworkInfo,
  type NetworksResponse,
  type Nft,
  type NftMetadataResponse,
  type NftRefreshResponse,
} from '@nexus/contract';
import { CollectionParamsDto } from '../rarity/index.js';

/** Decimal token ids up to 2^256 (78 digits). */
export const TOKEN_ID_PATTERN = /^\d{1,78}$/;

/** `/api/collections/:network/:address/nfts/:tokenId/…` of the metadata and refresh routes. */
export class NftTokenParamsDto extends CollectionParamsDto {
  @ApiProperty({ pattern: TOKEN_ID_PATTERN.source, example: '1', description: 'Decimal token id' })
  @Matches(TOKEN_ID_PATTERN, { message: 'tokenId must be a decimal number of at most 78 digits' })
  tokenId!: string;
}

class NetworkInfoDto implements NetworkInfo {
  @ApiProperty({ enum: ENABLED_NETWORKS })
  network!: Network;

  @ApiProperty({ example: CHAIN_IDS.ethereum })
  chainId!: number;

  @ApiProperty({ description: 'Served by a local dev chain: the web app links no public explorer' })
  devchain!: boolean;
}

export class NetworksResponseDto implements NetworksResponse {
  @ApiProperty({ type: [NetworkInfoDto] })
  networks!: NetworkInfo[];
}

export class NftMetadataResponseDto implements NftMetadataResponse {
  @ApiProperty({ enum: ENABLED_NETWORKS })
  network!: Network;

  @ApiProperty()
  address!: string;

  @ApiProperty()
  tokenId!: string;

  @ApiProperty({ type: String, nullable: true, description: 'tokenURI / uri as the contract answers it now' })
  tokenUri!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The http(s) address of tokenUri' })
  tokenUriHttp!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ERC-721 ownerOf; null for ERC-1155' })
  owner!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The metadata document as served (JSON pretty-printed), at most 100,000 characters',
  })
  metadata!: string | null;

  @ApiProperty()
  metadataTruncated!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Why there is no metadata to show' })
  metadataError!: string | null;
}

export class NftRefreshResponseDto implements NftRefreshResponse {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The stored NFT (SPEC §3 shape)' })
  nft!: Nft;

  @ApiProperty({ type: String, nullable: true })
  tokenUri!: string | null;

  @ApiProperty({ enum: ['ok', 'missing', 'error', 'unavailable'] })
  metadataStatus!: NftRefreshResponse['metadataStatus'];

  @ApiProperty({ description: 'Name, description, image or traits changed' })
  changed!: boolean;

  @ApiProperty({ format: 'date-time' })
  refreshedAt!: string;
}
