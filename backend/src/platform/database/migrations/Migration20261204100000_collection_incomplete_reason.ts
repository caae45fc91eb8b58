import { Migration } from '@mikro-orm/migrations';

/** Why a collection's last scan is partial (one of INCOMPLETE_REASONS' texts); null when complete. */
export class Migration20261204100000_collection_incomplete_reason extends Migration {
  override up(): void {
    this.addSql(`alter table "collection" add column "incomplete_reason" text null;`);
  }

  override down(): void {
    this.addSql(`alter table "collection" drop column if exists "incomplete_reason";`);
  }
}
