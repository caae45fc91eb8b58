import { Migration } from '@mikro-orm/migrations';

/**
 * `nft.trait_keys` and `nft.trait_facets` become columns the writer fills (Nexus computes them as
 * `nft_trait_keys` and `nft_trait_facets` would, see collections/trait-key-columns.ts), no longer
 * generated: the functions were about seven eighths of PostgreSQL's work per NFT written (an insert
 * of 20,000 mfers-like rows, quiet machine: 4,130 ms with the generated columns, 555 ms without),
 * and a stored generated column is computed again on every update of its row, a rank or a name
 * alike. A row written without them (text past ASCII, nested values, any other writer) gets them
 * from the functions in a trigger, as does a row whose `attributes` change while its keys do not.
 * A later change of the functions writes its rows again with `trait_keys = null`.
 */
export class Migration20261209100000_trait_keys_written extends Migration {
  override up(): void {
    this.addSql(
      `alter table "nft" alter column "trait_keys" drop expression, alter column "trait_facets" drop expression;`,
    );
    this.addSql(`create or replace function nft_trait_columns() returns trigger language plpgsql as $$
      begin
        if new.trait_keys is null or new.trait_facets is null
          or (tg_op = 'UPDATE' and new.attributes is distinct from old.attributes
              and new.trait_keys is not distinct from old.trait_keys
              and new.trait_facets is not distinct from old.trait_facets) then
          new.trait_keys := nft_trait_keys(new.attributes);
          new.trait_facets := nft_trait_facets(new.attributes);
        end if;
        return new;
      end
      $$;`);
    this.addSql(
      `create trigger "nft_trait_columns" before insert or update on "nft" for each row execute function nft_trait_columns();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists "nft_trait_columns" on "nft";`);
    this.addSql(`drop function if exists nft_trait_columns();`);
    this.addSql(`drop index if exists "nft_trait_keys_index";`);
    this.addSql(`alter table "nft" drop column "trait_keys", drop column "trait_facets";`);
    this.addSql(
      `alter table "nft" add column "trait_keys" text[] generated always as (nft_trait_keys(attributes)) stored, add column "trait_facets" text[] generated always as (nft_trait_facets(attributes)) stored;`,
    );
    this.addSql(`create index "nft_trait_keys_index" on "nft" using gin ("trait_keys");`);
  }
}
