import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { OptionalWholeNumber } from '../platform/common/index.js';

export class DiscoverQueryDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'query must be a string' })
  @MaxLength(100, { message: 'query is too long (100 characters at most)' })
  query = '';

  @OptionalWholeNumber(1, 50)
  limit = 8;
}
