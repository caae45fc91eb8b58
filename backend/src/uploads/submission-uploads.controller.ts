import { BadRequestException, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import type { SubmissionUploadResponse } from '@nexus/contract';

import { RateLimit } from '../platform/security/index.js';
import { MultipartUpload } from './multipart-upload.decorator.js';
import { StoredUploads, type StoredUploadsByField } from './stored-uploads.decorator.js';
import { SUBMISSION_IMAGE_UPLOAD } from './upload.policy.js';
import { SubmissionUploadResponseDto } from './upload.response.js';

/**
 * SPEC §7 POST /api/collection-submissions/upload: a visitor's banner and logo, before the form is
 * sent (the submission itself is another controller's, under the same path prefix).
 */
@ApiTags('collection-submissions')
@Controller('collection-submissions')
export class SubmissionUploadsController {
  @Post('upload')
  // Counted before the interceptor streams anything to storage (guards run first).
  @RateLimit('submission')
  @MultipartUpload(SUBMISSION_IMAGE_UPLOAD)
  @ApiCreatedResponse({ type: SubmissionUploadResponseDto, description: 'The URL of each image sent' })
  upload(@StoredUploads() uploads: StoredUploadsByField): SubmissionUploadResponse {
    const { banner, logo } = uploads;
    if (!banner && !logo) throw new BadRequestException(SUBMISSION_IMAGE_UPLOAD.messages.noFile);
    return {
      success: true,
      files: { ...(banner && { banner: banner.url }), ...(logo && { logo: logo.url }) },
    };
  }
}
