import { Migration } from '@mikro-orm/migrations';

/**
 * When a scan last saw a token on chain (`seen_at`), apart from `updated_at` (the latest write to the
 * row, ranks and metadata retries included): the end of a scan removes the rows it did not see by
 * this stamp alone, so a rarity job or a metadata retry writing a burned token's row while a rescan
 * runs no longer keeps it. Rows stored before it have none, and the next scan of their collection
 * stamps those it sees.
 */
export class Migration20261202000000_nft_seen_at extends Migration {
  override up(): void {
    this.addSql(`alter table "nft" add column if not exists "seen_at" timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table "nft" drop column if exists "seen_at";`);
  }
}
