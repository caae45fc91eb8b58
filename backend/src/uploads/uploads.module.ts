import { Module } from '@nestjs/common';

import { AdminAccessModule } from '../admin-access/index.js';
import { SubmissionUploadsController } from './submission-uploads.controller.js';
import { UploadBudget } from './upload-budget.service.js';
import { UploadReferencesRepository } from './upload-references.repository.js';
import { UploadSweeper } from './upload-sweeper.service.js';
import { UploadsController } from './uploads.controller.js';

/**
 * Image uploads: the admin's logos and banners, a visitor's submission images (stored by content
 * type, within a budget per client address); and the sweep of uploads nothing uses.
 */
@Module({
  imports: [AdminAccessModule],
  controllers: [UploadsController, SubmissionUploadsController],
  providers: [UploadReferencesRepository, UploadBudget, UploadSweeper],
})
export class UploadsModule {}
