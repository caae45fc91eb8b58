import { Migration20261122000000_initial } from './Migration20261122000000_initial.js';
import { Migration20261124000000_whitelist } from './Migration20261124000000_whitelist.js';
import { Migration20261125000000_promo } from './Migration20261125000000_promo.js';
import { Migration20261126000000_community } from './Migration20261126000000_community.js';
import { Migration20261127000000_nft_image_fallback } from './Migration20261127000000_nft_image_fallback.js';
import { Migration20261128000000_whitelist_solana } from './Migration20261128000000_whitelist_solana.js';
import { Migration20261129000000_transfer_index } from './Migration20261129000000_transfer_index.js';
import { Migration20261130000000_nft_trait_keys } from './Migration20261130000000_nft_trait_keys.js';
import { Migration20261130100000_nft_collection_updated } from './Migration20261130100000_nft_collection_updated.js';
import { Migration20261201120000_indexed_contract } from './Migration20261201120000_indexed_contract.js';
import { Migration20261202000000_nft_seen_at } from './Migration20261202000000_nft_seen_at.js';
import { Migration20261202100000_trait_number_text } from './Migration20261202100000_trait_number_text.js';
import { Migration20261203000000_nft_metadata_reason } from './Migration20261203000000_nft_metadata_reason.js';
import { Migration20261204100000_collection_incomplete_reason } from './Migration20261204100000_collection_incomplete_reason.js';
import { Migration20261205000000_collection_trait_count } from './Migration20261205000000_collection_trait_count.js';
import { Migration20261206000000_transfer_activity } from './Migration20261206000000_transfer_activity.js';
import { Migration20261207000000_trait_keys_plpgsql } from './Migration20261207000000_trait_keys_plpgsql.js';
import { Migration20261207100000_nft_holder } from './Migration20261207100000_nft_holder.js';
import { Migration20261208000000_transfer_history_scope } from './Migration20261208000000_transfer_history_scope.js';
import { Migration20261209000000_trait_trim } from './Migration20261209000000_trait_trim.js';
import { Migration20261209100000_trait_keys_written } from './Migration20261209100000_trait_keys_written.js';

/** Every migration in order; listed explicitly so compiled and test runs find the same set. */
export const MIGRATIONS = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
  { name: 'Migration20261124000000_whitelist', class: Migration20261124000000_whitelist },
  { name: 'Migration20261125000000_promo', class: Migration20261125000000_promo },
  { name: 'Migration20261126000000_community', class: Migration20261126000000_community },
  { name: 'Migration20261127000000_nft_image_fallback', class: Migration20261127000000_nft_image_fallback },
  { name: 'Migration20261128000000_whitelist_solana', class: Migration20261128000000_whitelist_solana },
  { name: 'Migration20261129000000_transfer_index', class: Migration20261129000000_transfer_index },
  { name: 'Migration20261130000000_nft_trait_keys', class: Migration20261130000000_nft_trait_keys },
  {
    name: 'Migration20261130100000_nft_collection_updated',
    class: Migration20261130100000_nft_collection_updated,
  },
  { name: 'Migration20261201120000_indexed_contract', class: Migration20261201120000_indexed_contract },
  { name: 'Migration20261202000000_nft_seen_at', class: Migration20261202000000_nft_seen_at },
  { name: 'Migration20261202100000_trait_number_text', class: Migration20261202100000_trait_number_text },
  { name: 'Migration20261203000000_nft_metadata_reason', class: Migration20261203000000_nft_metadata_reason },
  {
    name: 'Migration20261204100000_collection_incomplete_reason',
    class: Migration20261204100000_collection_incomplete_reason,
  },
  {
    name: 'Migration20261205000000_collection_trait_count',
    class: Migration20261205000000_collection_trait_count,
  },
  { name: 'Migration20261206000000_transfer_activity', class: Migration20261206000000_transfer_activity },
  { name: 'Migration20261207000000_trait_keys_plpgsql', class: Migration20261207000000_trait_keys_plpgsql },
  { name: 'Migration20261207100000_nft_holder', class: Migration20261207100000_nft_holder },
  {
    name: 'Migration20261208000000_transfer_history_scope',
    class: Migration20261208000000_transfer_history_scope,
  },
  { name: 'Migration20261209000000_trait_trim', class: Migration20261209000000_trait_trim },
  {
    name: 'Migration20261209100000_trait_keys_written',
    class: Migration20261209100000_trait_keys_written,
  },
];
