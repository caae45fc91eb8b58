import { Module } from '@nestjs/common';

import { AdminAccessModule } from '../admin-access/index.js';
import { SubmissionUploadsController } from './submission-uploads.controller.js';
import { UploadsController } from './uploads.controller.js';

/** Image uploads: the admin's logos and banners, a visitor's submission images (stored by content type). */
@Module({
  imports: [AdminAccessModule],
  controllers: [UploadsController, SubmissionUploadsController],
})
export class UploadsModule {}
