import { Migration } from '@mikro-orm/migrations';

/** Whitelisted collections (SPEC §3), one per contract and network. */
export class Migration20261124000000_whitelist extends Migration {
  override up(): void {
    this.addSql(
      `create table "whitelisted_collection" ("id" bigserial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "contract_address" varchar(42) not null, "name" varchar(200) not null, "network" varchar(32) not null default 'polygon', "description" text not null default '', "logo_url" text not null default '', "banner_url" text not null default '', "website" text not null default '', "discord" text not null default '', "twitter" text not null default '', "telegram" text not null default '', "is_featured" boolean not null default false, "has_animated_background" boolean not null default false, "background_image_urls" jsonb not null default '[]', "bubble_count" int not null default 15, "animation_speed" varchar(8) not null default 'medium', "bubble_size" varchar(8) not null default 'medium', "animation_direction" varchar(8) not null default 'all');`,
    );
    this.addSql(
      `alter table "whitelisted_collection" add constraint "whitelisted_collection_network_contract_address_unique" unique ("network", "contract_address");`,
    );
    this.addSql(
      `alter table "whitelisted_collection" add constraint "whitelisted_collection_bubble_count_check" check ("bubble_count" between 5 and 50);`,
    );
    this.addSql(
      `alter table "whitelisted_collection" add constraint "whitelisted_collection_animation_speed_check" check ("animation_speed" in ('slow', 'medium', 'fast'));`,
    );
    this.addSql(
      `alter table "whitelisted_collection" add constraint "whitelisted_collection_bubble_size_check" check ("bubble_size" in ('small', 'medium', 'large'));`,
    );
    this.addSql(
      `alter table "whitelisted_collection" add constraint "whitelisted_collection_animation_direction_check" check ("animation_direction" in ('all', 'up', 'down', 'left', 'right'));`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "whitelisted_collection" cascade;');
  }
}
