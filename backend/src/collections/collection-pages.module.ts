import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/index.js';
import { CollectionPageController } from './collection-page.controller.js';
import { CollectionPageRepository } from './collection-page.repository.js';
import { CollectionPageService } from './collection-page.service.js';
import { CollectionsModule } from './collections.module.js';
import { OwnerFilterService } from './owner-filter.service.js';

/** The API's page route over stored collections (the worker has no use for it). */
@Module({
  imports: [CollectionsModule, AddressesModule],
  controllers: [CollectionPageController],
  providers: [CollectionPageRepository, CollectionPageService, OwnerFilterService],
  exports: [CollectionPageService],
})
export class CollectionPagesModule {}
