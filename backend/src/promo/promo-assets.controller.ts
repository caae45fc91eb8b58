import { BadRequestException, Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PromoAsset } from '@nexus/contract';

import { AdminOnly } from '../admin-access/index.js';
import { MultipartUpload, StoredUploads, type StoredUploadsByField } from '../uploads/index.js';
import { PromoAssetIdParams, PromoAssetToggleDto, PromoAssetUploadDto } from './promo-asset.dto.js';
import { PromoAssetsService } from './promo-assets.service.js';
import { PROMO_ASSET_UPLOAD } from './promo-upload.policy.js';
import { PromoAssetDeletedResponse, PromoAssetResponse } from './promo.responses.js';

/** SPEC §7 promo assets: the admin's list, upload, toggle and delete; the visitors' active list. */
@ApiTags('promo')
@Controller('promo-assets')
export class PromoAssetsController {
  constructor(private readonly assets: PromoAssetsService) {}

  @Get()
  @AdminOnly()
  @ApiOkResponse({ type: PromoAssetResponse, isArray: true, description: 'Every asset, newest first' })
  list(): Promise<PromoAsset[]> {
    return this.assets.list();
  }

  @Get('active')
  @ApiOkResponse({
    type: PromoAssetResponse,
    isArray: true,
    description: 'The active assets, newest first (the web app plays the first)',
  })
  active(): Promise<PromoAsset[]> {
    return this.assets.listActive();
  }

  @Post('upload')
  @AdminOnly()
  @MultipartUpload(PROMO_ASSET_UPLOAD, {
    required: ['file', 'name'],
    text: { promotionalUrl: { type: 'string', format: 'uri', description: "'Learn More' link" } },
  })
  @ApiCreatedResponse({ type: PromoAssetResponse })
  upload(
    @Body() fields: PromoAssetUploadDto,
    @StoredUploads() uploads: StoredUploadsByField,
  ): Promise<PromoAsset> {
    if (!uploads.file) throw new BadRequestException(PROMO_ASSET_UPLOAD.messages.noFile);
    return this.assets.create(fields, uploads.file);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOkResponse({ type: PromoAssetResponse })
  toggle(@Param() params: PromoAssetIdParams, @Body() body: PromoAssetToggleDto): Promise<PromoAsset> {
    return this.assets.setActive(params.id, body.isActive);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOkResponse({ type: PromoAssetDeletedResponse, description: 'The asset and its file are gone' })
  remove(@Param() params: PromoAssetIdParams): Promise<{ success: true }> {
    return this.assets.remove(params.id);
  }
}
