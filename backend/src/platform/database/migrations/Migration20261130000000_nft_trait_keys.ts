import { Migration } from '@mikro-orm/migrations';

/**
 * What the collection page route filters, counts and sorts on (docs/API.md):
 * - `trait_keys`: an NFT's normalised trait keys, derived by PostgreSQL from `attributes` (so every
 *   write path and every stored row has them): each trait type key (`background`) and each
 *   type-value pair (`background` U+001F `blue`), trimmed and lower-cased like the rarity engine and
 *   the gallery compare them; numeric and date traits (ranges) are left out. A GIN index answers
 *   "carries one of these values" (`&&`) and "carries this trait type" (`@>`).
 * - `trait_facets`: the same with the labels as published (`type` U+001F `value` U+001F `Type label`
 *   U+001F `Value label`), what the trait counts are grouped on, labels included.
 * - the orders of the gallery's sorts, each with the token id order as its tie-break; names compare
 *   with numeric collation ('#9' before '#10').
 */
export class Migration20261130000000_nft_trait_keys extends Migration {
  override up(): void {
    this.addSql(`create collation if not exists "nexus_numeric" (provider = icu, locale = 'und-u-kn-true');`);
    // One row per value trait of an NFT: normalised keys and the labels as published.
    this.addSql(`create or replace function nft_value_traits(attributes jsonb)
      returns table (type_key text, value_key text, type_label text, value_label text)
      language sql immutable parallel safe as $$
        select lower(t), lower(v), t, v from (
          select btrim(a->>'trait_type', E' \\t\\n\\r\\f\\v') as t, btrim(a->>'value', E' \\t\\n\\r\\f\\v') as v
          from jsonb_array_elements(case when jsonb_typeof(attributes) = 'array' then attributes else '[]'::jsonb end) a
          where jsonb_typeof(a) = 'object' and coalesce(jsonb_typeof(a->'value'), 'null') <> 'null'
            and coalesce(lower(btrim(a->>'display_type')), '') not in ('number', 'boost_number', 'boost_percentage', 'date')
        ) x
        where t is not null
      $$;`);
    this.addSql(`create or replace function nft_trait_keys(attributes jsonb) returns text[]
      language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct k), '{}')
        from nft_value_traits(attributes) x, lateral (values (x.type_key), (x.type_key || E'\\x1f' || x.value_key)) as keys(k)
      $$;`);
    this.addSql(`create or replace function nft_trait_facets(attributes jsonb) returns text[]
      language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct k), '{}')
        from nft_value_traits(attributes) x, lateral (values
          (x.type_key),
          (x.type_key || E'\\x1f' || x.value_key || E'\\x1f' || x.type_label || E'\\x1f' || x.value_label)
        ) as keys(k)
      $$;`);
    this.addSql(
      `alter table "nft" add column "trait_keys" text[] generated always as (nft_trait_keys(attributes)) stored, add column "trait_facets" text[] generated always as (nft_trait_facets(attributes)) stored;`,
    );
    this.addSql(`create index "nft_trait_keys_index" on "nft" using gin ("trait_keys");`);
    this.addSql(
      `create index "nft_collection_token_order_index" on "nft" ("collection_id", length("token_id"), "token_id" collate "C");`,
    );
    this.addSql(
      `create index "nft_collection_score_order_index" on "nft" ("collection_id", "rarity_score" desc nulls last, length("token_id"), "token_id" collate "C");`,
    );
    this.addSql(
      `create index "nft_collection_name_order_index" on "nft" ("collection_id", "name" collate "nexus_numeric", length("token_id"), "token_id" collate "C");`,
    );
    this.addSql(`drop index if exists "nft_collection_id_rarity_rank_index";`);
    this.addSql(
      `create index "nft_collection_rank_order_index" on "nft" ("collection_id", "rarity_rank", length("token_id"), "token_id" collate "C");`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "nft_collection_rank_order_index";`);
    this.addSql(
      `create index "nft_collection_id_rarity_rank_index" on "nft" ("collection_id", "rarity_rank");`,
    );
    this.addSql(`drop index if exists "nft_collection_name_order_index";`);
    this.addSql(`drop index if exists "nft_collection_score_order_index";`);
    this.addSql(`drop index if exists "nft_collection_token_order_index";`);
    this.addSql(`drop index if exists "nft_trait_keys_index";`);
    this.addSql(
      `alter table "nft" drop column if exists "trait_keys", drop column if exists "trait_facets";`,
    );
    this.addSql(`drop function if exists nft_trait_facets(jsonb);`);
    this.addSql(`drop function if exists nft_trait_keys(jsonb);`);
    this.addSql(`drop function if exists nft_value_traits(jsonb);`);
    this.addSql(`drop collation if exists "nexus_numeric";`);
  }
}
