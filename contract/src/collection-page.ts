import type { Network } from './networks.js';
import type { Nft } from './nfts.js';
import type { TraitTypeCounts } from './rarity.js';

/**
 * GET /api/collections/{network}/{address}/nfts: one page of a stored collection, filtered, searched
 * and sorted by the server (docs/API.md).
 */

/** The gallery's sorts: rank ascending, score descending, token id and name ascending by default. */
export const COLLECTION_SORTS = ['rarity-rank', 'rarity-score', 'tokenId', 'name'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];
export const DEFAULT_COLLECTION_SORT: CollectionSort = 'rarity-rank';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The order of a sort when none is asked: the rarest first for rank and score. */
export const DEFAULT_SORT_ORDER: Readonly<Record<CollectionSort, SortOrder>> = {
  'rarity-rank': 'asc',
  'rarity-score': 'desc',
  tokenId: 'asc',
  name: 'asc',
};

export const COLLECTION_PAGE_LIMITS = {
  defaultPageSize: 50,
  maxPageSize: 200,
  maxPage: 100_000,
  maxSearchLength: 200,
  /** An ENS name is at most 255 characters. */
  maxOwnerLength: 255,
  /** Chosen values, all trait types together. */
  maxTraitValues: 100,
  maxTraitLength: 200,
} as const;

/**
 * The value key standing for "the NFT lacks this trait type" (cannot collide with a trimmed value).
 */
export const MISSING_VALUE_KEY = ' missing';

/** Chosen values per normalised trait type key (trimmed, lower-cased), OR within a type, AND across. */
export type TraitSelection = Readonly<Record<string, readonly string[]>>;

/** Trait keys compare trimmed and lower-cased: 'Red' and ' red' are one value. */
export function normalizeTraitKey(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  return String(raw).trim().toLowerCase();
}

function escapeTraitType(type: string): string {
  return type.replace(/%/g, '%25').replace(/:/g, '%3A');
}

function unescapeTraitType(type: string): string {
  return type.replace(/%3A/gi, ':').replace(/%25/g, '%');
}

/**
 * One `type:value` entry per chosen value (the `traits` query parameter of the page route and the
 * `trait` parameter of the web app's address): `%` and `:` in the type are written %25 and %3A; the
 * value is everything after the first colon; the missing-value key keeps its own spelling.
 */
export function encodeTraitSelection(selection: TraitSelection): string[] {
  return Object.entries(selection).flatMap(([type, values]) =>
    values.map((value) => `${escapeTraitType(type)}:${value}`),
  );
}

/** Reads `type:value` entries; an entry without a type or a value is left out. */
export function decodeTraitSelection(entries: readonly string[]): TraitSelection {
  const selection: Record<string, string[]> = {};
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    if (colon <= 0) continue;
    const type = normalizeTraitKey(unescapeTraitType(entry.slice(0, colon)));
    const raw = entry.slice(colon + 1);
    const value = raw === MISSING_VALUE_KEY ? raw : normalizeTraitKey(raw);
    if (!type || !value) continue;
    const values = (selection[type] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  return selection;
}

/** Query of GET /api/collections/{network}/{address}/nfts. */
export interface CollectionPageQuery {
  /** 1-based; a page past the last answers the last. Default 1. */
  page?: number;
  /** Default 50, at most 200. */
  pageSize?: number;
  sort?: CollectionSort;
  order?: SortOrder;
  /** Name or token id contains this (case-insensitive). */
  search?: string;
  /** `type:value` entries (see `encodeTraitSelection`). */
  traits?: string[];
  /**
   * Only the NFTs this holder owns (ERC-1155: holds a positive balance of), as the transfer index
   * knows them: a 0x address or an ENS name (resolved as the search box resolves one).
   */
  owner?: string;
}

/**
 * The owner filter of a page (`owner` of the query): the address it names, and whether the
 * network's transfer index is on. Where it is off, no NFT is known to be anyone's: the page is
 * empty and the gallery says why.
 */
export interface CollectionPageOwner {
  /** Lower-case 0x address (an ENS name resolved). */
  address: string;
  indexed: boolean;
}

export interface CollectionPageResponse {
  network: Network;
  address: string;
  name: string;
  nfts: Nft[];
  /** The page answered (pulled back into range). */
  page: number;
  pageSize: number;
  pageCount: number;
  /** NFTs matching the search and the trait filter. */
  total: number;
  /** NFTs stored for the collection. */
  collectionTotal: number;
  /** NFTs of the collection with a rarity rank. */
  rankedTotal: number;
  sort: CollectionSort;
  order: SortOrder;
  /**
   * Trait types with their value counts for the current search and filter, as a faceted filter counts:
   * a chosen trait type's values are counted under the other types' choices (so the values one could
   * add are counted), every other type under the whole filter. `missing` counts likewise.
   */
  traitTypes: TraitTypeCounts[];
  /**
   * Present while the collection's first scan is still running: the page, totals and counts are those
   * of the NFTs stored so far (`stored`, as `collectionTotal`), out of `expected` (the contract's
   * supply, null when it does not tell). Absent once the scan has finished.
   */
  scanning?: CollectionScanning;
  /** Present when the collection's last scan is partial: why, in words a visitor can read (INCOMPLETE_REASONS). */
  incompleteReason?: string;
  /** Present when the page is filtered by owner. */
  owner?: CollectionPageOwner;
}

export interface CollectionScanning {
  /** NFTs stored so far. */
  stored: number;
  /** NFTs the collection is expected to hold (the contract's supply), null when unknown. */
  expected: number | null;
}

/**
 * What POST /api/nfts answers for a collection larger than the server's full-answer limit: the first
 * page in `nfts`, and where to read the rest.
 */
export interface CollectionPaging {
  /** The collection's NFT count. */
  total: number;
  pageSize: number;
  /** The page route of this collection, e.g. `/api/collections/polygon/0x…/nfts`. */
  route: string;
}

/** GET /api/collections/{network}/{address}/ranks: token ids asked at most per request. */
export const COLLECTION_RANKS_MAX_TOKEN_IDS = 200;

/** One NFT's rank in its whole collection. */
export interface CollectionTokenRank {
  tokenId: string;
  rarityRank: number;
  rarityScore: number;
}

/**
 * GET /api/collections/{network}/{address}/ranks?tokenIds=1,2,3: the ranks Nexus stored for these
 * NFTs of the whole collection (a wallet's share of it is shown with them). Answers 200 for any
 * collection, stored or not: `ranked` false says Nexus has no ranks of it.
 */
export interface CollectionRanksResponse {
  network: Network;
  address: string;
  /** Nexus scanned and ranked the whole collection. */
  ranked: boolean;
  /** NFTs of the collection with a rank (the N of "rank r of N"). */
  rankedTotal: number;
  /** The asked NFTs that have a rank, in the order asked. */
  ranks: CollectionTokenRank[];
}
