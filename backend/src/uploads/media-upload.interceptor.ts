import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  mixin,
  Optional,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { catchError, type Observable } from 'rxjs';

import { MEDIA_STORAGE, type MediaStorage } from '../media/index.js';
import { clientKey } from '../platform/security/index.js';
import { isStoredMediaFile, SniffingStorageEngine, type StoredMediaFile } from './sniffing.storage-engine.js';
import { UploadBudget } from './upload-budget.service.js';
import type { UploadPolicy } from './upload.policy.js';

/** Bytes of one multipart text field (a promo description, the promo bar's settings JSON). */
export const TEXT_FIELD_MAX_BYTES = 16 * 1024;
/** Text fields beyond the route's own that multer still parses, so that they are refused by name. */
const EXTRA_FIELDS = 8;

/** Every file this request stored, whatever its field. */
export function storedFiles(req: Request): StoredMediaFile[] {
  const files = req.files;
  const all = Array.isArray(files) ? files : Object.values(files ?? {}).flat();
  return all.filter(isStoredMediaFile);
}

function isFileSizeLimit(error: unknown): boolean {
  return (error as { cause?: { code?: unknown } } | null)?.cause?.code === 'LIMIT_FILE_SIZE';
}

/**
 * Streams a route's multipart files into media storage through multer (Nest's FileFieldsInterceptor
 * with SniffingStorageEngine), under the route's policy: types judged by content, size limits while
 * streaming, only the text fields the route knows. When anything after the upload fails — the
 * DTO's validation, the handler, the database write — the stored files are removed: an upload
 * that does not become a saved record leaves no object behind. (A handler must therefore not fail
 * after it committed a record that points at a file; work after the commit catches its errors.)
 */
export function MediaUploadInterceptor(policy: UploadPolicy): Type<NestInterceptor> {
  @Injectable()
  class MediaUploadMixin implements NestInterceptor {
    private readonly logger = new Logger(MediaUploadInterceptor.name);
    private readonly multer: NestInterceptor;

    constructor(
      @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
      @Optional() private readonly budget?: UploadBudget,
    ) {
      if (policy.budgetPerClient && !budget) {
        throw new Error(
          `MediaUploadInterceptor: a public upload route (${policy.fileFields.join(', ')}) needs UploadBudget: import UploadsModule's providers`,
        );
      }
      const Multer = FileFieldsInterceptor(
        policy.fileFields.map((name) => ({ name, maxCount: 1 })),
        {
          storage: new SniffingStorageEngine(storage, policy, policy.budgetPerClient ? budget : null),
          limits: {
            fileSize: policy.maxBytes,
            files: policy.fileFields.length,
            fields: policy.textFields.length + EXTRA_FIELDS,
            fieldSize: TEXT_FIELD_MAX_BYTES,
            parts: policy.fileFields.length + policy.textFields.length + EXTRA_FIELDS,
          },
        },
      );
      this.multer = new Multer();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<Request>();
      let handled: Observable<unknown>;
      try {
        handled = (await this.multer.intercept(context, next)) as Observable<unknown>;
        const unknown = Object.keys((req.body as object | undefined) ?? {}).find(
          (field) => !policy.textFields.includes(field),
        );
        if (unknown !== undefined) throw new BadRequestException(`property ${unknown} should not exist`);
      } catch (error) {
        await this.discard(req);
        throw this.explain(error);
      }
      return handled.pipe(
        catchError((error: unknown) =>
          this.discard(req).then(() => {
            throw error;
          }),
        ),
      );
    }

    /** multer's size error in the route's words; anything that is not an HttpException (storage down) stays a logged 500. */
    private explain(error: unknown): unknown {
      return isFileSizeLimit(error) ? new PayloadTooLargeException(policy.messages.tooLarge) : error;
    }

    private async discard(req: Request): Promise<void> {
      const files = storedFiles(req);
      if (policy.budgetPerClient && this.budget) {
        await this.budget.release(
          clientKey(req.ip),
          files.map((file) => file.stored.key),
        );
      }
      for (const file of files) {
        try {
          await this.storage.delete(file.stored.key);
        } catch (error) {
          this.logger.warn(`Could not remove upload ${file.stored.key}: ${String(error)}`);
        }
      }
    }
  }
  return mixin(MediaUploadMixin);
}
