import { Body, Controller, Get, Put, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PromoBarSettings } from '@nexus/contract';

import { AdminOnly } from '../admin-access/index.js';
import {
  MediaUploadInterceptor,
  StoredUploads,
  type StoredUploadsByField,
  multipartSchema,
} from '../uploads/index.js';
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
  @UseInterceptors(MediaUploadInterceptor(PROMO_BAR_VIDEO_UPLOAD))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: multipartSchema(PROMO_BAR_VIDEO_UPLOAD, {
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
    }),
  })
  @ApiOkResponse({ type: PromoBarSettingsResponse, description: 'The saved settings' })
  save(
    @Body() form: PromoBarSettingsFormDto,
    @StoredUploads() uploads: StoredUploadsByField,
  ): Promise<PromoBarSettings> {
    return this.promoBar.save(form.settings, uploads.video);
  }
}
