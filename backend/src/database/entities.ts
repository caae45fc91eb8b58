import { CollectionEntity } from '../collections/collection.entity.js';
import { CollectionTraitCountEntity } from '../collections/collection-trait-count.entity.js';
import { NftEntity } from '../collections/nft.entity.js';
import { PromoAssetEntity } from '../promo/promo-asset.entity.js';
import { PromoBarSettingsEntity } from '../promo/promo-bar-settings.entity.js';
import { CollectionSubmissionEntity } from '../community/collection-submission.entity.js';
import { CollectionVoteEntity } from '../community/collection-vote.entity.js';
import { ScanEntity } from '../scans/scan.entity.js';
import { SearchEntity } from '../scans/search.entity.js';
import {
  IndexedContractEntity,
  NftBalanceEntity,
  NftOwnerEntity,
  NftTransferEntity,
  TransferIndexBlockEntity,
  TransferIndexCursorEntity,
} from '../transfer-index/transfer-index.entities.js';
import { WhitelistedCollectionEntity } from '../whitelist/whitelisted-collection.entity.js';

/** Every entity, listed once for the ORM configuration. */
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
  TransferIndexCursorEntity,
  TransferIndexBlockEntity,
  NftTransferEntity,
  NftOwnerEntity,
  NftBalanceEntity,
  IndexedContractEntity,
];
