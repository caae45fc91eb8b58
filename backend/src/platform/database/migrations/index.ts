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

/**
 * Every migration in order, under its class's name (as the migrations table records it); listed
 * explicitly so compiled and test runs find the same set.
 */
export const MIGRATIONS = [
  Migration20261122000000_initial,
  Migration20261124000000_whitelist,
  Migration20261125000000_promo,
  Migration20261126000000_community,
  Migration20261127000000_nft_image_fallback,
  Migration20261128000000_whitelist_solana,
  Migration20261129000000_transfer_index,
  Migration20261130000000_nft_trait_keys,
  Migration20261130100000_nft_collection_updated,
  Migration20261201120000_indexed_contract,
  Migration20261202000000_nft_seen_at,
  Migration20261202100000_trait_number_text,
  Migration20261203000000_nft_metadata_reason,
  Migration20261204100000_collection_incomplete_reason,
  Migration20261205000000_collection_trait_count,
  Migration20261206000000_transfer_activity,
  Migration20261207000000_trait_keys_plpgsql,
  Migration20261207100000_nft_holder,
  Migration20261208000000_transfer_history_scope,
  Migration20261209000000_trait_trim,
  Migration20261209100000_trait_keys_written,
].map((migration) => ({ name: migration.name, class: migration }));
