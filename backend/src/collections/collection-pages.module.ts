import { Module } from '@nestjs/common';
import { CollectionPageController } from './collection-page.controller.js';
import { CollectionPageRepository } from './collection-page.repository.js';
import { CollectionPageService } from './collection-page.service.js';
import { CollectionsModule } from './collections.module.js';

/** The API's page route over stored collections (the worker has no use for it). */
@Module({
  imports: [CollectionsModule],
  controllers: [CollectionPageController],
  providers: [CollectionPageRepository, CollectionPageService],
  exports: [CollectionPageService],
})
export class CollectionPagesModule {}
