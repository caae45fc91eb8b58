import { BadRequestException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { Allow, IsBoolean, IsIn, ValidateBy, ValidateNested } from 'class-validator';
import {
  BUTTON_COLORS,
  BUTTON_POSITIONS,
  isPromoOpacity,
  PROMO_BAR_MESSAGES,
  PROMO_BAR_TEXT_MAX,
  PROMO_OPACITY,
  type ButtonColor,
  type ButtonPosition,
  type PromoBarSettingsInput,
} from '@nexus/contract';

import { inputProblem, Link, Optional, Text } from '../platform/common/index.js';

/** The `settings` part of PUT /api/admin/promo-bar-settings: the merged settings; absent fields keep their value. */
export class PromoBarSettingsDto implements Omit<PromoBarSettingsInput, 'videoUrl'> {
  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;

  @ApiPropertyOptional({ maxLength: PROMO_BAR_TEXT_MAX.buttonText, example: 'Go' })
  @Optional()
  @Text(PROMO_BAR_TEXT_MAX.buttonText)
  buttonText?: string;

  @ApiPropertyOptional({ maxLength: PROMO_BAR_TEXT_MAX.buttonLink, example: 'https://example.com' })
  @Optional()
  @Link(PROMO_BAR_TEXT_MAX.buttonLink)
  buttonLink?: string;

  @ApiPropertyOptional({ enum: BUTTON_POSITIONS })
  @Optional()
  @IsIn(BUTTON_POSITIONS, { message: `buttonPosition must be one of: ${BUTTON_POSITIONS.join(', ')}` })
  buttonPosition?: ButtonPosition;

  @ApiPropertyOptional({ enum: BUTTON_COLORS })
  @Optional()
  @IsIn(BUTTON_COLORS, { message: `buttonColor must be one of: ${BUTTON_COLORS.join(', ')}` })
  buttonColor?: ButtonColor;

  /** True removes the background video; a video uploaded in the same request replaces it instead. */
  @ApiPropertyOptional({ description: 'True removes the background video (an uploaded video wins)' })
  @Optional()
  @IsBoolean({ message: 'removeVideo must be true or false' })
  removeVideo?: boolean;

  /** The form sends the merged settings back, video address included: the server owns it and ignores it. */
  @ApiPropertyOptional({ description: 'Ignored: the address of the uploaded video is the server’s' })
  @Allow()
  videoUrl?: unknown;

  @ApiPropertyOptional({
    minimum: PROMO_OPACITY.min,
    maximum: PROMO_OPACITY.max,
    multipleOf: PROMO_OPACITY.step,
  })
  @Optional()
  @ValidateBy({
    name: 'promoOpacity',
    validator: { validate: isPromoOpacity, defaultMessage: () => PROMO_BAR_MESSAGES.opacity },
  })
  videoOpacity?: number;
}

/** The JSON text of `settings` as an object to validate; undefined for anything that is not a JSON object. */
function parseSettings({ value }: { value: unknown }): PromoBarSettingsDto | undefined {
  if (typeof value !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  // Parsed here, after the check of the body: check what the JSON text held the same way.
  const problem = inputProblem(parsed);
  if (problem !== null) throw new BadRequestException(problem);
  return plainToInstance(PromoBarSettingsDto, parsed);
}

/** The text part of PUT /api/admin/promo-bar-settings (multipart, beside the optional `video` file). */
export class PromoBarSettingsFormDto {
  @ApiProperty({ description: 'JSON of the merged settings', type: String })
  @Transform(parseSettings)
  @ValidateBy({
    name: 'settingsJson',
    validator: {
      validate: (value: unknown) => value instanceof PromoBarSettingsDto,
      defaultMessage: () => PROMO_BAR_MESSAGES.settingsJson,
    },
  })
  @ValidateNested()
  settings!: PromoBarSettingsDto;
}
