import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

import type { StoredUpload } from '../media/index.js';
import { storedFiles } from './media-upload.interceptor.js';

/** The files MediaUploadInterceptor stored for this request, by form field (at most one each). */
export type StoredUploadsByField = Partial<Record<string, StoredUpload>>;

/** Route parameter: what MediaUploadInterceptor stored, by field. */
export const StoredUploads = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StoredUploadsByField => {
    const uploads: StoredUploadsByField = {};
    for (const file of storedFiles(context.switchToHttp().getRequest<Request>())) {
      uploads[file.fieldname] = file.stored;
    }
    return uploads;
  },
);
