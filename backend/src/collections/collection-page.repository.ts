import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MISSING_VALUE_KEY, type CollectionSort, type SortOrder, type TraitSelection } from '@nexus/contract';
import { countRows, executeBound } from '../platform/database/index.js';
import type { IndexRow } from './collection-page.index.js';
import { storedTraitCounts } from './collection-trait-counts.js';
import type { NftRecord } from './collections.repository.js';
import { NFT_COLUMNS, toNftRecord, type NftRow } from './nft.row.js';

/** Separates a trait type key from its value key in `nft.trait_keys` and `nft.trait_facets`. */
const SEP = '\u001f';

/** What narrows a collection: the name / token id search, the chosen trait values and an owner's tokens. */
export interface PageFilter {
  search: string;
  traits: TraitSelection;
  /** The token ids an owner holds (the owner filter), in token id order; absent without one. */
  owned?: readonly string[];
}

export interface PageOrder {
  sort: CollectionSort;
  order: SortOrder;
}

/** Trait counts of one set of NFTs, grouped on `trait_keys` (or `trait_facets`, labels included). */
export interface FacetCounts {
  /** NFTs in the set. */
  total: number;
  /** type key -> NFTs carrying the type. */
  carried: Map<string, number>;
  /** type key -> value key -> count and labels (the first label met; empty when read without labels). */
  values: Map<string, Map<string, { typeLabel: string; valueLabel: string; count: number }>>;
}

