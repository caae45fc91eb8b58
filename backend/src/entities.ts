import { CollectionEntity, CollectionTraitCountEntity, NftEntity } from './collections/index.js';
import { CollectionSubmissionEntity, CollectionVoteEntity } from './community/index.js';
import { PromoAssetEntity, PromoBarSettingsEntity } from './promo/index.js';
import { ScanEntity, SearchEntity } from './scans/index.js';
import { TRANSFER_INDEX_ENTITIES } from './transfer-index/index.js';
import { WhitelistedCollectionEntity } from './whitelist/index.js';

/**
 * Every entity, listed once for the ORM configuration. The domains own their entities; the
 * platform's database module and migrator are handed this list (platform never imports a domain).
 */
export const ENTITIES = [
  CollectionEntity,
  CollectionTraitCountEntity,
  NftEntity,
  ScanEntity,
  SearchEntity,
  WhitelistedCollectionEntity,
  PromoAssetEntity,
  PromoBarSettingsEntity,
  CollectionSubmissionEntity,
  CollectionVoteEntity,
  ...TRANSFER_INDEX_ENTITIES,
];
