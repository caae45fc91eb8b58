import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ACTIVITY_KINDS,
  ACTIVITY_LIMITS,
  ENABLED_NETWORKS,
  EVM_ADDRESS_PATTERN,
  type ActivityKind,
  type ActivityQuery,
  type CursorQuery,
  type Network,
} from '@nexus/contract';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const L = ACTIVITY_LIMITS;

/** `:network/:address` of a collection or a wallet. */
export class NetworkAddressPathDto {
  @ApiProperty({ enum: ENABLED_NETWORKS })
  @IsIn(ENABLED_NETWORKS, { message: `network must be one of: ${ENABLED_NETWORKS.join(', ')}` })
  network!: Network;

  @ApiProperty({ pattern: EVM_ADDRESS_PATTERN.source })
  @Matches(EVM_ADDRESS_PATTERN, { message: 'address must be 0x followed by 40 hex characters' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  address!: string;
}

/** `:network/:address/nfts/:tokenId` */
export class TokenPathDto extends NetworkAddressPathDto {
  @ApiProperty({ pattern: '^\\d{1,78}$', description: 'Decimal token id' })
  @Matches(/^\d{1,78}$/, { message: 'tokenId must be a decimal number' })
  tokenId!: string;
}

/** `?cursor=&limit=` */
export class CursorQueryDto implements CursorQuery {
  @ApiPropertyOptional({ description: 'The `next` of the previous page, unchanged (opaque)' })
  @IsOptional()
  @IsString({ message: 'cursor must be a string' })
  @MaxLength(300, { message: 'cursor is not valid: pass the `next` of the previous page unchanged' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: L.maxLimit, default: L.defaultLimit })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(L.maxLimit, { message: `limit must be at most ${L.maxLimit}` })
  limit?: number;
}

/** `?kind=&cursor=&limit=` */
export class ActivityQueryDto extends CursorQueryDto implements ActivityQuery {
  @ApiPropertyOptional({ enum: ACTIVITY_KINDS, description: 'Only mints, transfers or burns' })
  @IsOptional()
  @IsIn(ACTIVITY_KINDS, { message: `kind must be one of: ${ACTIVITY_KINDS.join(', ')}` })
  kind?: ActivityKind;
}

/** `?days=` */
export class TransfersPerDayQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: L.maxDays, default: L.defaultDays })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number' })
  @Min(1, { message: 'days must be at least 1' })
  @Max(L.maxDays, { message: `days must be at most ${L.maxDays}` })
  days?: number;
}
