import { Migration } from '@mikro-orm/migrations';

/**
 * `nft_trait_keys` or `nft_trait_facets` in PL/pgSQL: the same values, in the same order, as the SQL
 * bodies of Migration20261202100000_trait_number_text (what `down` restores), for about 20% less.
 * Both are the generated columns of every NFT row written, most of PostgreSQL's work in a scan: an
 * insert of 20,000 mfers-like rows took 4.1 s with them and 0.6 s without (quiet machine); each
 * SQL body took 83-93 µs a row (a set-returning SQL function, a lateral join and a sort per call),
 * this one 69-73 µs (one pass over the array, one sort of the few keys at the end). `entry` is the
 * key of a type-value pair: `t` and `v` are the trimmed type and value, as published.
 */
/**
 * The characters trimmed from types and values as this migration wrote them: `\v` is no escape in
 * PostgreSQL, so the letter v was trimmed and the vertical tab kept (Migration20261209000000_trait_trim).
 */
const V_SPACE = `E' \\t\\n\\r\\f\\v'`;

export const plpgsql = (
  name: string,
  entry: string,
  space = V_SPACE,
) => `create or replace function ${name}(attributes jsonb)
  returns text[] language plpgsql immutable parallel safe as $$
  declare
    a jsonb;
    t text;
    v text;
    keys text[] := '{}';
  begin
    if jsonb_typeof(attributes) is distinct from 'array' then return keys; end if;
    for i in 0 .. jsonb_array_length(attributes) - 1 loop
      a := attributes -> i;
      continue when jsonb_typeof(a) <> 'object' or coalesce(jsonb_typeof(a -> 'value'), 'null') = 'null'
        or coalesce(lower(btrim(a ->> 'display_type')), '') in ('number', 'boost_number', 'boost_percentage', 'date');
      t := btrim(a ->> 'trait_type', ${space});
      continue when t is null;
      if jsonb_typeof(a -> 'value') = 'number' then v := nft_number_text((a -> 'value')::numeric);
      else v := a ->> 'value';
      end if;
      v := btrim(v, ${space});
      keys := keys || lower(t) || (${entry});
    end loop;
    return (select coalesce(array_agg(distinct k), '{}') from unnest(keys) as k);
  end
  $$;`;

/** The SQL body (Migration20261202100000_trait_number_text's), as `down` restores it. */
export const sqlTraitKeys = (
  name: string,
  entry: string,
) => `create or replace function ${name}(attributes jsonb) returns text[]
  language sql immutable parallel safe as $$
    select coalesce(array_agg(distinct k), '{}')
    from nft_value_traits(attributes) x, lateral (values (x.type_key), (${entry})) as keys(k)
  $$;`;

/** A pair's key in `nft_trait_keys`, and in `nft_trait_facets`, over `nft_value_traits` rows `x`. */
export const SQL_PAIR_KEY = `x.type_key || E'\\x1f' || x.value_key`;
export const SQL_FACET_KEY = `x.type_key || E'\\x1f' || x.value_key || E'\\x1f' || x.type_label || E'\\x1f' || x.value_label`;

/** A pair's key, and its facet, from the trimmed type `t` and value `v` of the PL/pgSQL bodies. */
export const PLPGSQL_PAIR_KEY = `lower(t) || E'\\x1f' || lower(v)`;
export const PLPGSQL_FACET_KEY = `lower(t) || E'\\x1f' || lower(v) || E'\\x1f' || t || E'\\x1f' || v`;

export class Migration20261207000000_trait_keys_plpgsql extends Migration {
  override up(): void {
    this.addSql(plpgsql('nft_trait_keys', PLPGSQL_PAIR_KEY));
    this.addSql(plpgsql('nft_trait_facets', PLPGSQL_FACET_KEY));
  }

  override down(): void {
    this.addSql(sqlTraitKeys('nft_trait_keys', SQL_PAIR_KEY));
    this.addSql(sqlTraitKeys('nft_trait_facets', SQL_FACET_KEY));
  }
}
