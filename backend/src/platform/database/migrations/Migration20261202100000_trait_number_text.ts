import { Migration } from '@mikro-orm/migrations';

/** The trait values of `nft_trait_keys` and `nft_trait_facets` (Migration20261130000000_nft_trait_keys). */
export const valueTraits = (
  value: string,
  space = `E' \\t\\n\\r\\f\\v'`,
) => `create or replace function nft_value_traits(attributes jsonb)
  returns table (type_key text, value_key text, type_label text, value_label text)
  language sql immutable parallel safe as $$
    select lower(t), lower(v), t, v from (
      select btrim(a->>'trait_type', ${space}) as t, btrim(${value}, ${space}) as v
      from jsonb_array_elements(case when jsonb_typeof(attributes) = 'array' then attributes else '[]'::jsonb end) a
      where jsonb_typeof(a) = 'object' and coalesce(jsonb_typeof(a->'value'), 'null') <> 'null'
        and coalesce(lower(btrim(a->>'display_type')), '') not in ('number', 'boost_number', 'boost_percentage', 'date')
    ) x
    where t is not null
  $$;`;

/** Rows whose stored keys the functions now spell otherwise, written again (and marked changed). */
/** A trait's value as text: a number spelled by `nft_number_text`. */
export const NUMBER_VALUE = `case when jsonb_typeof(a->'value') = 'number' then nft_number_text((a->'value')::numeric) else a->>'value' end`;

export const RECOMPUTE = `update nft set attributes = attributes, updated_at = now()
  where trait_keys is distinct from nft_trait_keys(attributes) or trait_facets is distinct from nft_trait_facets(attributes);`;

/**
 * A trait value is its text as the metadata gives it, and a number is spelled as JSON and JavaScript
 * spell it (ECMAScript Number::toString): the rarity engine, the trait summary and the filter bar
 * read `String(value)`. PostgreSQL spelled a number as its numeric (1.50, 100.0, 0.00000015,
 * 1000000000000000000000 where JavaScript says 1.5, 100, 1.5e-7, 1e+21), so the page route's filter
 * and counts split or merged values the engine counted otherwise. `nft_number_text` spells a
 * numeric as JavaScript does (numbers stored by Nexus are JavaScript's shortest spelling already).
 */
export class Migration20261202100000_trait_number_text extends Migration {
  override up(): void {
    this.addSql(`create or replace function nft_number_text(n numeric) returns text
      language sql immutable parallel safe as $$
        select case when n = 0 then '0' else
          (case when n < 0 then '-' else '' end) || (
            select case
              when k <= e and e <= 21 then d || repeat('0', e - k)
              when 0 < e and e <= 21 then left(d, e) || '.' || substr(d, e + 1)
              when -6 < e and e <= 0 then '0.' || repeat('0', -e) || d
              else left(d, 1) || case when k > 1 then '.' || substr(d, 2) else '' end
                || 'e' || case when e > 0 then '+' else '-' end || abs(e - 1)::text
            end
            -- d: the significant digits; k: how many; e: the decimal point's place (n = 0.d × 10^e).
            from (
              select digits as d, length(digits) as k, length(i) - (length(i || f) - length(ltrim(i || f, '0'))) as e
              from (select i, f, rtrim(ltrim(i || f, '0'), '0') as digits
                    from (select split_part(abs(n)::text, '.', 1) as i, split_part(abs(n)::text, '.', 2) as f) parts
              ) y
            ) z
          )
        end
      $$;`);
    this.addSql(valueTraits(NUMBER_VALUE));
    this.addSql(RECOMPUTE);
  }

  override down(): void {
    this.addSql(valueTraits(`a->>'value'`));
    this.addSql(RECOMPUTE);
    this.addSql(`drop function if exists nft_number_text(numeric);`);
  }
}
