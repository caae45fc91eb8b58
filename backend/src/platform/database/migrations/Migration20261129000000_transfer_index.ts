import { Migration } from '@mikro-orm/migrations';

const NETWORKS = ['ethereum', 'polygon', 'cronos'];
const PARTITIONED = ['nft_transfer', 'nft_owner', 'nft_balance'];

/**
 * The transfer index (issue 13 §4): transfers, ERC-721 owners and ERC-1155 balances, each
 * partitioned by network so one network's backfill, rollback or drop never touches another's rows.
 */
export class Migration20261129000000_transfer_index extends Migration {
  override up(): void {
    this.addSql(
      `create table "transfer_index_cursor" ("network" varchar(32) not null, "from_block" bigint not null, "indexed_to" bigint not null, "head" bigint not null, "confirmations" int not null, "transfers" bigint not null, "reorgs" int not null, "blocks_per_second" double precision null, "logs_per_second" double precision null, "updated_at" timestamptz not null, primary key ("network"));`,
    );
    this.addSql(
      `create table "transfer_index_block" ("network" varchar(32) not null, "number" bigint not null, "hash" varchar(66) not null, primary key ("network", "number"));`,
    );
    this.addSql(
      `create table "nft_transfer" ("network" varchar(32) not null, "block_number" bigint not null, "log_index" int not null, "position" int not null, "contract" varchar(42) not null, "token_id" numeric(78,0) not null, "from_address" varchar(42) not null, "to_address" varchar(42) not null, "amount" numeric(78,0) not null, "standard" varchar(16) not null, primary key ("network", "block_number", "log_index", "position")) partition by list ("network");`,
    );
    this.addSql(
      `create index "nft_transfer_network_contract_token_id_index" on "nft_transfer" ("network", "contract", "token_id");`,
    );
    this.addSql(
      `create table "nft_owner" ("network" varchar(32) not null, "contract" varchar(42) not null, "token_id" numeric(78,0) not null, "owner" varchar(42) not null, "block_number" bigint not null, "log_index" int not null, "position" int not null, primary key ("network", "contract", "token_id")) partition by list ("network");`,
    );
    this.addSql(`create index "nft_owner_network_owner_index" on "nft_owner" ("network", "owner");`);
    this.addSql(
      `create table "nft_balance" ("network" varchar(32) not null, "contract" varchar(42) not null, "token_id" numeric(78,0) not null, "owner" varchar(42) not null, "balance" numeric(78,0) not null, primary key ("network", "contract", "token_id", "owner")) partition by list ("network");`,
    );
    this.addSql(`create index "nft_balance_network_owner_index" on "nft_balance" ("network", "owner");`);
    for (const table of PARTITIONED) {
      for (const network of NETWORKS) {
        this.addSql(
          `create table "${table}_${network}" partition of "${table}" for values in ('${network}');`,
        );
      }
    }
  }

  override down(): void {
    for (const table of [...PARTITIONED, 'transfer_index_block', 'transfer_index_cursor']) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
