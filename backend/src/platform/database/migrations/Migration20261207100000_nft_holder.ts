import { Migration } from '@mikro-orm/migrations';

const NETWORKS = ['ethereum', 'polygon', 'cronos'];
const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * What each holder holds of each collection, kept by the transfer index's window writes and
 * rollbacks (issue 24): a collection's holders page walks `nft_holder_contract_tokens_index`
 * instead of grouping every owner row per request. ERC-721: tokens; ERC-1155: units of positive
 * balances. Filled from the owners and balances already indexed.
 */
export class Migration20261207100000_nft_holder extends Migration {
  override up(): void {
    this.addSql(
      `create table "nft_holder" ("network" varchar(32) not null, "contract" varchar(42) not null, "owner" varchar(42) not null, "tokens" numeric(78,0) not null, primary key ("network", "contract", "owner")) partition by list ("network");`,
    );
    for (const network of NETWORKS) {
      this.addSql(
        `create table "nft_holder_${network}" partition of "nft_holder" for values in ('${network}');`,
      );
    }
    this.addSql(
      `create index "nft_holder_contract_tokens_index" on "nft_holder" ("network", "contract", "tokens" desc, "owner");`,
    );
    // Rows a write or rollback brought to nothing, removed at its end: found without a scan.
    this.addSql(`create index "nft_holder_empty_index" on "nft_holder" ("network") where "tokens" <= 0;`);
    this.addSql(
      `insert into "nft_holder" ("network", "contract", "owner", "tokens")
       select network, contract, owner, sum(tokens) from (
         select network, contract, owner, count(*)::numeric as tokens from nft_owner
          where owner <> '${ZERO}' group by 1, 2, 3
         union all
         select network, contract, owner, sum(balance) from nft_balance where balance > 0 group by 1, 2, 3) held
        group by 1, 2, 3;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "nft_holder" cascade;`);
  }
}
