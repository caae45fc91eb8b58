import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ACTIVITY_KINDS,
  ACTIVITY_LIMITS,
  type ActivityKind,
  type ActivityQuery,
  type CursorQuery,
} from '@nexus/contract';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalWholeNumber } from '../platform/common/index.js';

const L = ACTIVITY_LIMITS;

/** `?cursor=&limit=` */
export class CursorQueryDto implements CursorQuery {
  @ApiPropertyOptional({ description: 'The `next` of the previous page, unchanged (opaque)' })
  @IsOptional()
  @IsString({ message: 'cursor must be a string' })
  @MaxLength(300, { message: 'cursor is not valid: pass the `next` of the previous page unchanged' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: L.maxLimit, default: L.defaultLimit })
  @OptionalWholeNumber(1, L.maxLimit)
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
  @OptionalWholeNumber(1, L.maxDays)
  days?: number;
}
