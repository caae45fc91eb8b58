import { ApiProperty } from '@nestjs/swagger';
import {
  BUTTON_COLORS,
  BUTTON_POSITIONS,
  PROMO_OPACITY,
  type ButtonColor,
  type ButtonPosition,
  type PromoAsset,
  type PromoAssetType,
  type PromoBarSettings,
} from '@nexus/contract';
import { SuccessDto } from '../platform/answers/index.js';

/** SPEC §3 promo asset, as the API answers it. */
export class PromoAssetResponse implements PromoAsset {
  @ApiProperty({ example: '1' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ description: "'Learn More' link; empty when none" })
  promotionalUrl!: string;

  @ApiProperty({ description: 'Where the file is served', example: '/api/media/files/0b9d….mp4' })
  url!: string;

  @ApiProperty({ enum: ['video', 'image'] })
  type!: PromoAssetType;

  @ApiProperty()
  isActive!: boolean;

  @ApiProperty({ description: "Judged from the file's bytes", example: 'video/mp4' })
  contentType!: string;

  @ApiProperty({ description: 'Bytes' })
  size!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class PromoAssetDeletedResponse extends SuccessDto {}

/** SPEC §3 promo bar settings, as the API answers them. */
export class PromoBarSettingsResponse implements PromoBarSettings {
  @ApiProperty()
  isActive!: boolean;

  @ApiProperty()
  buttonText!: string;

  @ApiProperty()
  buttonLink!: string;

  @ApiProperty({ enum: BUTTON_POSITIONS })
  buttonPosition!: ButtonPosition;

  @ApiProperty({ enum: BUTTON_COLORS })
  buttonColor!: ButtonColor;

  @ApiProperty({ description: 'Where the background video is served; empty when none' })
  videoUrl!: string;

  @ApiProperty({ minimum: PROMO_OPACITY.min, maximum: PROMO_OPACITY.max, multipleOf: PROMO_OPACITY.step })
  videoOpacity!: number;
}
