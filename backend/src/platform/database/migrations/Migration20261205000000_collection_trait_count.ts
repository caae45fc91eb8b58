import { Migration } from '@mikro-orm/migrations';

/**
 * Each stored collection's trait counts, as the page route's unfiltered counts read them: one row per
 * element of the NFTs' `trait_facets` (a type with its labels, or a type, value and labels) with the
 * NFTs carrying it, and the row of facet '' with the NFTs stored. Written by a scan's end, kept by
 * the writes that change traits afterwards; filled here for the collections already scanned.
 */
export class Migration20261205000000_collection_trait_count extends Migration {
  override up(): void {
    this
      .addSql(`create table "collection_trait_count" ("collection_id" bigint not null, "facet" text not null,
      "count" int not null, constraint "collection_trait_count_pkey" primary key ("collection_id", "facet"));`);
    this
      .addSql(`alter table "collection_trait_count" add constraint "collection_trait_count_collection_id_fkey"
      foreign key ("collection_id") references "collection" ("id") on update cascade on delete cascade;`);
    this.addSql(`insert into "collection_trait_count" ("collection_id", "facet", "count")
      select c.id, '', (select count(*) from nft where nft.collection_id = c.id)
        from collection c where c.last_scanned_at is not null
      union all
      select nft.collection_id, k, count(*) from nft join collection c on c.id = nft.collection_id
        cross join unnest(nft.trait_facets) as k where c.last_scanned_at is not null
        group by nft.collection_id, k;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "collection_trait_count";`);
  }
}
