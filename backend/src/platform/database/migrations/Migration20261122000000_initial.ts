import { Migration } from '@mikro-orm/migrations';

/** Collections, their NFTs, scan runs and searches. */
export class Migration20261122000000_initial extends Migration {
  override up(): void {
    this.addSql(
      `create table "collection" ("id" bigserial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "network" varchar(32) not null, "address" varchar(42) not null, "name" varchar(200) not null default '', "symbol" varchar(100) not null default '', "standard" varchar(16) not null default 'ERC-721', "total_supply" int null, "enumerable" boolean not null default false, "image_url" text null, "description" text not null default '', "nft_count" int not null default 0, "last_scanned_at" timestamptz null, "scan_duration" int null, "is_complete" boolean not null default false);`,
    );
    this.addSql(
      `alter table "collection" add constraint "collection_network_address_unique" unique ("network", "address");`,
    );
    this.addSql(
      `create table "nft" ("id" bigserial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "collection_id" bigint not null references "collection" ("id") on delete cascade, "token_id" varchar(80) not null, "token_uri" text null, "name" text not null default '', "description" text not null default '', "image" text null, "attributes" jsonb not null, "metadata_status" varchar(16) not null default 'missing', "rarity_score" double precision null, "rarity_rank" int null);`,
    );
    this.addSql(
      `create index "nft_collection_id_rarity_rank_index" on "nft" ("collection_id", "rarity_rank");`,
    );
    this.addSql(
      `alter table "nft" add constraint "nft_collection_id_token_id_unique" unique ("collection_id", "token_id");`,
    );
    this.addSql(
      `create table "scan" ("id" bigserial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "key" varchar(120) not null, "kind" varchar(16) not null, "network" varchar(32) not null, "address" varchar(42) not null, "status" varchar(16) not null default 'running', "worker" varchar(100) not null default '', "attempt" int not null default 1, "tokens_found" int not null default 0, "metadata_fetched" int not null default 0, "duration_ms" int null, "error" text null, "finished_at" timestamptz null);`,
    );
    this.addSql(`create index "scan_key_created_at_index" on "scan" ("key", "created_at");`);
    this.addSql(
      `create table "search" ("id" bigserial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "term" varchar(255) not null, "network" varchar(32) not null, "search_type" varchar(16) not null, "from_cache" boolean not null default false);`,
    );
    this.addSql(`create index "search_term_index" on "search" ("term");`);
  }

  override down(): void {
    this.addSql('drop table if exists "search" cascade;');
    this.addSql('drop table if exists "scan" cascade;');
    this.addSql('drop table if exists "nft" cascade;');
    this.addSql('drop table if exists "collection" cascade;');
  }
}
