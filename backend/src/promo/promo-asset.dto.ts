import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, Matches, ValidateBy, type ValidationArguments } from 'class-validator';
import { isLearnMoreUrl, PROMO_MESSAGES, PROMO_UPLOAD, type PromoAssetToggle } from '@nexus/contract';

import { Optional, Text, trim } from '../platform/common/index.js';

/** SPEC §5: the Learn More URL is optional but must be URL-shaped: an absolute http(s) URL. */
const validLearnMoreUrl = (value: unknown): boolean =>
  typeof value === 'string' && value.length <= PROMO_UPLOAD.textMax && isLearnMoreUrl(value);

/** The text fields of POST /api/promo-assets/upload (multipart, beside the file). */
export class PromoAssetUploadDto {
  @ApiProperty({ maxLength: PROMO_UPLOAD.nameMax })
  @Transform(trim)
  @ValidateBy(
    {
      name: 'assetName',
      validator: {
        validate: (v: unknown) => typeof v === 'string' && v !== '' && v.length <= PROMO_UPLOAD.nameMax,
      },
    },
    {
      message: ({ value }: ValidationArguments) =>
        typeof value === 'string' && value !== ''
          ? `name must be at most ${PROMO_UPLOAD.nameMax} characters`
          : PROMO_MESSAGES.nameRequired.description,
    },
  )
  name!: string;

  @ApiPropertyOptional({ maxLength: PROMO_UPLOAD.textMax })
  @Optional()
  @Transform(trim)
  @Text(PROMO_UPLOAD.textMax)
  title?: string;

  @ApiPropertyOptional({ maxLength: PROMO_UPLOAD.textMax })
  @Optional()
  @Text(PROMO_UPLOAD.textMax)
  description?: string;

  @ApiPropertyOptional({ description: "'Learn More' link: an http(s) URL, or empty" })
  @Optional()
  @Transform(trim)
  @ValidateBy({
    name: 'learnMoreUrl',
    validator: { validate: validLearnMoreUrl, defaultMessage: () => PROMO_MESSAGES.invalidUrl },
  })
  promotionalUrl?: string;
}

/** PUT /api/promo-assets/{id}. */
export class PromoAssetToggleDto implements PromoAssetToggle {
  @ApiProperty()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive!: boolean;
}

export class PromoAssetIdParams {
  @ApiProperty({ type: String, pattern: '^[1-9][0-9]{0,17}$', example: '1' })
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'id must be a positive whole number' })
  id!: string;
}
