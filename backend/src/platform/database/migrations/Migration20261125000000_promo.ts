import { Migration } from '@mikro-orm/migrations';

/** Promo assets (SPEC §3) and the promo bar settings, one row. */
export class Migration20261125000000_promo extends Migration {
  override up(): void {
    this.addSql(
      `create table "promo_asset" ("id" bigserial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(200) not null, "title" text not null default '', "description" text not null default '', "promotional_url" text not null default '', "file_key" text not null, "type" varchar(8) not null, "content_type" varchar(64) not null, "size" int not null, "is_active" boolean not null default true);`,
    );
    this.addSql(
      `alter table "promo_asset" add constraint "promo_asset_file_key_unique" unique ("file_key");`,
    );
    this.addSql(`create index "promo_asset_created_at_index" on "promo_asset" ("created_at");`);
    this.addSql(
      `alter table "promo_asset" add constraint "promo_asset_type_check" check ("type" in ('video', 'image'));`,
    );
    this.addSql(`alter table "promo_asset" add constraint "promo_asset_size_check" check ("size" > 0);`);

    this.addSql(
      `create table "promo_bar_settings" ("id" smallint primary key default 1, "is_active" boolean not null, "button_text" varchar(60) not null, "button_link" text not null, "button_position" varchar(8) not null, "button_color" varchar(8) not null, "video_key" text null, "video_opacity" smallint not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "promo_bar_settings" add constraint "promo_bar_settings_single_row_check" check ("id" = 1);`,
    );
    this.addSql(
      `alter table "promo_bar_settings" add constraint "promo_bar_settings_button_position_check" check ("button_position" in ('left', 'center', 'right'));`,
    );
    this.addSql(
      `alter table "promo_bar_settings" add constraint "promo_bar_settings_button_color_check" check ("button_color" in ('cyan', 'purple', 'blue', 'green'));`,
    );
    this.addSql(
      `alter table "promo_bar_settings" add constraint "promo_bar_settings_video_opacity_check" check ("video_opacity" between 10 and 100 and "video_opacity" % 5 = 0);`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "promo_bar_settings" cascade;');
    this.addSql('drop table if exists "promo_asset" cascade;');
  }
}
