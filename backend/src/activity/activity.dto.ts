import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ACTIVITY_KINDS,
  ACTIVITY_LIMITS,
  type ActivityKind,
  type ActivityQuery,
  type CursorQuery,
} from '@nexus/contract';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const L = ACTIVITY_LIMITS;

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
