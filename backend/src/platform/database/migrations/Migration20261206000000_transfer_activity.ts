import { Migration } from '@mikro-orm/migrations';

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * What the activity views need of the transfer index (issue 24): each transfer's transaction hash
 * and block time (null for rows indexed before this, until the index is rebuilt), and the indexes
 * the cursor-paged reads walk newest first: a collection's feed (with its mints and burns apart),
 * a token's history, a wallet's sent and received transfers, holders per collection.
 */
export class Migration20261206000000_transfer_activity extends Migration {
  override up(): void {
    this.addSql(
      `alter table "nft_transfer" add column "tx_hash" varchar(66) null, add column "block_time" timestamptz null;`,
    );
    this.addSql(`drop index if exists "nft_transfer_network_contract_token_id_index";`);
    this.addSql(
      `create index "nft_transfer_token_history_index" on "nft_transfer" ("network", "contract", "token_id", "block_number", "log_index", "position");`,
    );
    this.addSql(
      `create index "nft_transfer_contract_feed_index" on "nft_transfer" ("network", "contract", "block_number", "log_index", "position");`,
    );
    this.addSql(
      `create index "nft_transfer_contract_mints_index" on "nft_transfer" ("network", "contract", "block_number", "log_index", "position") where "from_address" = '${ZERO}';`,
    );
    this.addSql(
      `create index "nft_transfer_contract_burns_index" on "nft_transfer" ("network", "contract", "block_number", "log_index", "position") where "to_address" = '${ZERO}';`,
    );
    this.addSql(
      `create index "nft_transfer_sender_feed_index" on "nft_transfer" ("network", "from_address", "block_number", "log_index", "position");`,
    );
    this.addSql(
      `create index "nft_transfer_recipient_feed_index" on "nft_transfer" ("network", "to_address", "block_number", "log_index", "position");`,
    );
    this.addSql(`drop index if exists "nft_owner_network_owner_index";`);
    this.addSql(
      `create index "nft_owner_network_owner_index" on "nft_owner" ("network", "owner", "contract", "token_id");`,
    );
    this.addSql(
      `create index "nft_owner_contract_holder_index" on "nft_owner" ("network", "contract", "owner");`,
    );
    this.addSql(
      `create index "nft_balance_contract_holder_index" on "nft_balance" ("network", "contract", "owner") where "balance" > 0;`,
    );
  }

  override down(): void {
    for (const index of [
      'nft_transfer_token_history_index',
      'nft_transfer_contract_feed_index',
      'nft_transfer_contract_mints_index',
      'nft_transfer_contract_burns_index',
      'nft_transfer_sender_feed_index',
      'nft_transfer_recipient_feed_index',
      'nft_owner_network_owner_index',
      'nft_owner_contract_holder_index',
      'nft_balance_contract_holder_index',
    ]) {
      this.addSql(`drop index if exists "${index}";`);
    }
    this.addSql(
      `create index "nft_transfer_network_contract_token_id_index" on "nft_transfer" ("network", "contract", "token_id");`,
    );
    this.addSql(`create index "nft_owner_network_owner_index" on "nft_owner" ("network", "owner");`);
    this.addSql(`alter table "nft_transfer" drop column "tx_hash", drop column "block_time";`);
  }
}
