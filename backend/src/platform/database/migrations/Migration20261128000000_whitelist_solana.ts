import { Migration } from '@mikro-orm/migrations';

/** The admin form offers Solana (SPEC §1): base58 addresses are up to 44 characters. */
export class Migration20261128000000_whitelist_solana extends Migration {
  override up(): void {
    this.addSql(`alter table "whitelisted_collection" alter column "contract_address" type varchar(64);`);
  }

  override down(): void {
    this.addSql(`alter table "whitelisted_collection" alter column "contract_address" type varchar(42);`);
  }
}
