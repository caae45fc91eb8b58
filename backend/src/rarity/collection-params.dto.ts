import {
  ENABLED_NETWORKS,
  EVM_ADDRESS_PATTERN,
  RARITY_LIMITS,
  RARITY_METHOD_NAMES,
  type Network,
  type RarityMethodName,
} from '@nexus/contract';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

/** `/api/collections/:network/:address` */
export class CollectionParamsDto {
  @ApiProperty({ enum: ENABLED_NETWORKS })
  @IsIn(ENABLED_NETWORKS, { message: `network must be one of: ${ENABLED_NETWORKS.join(', ')}` })
  network!: Network;

  @ApiProperty({ pattern: EVM_ADDRESS_PATTERN.source, example: '0x' + 'a1'.repeat(20) })
  @Matches(EVM_ADDRESS_PATTERN, { message: 'address must be 0x followed by 40 hex characters' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  address!: string;
}

/** `/api/collections/:network/:address/nfts/:tokenId` */
export class NftParamsDto extends CollectionParamsDto {
  @ApiProperty({ maxLength: RARITY_LIMITS.maxTokenIdLength, example: '1' })
  @IsString()
  @MinLength(1, { message: 'tokenId must not be empty' })
  @MaxLength(RARITY_LIMITS.maxTokenIdLength, {
    message: `tokenId must be at most ${RARITY_LIMITS.maxTokenIdLength} characters`,
  })
  tokenId!: string;
}

/** `?method=` of the NFT detail. */
export class RarityMethodQueryDto {
  @ApiPropertyOptional({ enum: RARITY_METHOD_NAMES })
  @IsOptional()
  @IsIn(RARITY_METHOD_NAMES, { message: `method must be one of: ${RARITY_METHOD_NAMES.join(', ')}` })
  method?: RarityMethodName;
}
