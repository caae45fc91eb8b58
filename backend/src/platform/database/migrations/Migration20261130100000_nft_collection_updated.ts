import { Migration } from '@mikro-orm/migrations';

/**
 * The latest write to a collection's NFT rows (upserts and ranks stamp `updated_at`) in one index
 * probe: the page route's in-memory index of a collection compares it to tell whether the rows
 * changed since it was built. It also serves the removal of rows a scan did not see.
 */
export class Migration20261130100000_nft_collection_updated extends Migration {
  override up(): void {
    this.addSql(
      `create index if not exists "nft_collection_updated_index" on "nft" ("collection_id", "updated_at");`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "nft_collection_updated_index";`);
  }
}
