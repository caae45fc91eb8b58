import { Migration } from '@mikro-orm/migrations';

/**
 * A cursor per contract beside the one per network (issue 24 §5): where a network's index is off, a
 * collection's own transfers are read on demand, with their own cursor, block hashes for the
 * reorganisation check, and the time the backfill first reached the confirmed head. `contract` is
 * '' for a whole network's cursor (its default).
 */
export class Migration20261208000000_transfer_history_scope extends Migration {
  override up(): void {
    for (const table of ['transfer_index_cursor', 'transfer_index_block']) {
      this.addSql(`alter table "${table}" add column "contract" varchar(42) not null default '';`);
      this.addSql(`alter table "${table}" drop constraint "${table}_pkey";`);
    }
    this.addSql(`alter table "transfer_index_cursor" add primary key ("network", "contract");`);
    this.addSql(`alter table "transfer_index_block" add primary key ("network", "contract", "number");`);
    this.addSql(`alter table "transfer_index_cursor" add column "caught_up_at" timestamptz null;`);
    this.addSql(
      `update "transfer_index_cursor" set "caught_up_at" = "updated_at"
        where "indexed_to" >= "from_block" and "indexed_to" >= "head" - "confirmations";`,
    );
  }

  override down(): void {
    this.addSql(`delete from "transfer_index_block" where "contract" <> '';`);
    this.addSql(`delete from "transfer_index_cursor" where "contract" <> '';`);
    for (const [table, key] of [
      ['transfer_index_cursor', '"network"'],
      ['transfer_index_block', '"network", "number"'],
    ] as const) {
      this.addSql(`alter table "${table}" drop constraint "${table}_pkey";`);
      this.addSql(`alter table "${table}" drop column "contract";`);
      this.addSql(`alter table "${table}" add primary key (${key});`);
    }
    this.addSql(`alter table "transfer_index_cursor" drop column "caught_up_at";`);
  }
}
