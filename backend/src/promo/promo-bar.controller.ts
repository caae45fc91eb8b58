import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PromoBarSettings } from '@nexus/contract';

import { AdminOnly } from '../admin-access/index.js';
import { MultipartUpload, StoredUploads, type StoredUploadsByField } from '../uploads/index.js';
import { PromoBarSettingsFormDto } from './promo-bar-settings.dto.js';
import { PromoBarService } from './promo-bar.service.js';
import { PROMO_BAR_VIDEO_UPLOAD } from './promo-upload.policy.js';
import { PromoBarSettingsResponse } from './promo.responses.js';

/** SPEC §7 promo bar: read by the home page, saved by the admin with an optional background video. */
@ApiTags('promo')
@Controller()
export class PromoBarController {
  constructor(private readonly promoBar: PromoBarService) {}

  @Get('promo-bar-settings')
  @ApiOkResponse({ type: PromoBarSettingsResponse, description: 'The saved settings, or the defaults' })
  get(): Promise<PromoBarSettings> {
    return this.promoBar.get();
  }

  @Put('admin/promo-bar-settings')
  @AdminOnly()
  @MultipartUpload(PROMO_BAR_VIDEO_UPLOAD, {
    required: ['settings'],
    text: {
      settings: {
        type: 'string',
        description:
          'JSON of the merged settings (isActive, buttonText, buttonLink, buttonPosition, buttonColor, ' +
          'videoOpacity; videoUrl is ignored)',
        example:
          '{"isActive":true,"buttonText":"Go","buttonPosition":"right","buttonColor":"cyan","videoOpacity":50}',
      },
    },
  })
  @ApiOkResponse({ type: PromoBarSettingsResponse, description: 'The saved settings' })
  save(
    @Body() form: PromoBarSettingsFormDto,
    @StoredUploads() uploads: StoredUploadsByField,
  ): Promise<PromoBarSettings> {
    return this.promoBar.save(form.settings, uploads.video);
  }
}
