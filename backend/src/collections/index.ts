export { CollectionPagesModule } from './collection-pages.module.js';
export { CollectionPageService } from './collection-page.service.js';
export { CollectionPageRepository } from './collection-page.repository.js';
export { CollectionsModule } from './collections.module.js';
export {
  CollectionsRepository,
  type NftRecord,
  type ScanResultWrite,
  type StoredCollection,
} from './collections.repository.js';
export { CollectionEntity } from './collection.entity.js';
export { NftEntity, type MetadataStatus } from './nft.entity.js';
export { CollectionTraitCountEntity } from './collection-trait-count.entity.js';
export { mediaUrl, toApiNft, type CollectionRef } from './nft.mapper.js';