/** SQL `where` text with its bound parameters, numbered from a given first placeholder. */
class Clauses {
  readonly params: unknown[] = [];
  constructor(private readonly first: number) {}

  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.first + this.params.length - 1}`;
  }
}

/** `%` `_` `\` taken literally in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The conditions of a filter on `nft` rows. Within a trait type, any chosen value (or the type's
 * absence, for the missing key); across types, all. `except` leaves one trait type out (facet counts).
 */
function filterSql(filter: PageFilter, collectionName: string, clauses: Clauses, except?: string): string[] {
  const parts: string[] = [];
  const search = filter.search.trim();
  if (search) {
    const pattern = clauses.bind(likePattern(search));
    const name = clauses.bind(collectionName);
    parts.push(
      `(nft.name ilike ${pattern} or (nft.name = '' and (${name} || ' #' || nft.token_id) ilike ${pattern})` +
        ` or nft.token_id ilike ${pattern})`,
    );
  }
  if (filter.owned) parts.push(`nft.token_id = any(${clauses.bind(filter.owned)}::text[])`);
  for (const [type, values] of Object.entries(filter.traits)) {
    if (type === except || values.length === 0) continue;
    const pairs = values.filter((v) => v !== MISSING_VALUE_KEY).map((v) => `${type}${SEP}${v}`);
    const any: string[] = [];
    if (pairs.length > 0) any.push(`nft.trait_keys && ${clauses.bind(pairs)}::text[]`);
    if (values.includes(MISSING_VALUE_KEY))
      any.push(`not (nft.trait_keys @> ${clauses.bind([type])}::text[])`);
    parts.push(any.length === 1 ? any[0]! : `(${any.join(' or ')})`);
  }
  return parts;
}

/** Token id order (shorter first, then bytewise): `compareTokenIds` of the contract, and an index. */
const TOKEN_ORDER = `length(nft.token_id), nft.token_id collate "C"`;

function orderSql(order: PageOrder): string {
  const desc = order.order === 'desc';
  switch (order.sort) {
    case 'rarity-rank':
      // Unranked last in either direction.
      return `nft.rarity_rank ${desc ? 'desc' : 'asc'} nulls last, ${TOKEN_ORDER}`;
    case 'rarity-score':
      return `nft.rarity_score ${desc ? 'desc' : 'asc'} nulls last, ${TOKEN_ORDER}`;
    case 'name':
      return `nft.name collate "nexus_numeric" ${desc ? 'desc' : 'asc'}, ${TOKEN_ORDER}`;
    case 'tokenId':
      return desc ? `length(nft.token_id) desc, nft.token_id collate "C" desc` : TOKEN_ORDER;
  }
}

/** Facet counts from rows of `k` (a `trait_facets` element; null for the NFTs counted) and `c`. */
function readFacetCounts(rows: ReadonlyArray<{ k: string | null; c: number }>): FacetCounts {
  const counts: FacetCounts = { total: 0, carried: new Map(), values: new Map() };
  for (const { k, c } of rows) {
    if (k === null) {
      counts.total = c;
      continue;
    }
    const [typeKey = '', valueKey, typeLabel = '', valueLabel = ''] = k.split(SEP);
    if (valueKey === undefined) {
      counts.carried.set(typeKey, c);
      continue;
    }
    let values = counts.values.get(typeKey);
    if (!values) counts.values.set(typeKey, (values = new Map()));
    // Spellings that normalise alike are one value, labelled by the first in code unit order.
    const known = values.get(valueKey);
    if (known) {
      known.count += c;
      if (typeLabel < known.typeLabel) known.typeLabel = typeLabel;
      if (valueLabel < known.valueLabel) known.valueLabel = valueLabel;
    } else values.set(valueKey, { typeLabel, valueLabel, count: c });
  }
  return counts;
}

/**
 * Indexed reads of one stored collection for the page route: a page of rows in a sort, and trait
 * counts of the rows a filter keeps (GIN on `trait_keys`; the orders have btree indexes).
 */
@Injectable()
export class CollectionPageRepository {
  constructor(private readonly em: EntityManager) {}

  async page(
    collectionId: string,
    collectionName: string,
    filter: PageFilter,
    order: PageOrder,
    offset: number,
    limit: number,
  ): Promise<NftRecord[]> {
    const clauses = new Clauses(4);
    const where = ['nft.collection_id = $1', ...filterSql(filter, collectionName, clauses)];
    const rows = await executeBound<NftRow>(
      this.em.fork(),
      `select ${NFT_COLUMNS}
       from nft where ${where.join(' and ')}
       order by ${orderSql(order)} offset $2 limit $3`,
      [collectionId, offset, limit, ...clauses.params],
    );
    return rows.map(toNftRecord);
  }

  /**
   * Counts over the rows a filter keeps (`except` leaves one trait type's choice out); with `onlyType`
   * only that type's values are grouped.
   */
  async facetCounts(
    collectionId: string,
    collectionName: string,
    filter: PageFilter,
    options: { except?: string; onlyType?: string; labels?: boolean } = {},
  ): Promise<FacetCounts> {
    // The whole collection's labelled counts: kept by the scan (no row read), when it kept them.
    const unfiltered =
      !filter.search && !filter.owned && Object.keys(filter.traits).length === 0 && !options.onlyType;
    const kept = unfiltered && options.labels ? await storedTraitCounts(this.em.fork(), collectionId) : null;
    if (kept) return readFacetCounts(kept);
    // Labels make longer keys to group: read them once per collection, count on the short keys otherwise.
    const column = options.labels ? 'trait_facets' : 'trait_keys';
    const clauses = new Clauses(2);
    const where = ['nft.collection_id = $1', ...filterSql(filter, collectionName, clauses, options.except)];
    const only =
      options.onlyType === undefined
        ? ''
        : `where split_part(k, E'\\x1f', 1) = ${clauses.bind(options.onlyType)}`;
    const rows = await executeBound<{ k: string | null; c: number }>(
      this.em.fork(),
      `with kept as materialized (select nft.${column} as keys from nft where ${where.join(' and ')})
       select null as k, count(*)::int as c from kept
       union all
       select k, count(*)::int as c from kept, unnest(kept.keys) as k ${only} group by k`,
      [collectionId, ...clauses.params],
    );
    return readFacetCounts(rows);
  }

  /**
   * Every NFT of a collection as the in-memory index is built from, in token id order, with the
   * position of its name in the name order (PostgreSQL's collation, so both paths sort alike).
   */
  async indexRows(collectionId: string): Promise<IndexRow[]> {
    return executeBound<IndexRow>(
      this.em.fork(),
      // The facets as one text each (parsed much faster than arrays), as JSON for the rare NFT whose
      // labels hold the separator.
      `select nft.token_id, nft.name, nft.rarity_rank, nft.rarity_score,
         case when strpos(array_to_string(nft.trait_facets, ''), E'\x1e') = 0
           then array_to_string(nft.trait_facets, E'\x1e') end as facets_text,
         case when strpos(array_to_string(nft.trait_facets, ''), E'\x1e') > 0
           then to_json(nft.trait_facets) end as facets,
         dense_rank() over (order by nft.name collate "nexus_numeric")::int as name_group
       from nft where nft.collection_id = $1
       order by ${TOKEN_ORDER}`,
      [collectionId],
    );
  }

  /**
   * The latest write to a collection's rows (scans, metadata retries and rarity jobs stamp
   * `updated_at`; a scan's removals change the collection row): one probe of an index.
   */
  async fingerprint(collectionId: string): Promise<string> {
    const [row] = await executeBound<{ u: Date | string | null }>(
      this.em.fork(),
      `select max(updated_at) as u from nft where collection_id = $1`,
      [collectionId],
    );
    return row?.u instanceof Date ? String(row.u.getTime()) : String(row?.u ?? '');
  }

  /** Rows of a collection by token id, in the order asked (a token no longer stored is left out). */
  async byTokenIds(collectionId: string, tokenIds: string[]): Promise<NftRecord[]> {
    if (tokenIds.length === 0) return [];
    const rows = await executeBound<NftRow>(
      this.em.fork(),
      `select ${NFT_COLUMNS} from nft where collection_id = $1 and token_id = any($2::text[])`,
      [collectionId, tokenIds],
    );
    const byId = new Map(rows.map((r) => [r.token_id, r]));
    return tokenIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toNftRecord(row)] : [];
    });
  }

  /** The stored ranks of some NFTs of a collection (those without a rank left out), in the order asked. */
  async ranksOf(
    collectionId: string,
    tokenIds: string[],
  ): Promise<Array<{ tokenId: string; rarityRank: number; rarityScore: number }>> {
    if (tokenIds.length === 0) return [];
    const rows = await executeBound<{ token_id: string; rarity_rank: number; rarity_score: number }>(
      this.em.fork(),
      `select token_id, rarity_rank, rarity_score from nft
        where collection_id = $1 and token_id = any($2::text[]) and rarity_rank is not null`,
      [collectionId, tokenIds],
    );
    const byId = new Map(rows.map((r) => [r.token_id, r]));
    return tokenIds.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [{ tokenId: id, rarityRank: Number(row.rarity_rank), rarityScore: Number(row.rarity_score) }]
        : [];
    });
  }

  /** NFTs stored and ranked for a collection. */
  async totals(collectionId: string): Promise<{ stored: number; ranked: number }> {
    return countRows(this.em.fork(), 'nft', ['collection_id', collectionId], {
      stored: '*',
      ranked: 'rarity_rank',
    });
  }
}
