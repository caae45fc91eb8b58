import { BadRequestException, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import type { UploadResponse } from '@nexus/contract';

import { AdminOnly } from '../admin-access/index.js';
import { MultipartUpload } from './multipart-upload.decorator.js';
import { StoredUploads, type StoredUploadsByField } from './stored-uploads.decorator.js';
import { ADMIN_IMAGE_UPLOAD } from './upload.policy.js';
import { UploadResponseDto } from './upload.response.js';

/** SPEC §7 POST /api/upload: the admin's collection logo and banner images. */
@ApiTags('uploads')
@Controller()
export class UploadsController {
  @Post('upload')
  @AdminOnly()
  @MultipartUpload(ADMIN_IMAGE_UPLOAD, { required: ['file'] })
  @ApiCreatedResponse({ type: UploadResponseDto, description: 'The image is stored; its URL' })
  upload(@StoredUploads() uploads: StoredUploadsByField): UploadResponse {
    const file = uploads.file;
    if (!file) throw new BadRequestException(ADMIN_IMAGE_UPLOAD.messages.noFile);
    return { success: true, url: file.url };
  }
}
