import { Migration } from '@mikro-orm/migrations';

/**
 * The contracts the transfer index has seen, with their names once read: collection discovery
 * finds indexed contracts by name without a wallet scan having met them. Filled from the
 * transfers already indexed, their names read by the next passes.
 */
export class Migration20261201120000_indexed_contract extends Migration {
  override up(): void {
    this.addSql(
      `create table "indexed_contract" ("network" varchar(32) not null, "address" varchar(42) not null, "first_block" bigint not null, "standard" varchar(16) not null, "name" varchar(200) not null default '', "symbol" varchar(100) not null default '', "named_at" timestamptz null, primary key ("network", "address"));`,
    );
    this.addSql(
      `create index "indexed_contract_unnamed_index" on "indexed_contract" ("network", "first_block") where "named_at" is null;`,
    );
    this.addSql(
      `insert into "indexed_contract" ("network", "address", "first_block", "standard")
       select distinct on ("network", "contract") "network", "contract", "block_number", "standard"
         from "nft_transfer" order by "network", "contract", "block_number";`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "indexed_contract" cascade;`);
  }
}
