import { Migration } from '@mikro-orm/migrations';

/** The original image of an NFT whose `image` is the data source's cached copy (Alchemy's CDN). */
export class Migration20261127000000_nft_image_fallback extends Migration {
  override up(): void {
    this.addSql(`alter table "nft" add column "image_fallback" text null;`);
  }

  override down(): void {
    this.addSql(`alter table "nft" drop column if exists "image_fallback";`);
  }
}
