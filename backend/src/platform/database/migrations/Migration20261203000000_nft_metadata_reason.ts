import { Migration } from '@mikro-orm/migrations';

/** Why an NFT has no metadata (a METADATA_REASONS code: timed out, rate-limited, HTML page, …). */
export class Migration20261203000000_nft_metadata_reason extends Migration {
  override up(): void {
    this.addSql(`alter table "nft" add column "metadata_reason" text null;`);
  }

  override down(): void {
    this.addSql(`alter table "nft" drop column if exists "metadata_reason";`);
  }
}
