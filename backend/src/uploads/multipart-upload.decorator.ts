import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';

import { MediaUploadInterceptor } from './media-upload.interceptor.js';
import { multipartSchema } from './upload.openapi.js';
import type { UploadPolicy } from './upload.policy.js';

/**
 * An upload route: MediaUploadInterceptor stores the files `policy` allows (the route reads them
 * with @StoredUploads()), and the OpenAPI document shows its multipart body (`body`: its required
 * fields and text fields).
 */
export function MultipartUpload(
  policy: UploadPolicy,
  body?: Parameters<typeof multipartSchema>[1],
): ReturnType<typeof applyDecorators> {
  return applyDecorators(
    UseInterceptors(MediaUploadInterceptor(policy)),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: multipartSchema(policy, body) }),
  );
}
