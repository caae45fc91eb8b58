import { Migration } from '@mikro-orm/migrations';
import { NUMBER_VALUE, valueTraits } from './Migration20261202100000_trait_number_text.js';
import {
  PLPGSQL_FACET_KEY,
  PLPGSQL_PAIR_KEY,
  plpgsql,
} from './Migration20261207000000_trait_keys_plpgsql.js';

/**
 * White space trimmed from trait types and values: space, tab, line feed, carriage return, form feed
 * and vertical tab, as JavaScript's `trim` takes them from ASCII text. The functions before trimmed
 * `E' \t\n\r\f\v'`, where `\v` is no escape in PostgreSQL but the letter v: "vr" was stored as "r"
 * and a type "View" as "iew", while the rarity engine and the gallery named them as published.
 */
const TRAIT_SPACE = `E' \\t\\n\\r\\f\\x0b'`;
const TRAIT_SPACE_BEFORE = `E' \\t\\n\\r\\f\\v'`;

/**
 * The rows whose keys change (the functions run once per row) are written again, and the kept trait
 * counts of their collections counted again from the rows (as a scan's end counts them).
 */
const RECOUNT = [
  `create temp table nft_trait_trim_row on commit drop as
     select id, collection_id from nft
     where trait_keys is distinct from nft_trait_keys(attributes) or trait_facets is distinct from nft_trait_facets(attributes)`,
  `update nft set attributes = attributes, updated_at = now() where id in (select id from nft_trait_trim_row)`,
  `create temp table nft_trait_trim_collection on commit drop as
     select distinct collection_id from nft_trait_trim_row r
     where exists (select 1 from collection_trait_count k where k.collection_id = r.collection_id)`,
  `delete from collection_trait_count where collection_id in (select collection_id from nft_trait_trim_collection)`,
  `insert into collection_trait_count (collection_id, facet, count)
     select collection_id, '', count(*)::int from nft
     where collection_id in (select collection_id from nft_trait_trim_collection) group by collection_id
     union all
     select collection_id, k, count(*)::int from nft, unnest(nft.trait_facets) as k
     where collection_id in (select collection_id from nft_trait_trim_collection) group by collection_id, k`,
];

/** The trait functions trimming `space`, the rows and counts they change written again. */
function traitTrimSql(space: string): string[] {
  return [
    valueTraits(NUMBER_VALUE, space),
    plpgsql('nft_trait_keys', PLPGSQL_PAIR_KEY, space),
    plpgsql('nft_trait_facets', PLPGSQL_FACET_KEY, space),
    ...RECOUNT,
  ];
}

export class Migration20261209000000_trait_trim extends Migration {
  override up(): void {
    for (const sql of traitTrimSql(TRAIT_SPACE)) this.addSql(sql);
  }

  override down(): void {
    for (const sql of traitTrimSql(TRAIT_SPACE_BEFORE)) this.addSql(sql);
  }
}
