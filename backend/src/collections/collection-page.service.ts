import { Injectable, NotFoundException } from '@nestjs/common';
import {
  COLLECTION_PAGE_LIMITS,
  DEFAULT_COLLECTION_SORT,
  DEFAULT_SORT_ORDER,
  SCAN_ERRORS,
  decodeTraitSelection,
  type CollectionPageQuery,
  type CollectionPageResponse,
  type CollectionRanksResponse,
  type Network,
  type TraitTypeCounts,
} from '@nexus/contract';
import { LruCache } from '../platform/common/index.js';
import { CollectionPageIndex, type IndexedCounts } from './collection-page.index.js';
import { CollectionPageRepository, type FacetCounts, type PageFilter } from './collection-page.repository.js';
import type { CollectionEntity } from './collection.entity.js';
import { CollectionsRepository, type NftRecord } from './collections.repository.js';
import { toApiNft } from './nft.mapper.js';
import { OwnerFilterService } from './owner-filter.service.js';
import { ScanningCounts } from './scanning-counts.js';
import { canonicalSelection, facetTypes } from './facet-types.js';

/** No search, trait choice or owner narrows the collection. */
const unfiltered = (f: PageFilter) => Object.keys(f.traits).length === 0 && !f.search && !f.owned;

/** Facet counts kept per API process: a filter answered once is counted once per collection version. */
const CACHED_COUNTS = 256;
/** Stored and ranked totals change with a rarity job (rows, not the collection row): kept briefly. */
const TOTALS_TTL_MS = 2_000;

/**
 * NFTs an API process keeps indexed in memory, all collections together (about 17 MB per 100,000
 * NFTs, 3.4 MB of it V8 heap, the rest typed arrays; plus the kept filters' counts): a
 * 1,000,000-NFT collection and some smaller ones. A collection larger than this is answered by
 * PostgreSQL alone.
 */
export const INDEXED_NFTS = 1_500_000;
/**
 * A collection larger than this is answered by PostgreSQL while its index is built (tens of seconds
 * at 1,000,000 NFTs) instead of holding its first visitors up; smaller ones wait for the build.
 */
const WAIT_FOR_INDEX_NFTS = 200_000;
/** Indexed collections kept at most. */
const INDEXED_COLLECTIONS = 32;
/** Filters whose counts are kept per indexed collection. */
const INDEXED_FILTERS = 32;
/**
 * Besides the scan and rarity outcomes it hears, an index is compared with its rows (their latest
 * write) in the background at most this often, and replaced when they changed.
 */
const VERIFY_MS = 1_000;

/** A collection's in-memory index, with what it was built from. */
interface IndexEntry {
  collectionId: string;
  /** The collection row's version and name when built (a rescan changes them). */
  version: number;
  name: string;
  weight: number;
  ready: Promise<IndexState>;
  /** Set once `ready` has resolved. */
  built?: IndexState;
}

interface IndexState {
  index: CollectionPageIndex;
  fingerprint: string;
  verifiedAt: number;
  verifying: boolean;
  counts: LruCache<string, IndexedCounts>;
}

/**
 * GET /api/collections/{network}/{address}/nfts: a page of a stored collection. Filters, counts and
 * orders come from an in-memory index of the collection (built from PostgreSQL on first use and
 * replaced when the collection changes), the page's rows from PostgreSQL; a collection over the
 * memory bound is answered by PostgreSQL alone.
 */
@Injectable()
export class CollectionPageService {
  private readonly indexes = new LruCache<string, IndexEntry>({
    maxEntries: INDEXED_COLLECTIONS,
    maxWeight: INDEXED_NFTS,
    weigh: (entry) => entry.weight,
  });
  private readonly counts = new LruCache<string, Promise<FacetCounts>>({ maxEntries: CACHED_COUNTS });
  private readonly scanningCounts = new ScanningCounts<FacetCounts>(CACHED_COUNTS);
  private readonly scanningTotals = new ScanningCounts<{ stored: number; ranked: number }>(64);
  private readonly totals = new LruCache<
    string,
    { at: number; value: Promise<{ stored: number; ranked: number }> }
  >({ maxEntries: 64 });

  constructor(
    private readonly collections: CollectionsRepository,
    private readonly pages: CollectionPageRepository,
    private readonly owners: OwnerFilterService,
  ) {}

  /**
   * `index: false` answers from PostgreSQL alone (what the index is compared with). A collection whose
   * first scan is still running is answered by PostgreSQL from the rows stored so far (`scanning`);
   * its index is built once the scan has finished.
   */
  async page(
    network: Network,
    address: string,
    query: CollectionPageQuery,
    options: { index?: boolean } = {},
  ): Promise<CollectionPageResponse> {
    const ownerAddress = query.owner === undefined ? null : await this.owners.address(query.owner);
    const collection = await this.collections.find(network, address);
    if (!collection) throw new NotFoundException(SCAN_ERRORS.notFound);
    const owner = ownerAddress && (await this.owners.resolve(network, collection.address, ownerAddress));
    // First scan under way: the rows stored so far, or 404 while there are none. Counted afresh while
    // that is quick; past a few hundred thousand rows the last count answers while the next one runs.
    const scanTotals = collection.lastScannedAt
      ? null
      : await this.scanningTotals.get(collection.id, Date.now(), () => this.pages.totals(collection.id));
    if (scanTotals?.stored === 0) throw new NotFoundException(SCAN_ERRORS.notFound);
    const stored = scanTotals?.stored;
    const sort = query.sort ?? DEFAULT_COLLECTION_SORT;
    const order = query.order ?? DEFAULT_SORT_ORDER[sort];
    const pageSize = query.pageSize ?? COLLECTION_PAGE_LIMITS.defaultPageSize;
    const filter: PageFilter = {
      search: (query.search ?? '').trim(),
      traits: canonicalSelection(decodeTraitSelection(query.traits ?? [])),
      ...(owner ? { owned: owner.owned } : {}),
    };
    const ref = {
      network: collection.network,
      address: collection.address,
      name: collection.name,
      standard: collection.standard,
    };

    // The answer's shape, whichever of the index or PostgreSQL found its rows and counts.
    const answer = (
      records: NftRecord[],
      page: number,
      pageCount: number,
      total: number,
      collectionTotal: number,
      rankedTotal: number,
      traitTypes: CollectionPageResponse['traitTypes'],
    ): CollectionPageResponse => ({
      network: collection.network,
      address: collection.address,
      name: collection.name,
      nfts: records.map((r) => toApiNft(r, ref)),
      page,
      pageSize,
      pageCount,
      total,
      collectionTotal,
      rankedTotal,
      sort,
      order,
      traitTypes,
      ...(scanTotals
        ? { scanning: { stored: scanTotals.stored, expected: collection.totalSupply ?? null } }
        : {}),
      ...(!scanTotals && !collection.isComplete && collection.incompleteReason
        ? { incompleteReason: collection.incompleteReason }
        : {}),
      ...(owner ? { owner: owner.owner } : {}),
    });

    const state = options.index === false || scanTotals ? null : await this.indexOf(collection);
    if (state) {
      const filterKey = JSON.stringify(filter);
      let matched = state.counts.get(filterKey);
      if (!matched) state.counts.set(filterKey, (matched = state.index.counts(filter)));
      const pageCount = Math.max(1, Math.ceil(matched.total / pageSize));
      const page = Math.min(query.page ?? 1, pageCount);
      const tokenIds = state.index.page(matched.kept, { sort, order }, (page - 1) * pageSize, pageSize);
      const records = await this.pages.byTokenIds(collection.id, tokenIds);
      // Rows gone since the index was built: it is out of date, PostgreSQL answers this time.
      if (records.length === tokenIds.length) {
        return answer(
          records,
          page,
          pageCount,
          matched.total,
          state.index.size,
          state.index.ranked,
          matched.traitTypes,
        );
      }
      this.forget(network, address);
    }

    const [traitTypes, totals, matched] = await Promise.all([
      this.traitTypes(collection, filter, stored),
      scanTotals ?? this.totalsOf(collection),
      // Without a filter, the labelled counts of the whole collection (read for the filter bar anyway).
      this.countsFor(collection, filter, undefined, unfiltered(filter), stored),
    ]);
    const total = matched.total;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(query.page ?? 1, pageCount);
    const records = await this.pages.page(
      collection.id,
      collection.name,
      filter,
      { sort, order },
      (page - 1) * pageSize,
      pageSize,
    );
    return answer(records, page, pageCount, total, totals.stored, totals.ranked, traitTypes);
  }

  /**
   * The stored ranks of some NFTs of a collection (a wallet's share of it): 200 whatever Nexus holds,
   * `ranked` false for a collection it has not scanned or ranked.
   */
  async ranks(network: Network, address: string, tokenIds: string[]): Promise<CollectionRanksResponse> {
    const collection = await this.collections.find(network, address);
    const unranked = { network, address: address.toLowerCase(), ranked: false, rankedTotal: 0, ranks: [] };
    if (!collection?.lastScannedAt) return unranked;
    const [totals, ranks] = await Promise.all([
      this.totalsOf(collection),
      this.pages.ranksOf(collection.id, [...new Set(tokenIds)]),
    ]);
    if (totals.ranked === 0) return { ...unranked, address: collection.address };
    return {
      network: collection.network,
      address: collection.address,
      ranked: true,
      rankedTotal: totals.ranked,
      ranks,
    };
  }

  /**
   * Drops what is kept of a collection (its rows changed: a scan or a rarity job finished); an index
   * that was in use is built again at once, so the next visitor does not wait for it.
   */
  forget(network: Network, address: string): void {
    const key = `${network}:${address.toLowerCase()}`;
    const had = this.indexes.get(key);
    this.indexes.delete(key);
    if (!had) return;
    void this.collections
      .find(network, address)
      .then((collection) => (collection?.lastScannedAt ? this.indexOf(collection) : null))
      .catch(() => undefined);
  }

  /**
   * The collection's index, built on first use (requests meanwhile wait for the same build, or for a
   * large collection are answered by PostgreSQL: null); null for a collection over the memory bound.
   * Checked against the rows in the background now and then.
   */
  private async indexOf(collection: CollectionEntity): Promise<IndexState | null> {
    if (collection.nftCount > INDEXED_NFTS) return null;
    const key = `${collection.network}:${collection.address}`;
    let entry = this.indexes.get(key);
    const version = collection.updatedAt.getTime();
    if (
      !entry ||
      entry.collectionId !== collection.id ||
      entry.version !== version ||
      entry.name !== collection.name
    ) {
      const built: IndexEntry = {
        collectionId: collection.id,
        version,
        name: collection.name,
        weight: Math.max(1, collection.nftCount),
        ready: this.build(collection),
      };
      entry = built;
      built.ready.then(
        (state) => {
          built.built = state;
          // Larger than the count the collection row gave: weighed again (or dropped when over the bound).
          if (state.index.size > built.weight && this.indexes.get(key) === built) {
            built.weight = state.index.size;
            this.indexes.set(key, built);
          }
        },
        () => {
          if (this.indexes.get(key) === built) this.indexes.delete(key);
        },
      );
      this.indexes.set(key, built);
    }
    if (!entry.built && collection.nftCount > WAIT_FOR_INDEX_NFTS) return null;
    const state = await entry.ready;
    if (!state.verifying && Date.now() - state.verifiedAt > VERIFY_MS) this.verify(key, entry, state);
    return state;
  }

  private async build(collection: CollectionEntity): Promise<IndexState> {
    // The fingerprint first: a write during the read makes it differ at the next check.
    const fingerprint = await this.pages.fingerprint(collection.id);
    const rows = await this.pages.indexRows(collection.id);
    const index = new CollectionPageIndex(rows, collection.name);
    for (const sort of ['rarity-rank', 'rarity-score', 'name', 'tokenId'] as const)
      for (const order of ['asc', 'desc'] as const) index.order({ sort, order });
    return {
      index,
      fingerprint,
      verifiedAt: Date.now(),
      verifying: false,
      counts: new LruCache<string, IndexedCounts>({ maxEntries: INDEXED_FILTERS }),
    };
  }

  /** Compares an index with its rows, without holding up the request; replaces it when they changed. */
  private verify(key: string, entry: IndexEntry, state: IndexState): void {
    state.verifying = true;
    this.pages
      .fingerprint(entry.collectionId)
      .then(
        (fingerprint) => {
          if (fingerprint === state.fingerprint) state.verifiedAt = Date.now();
          else if (this.indexes.get(key) === entry) {
            // Rows written without an outcome heard (a metadata retry): built again at once.
            const [network, address] = key.split(':') as [Network, string];
            this.forget(network, address);
          }
        },
        () => undefined,
      )
      .finally(() => {
        state.verifying = false;
      });
  }

  /**
   * Faceted counts: every trait type and value of the collection, counted among the NFTs the whole
   * filter keeps, except a chosen type's values, counted among the NFTs the other choices keep.
   */
  private async traitTypes(
    collection: CollectionEntity,
    filter: PageFilter,
    stored?: number,
  ): Promise<TraitTypeCounts[]> {
    const chosen = Object.keys(filter.traits);
    const all = await this.countsFor(collection, { search: '', traits: {} }, undefined, true, stored);
    const full = unfiltered(filter)
      ? all
      : await this.countsFor(collection, filter, undefined, false, stored);
    const perChosen = new Map(
      await Promise.all(
        chosen.map(async (type) => {
          const { [type]: _own, ...others } = filter.traits;
          const rest = { ...filter, traits: others };
          const counts = unfiltered(rest) ? all : await this.countsFor(collection, rest, type, false, stored);
          return [type, counts] as const;
        }),
      ),
    );
    return facetTypes(all, full, perChosen);
  }

  private totalsOf(collection: CollectionEntity): Promise<{ stored: number; ranked: number }> {
    const key = `${collection.id}:${collection.updatedAt.getTime()}`;
    const kept = this.totals.get(key);
    if (kept && Date.now() - kept.at < TOTALS_TTL_MS) return kept.value;
    const value = this.pages.totals(collection.id);
    value.catch(() => this.totals.delete(key));
    this.totals.set(key, { at: Date.now(), value });
    return value;
  }

  /**
   * Counts of one filter (one type's choice left out with `except`), from memory when asked before;
   * `stored`: the rows stored so far of a collection still scanning (see ScanningCounts).
   */
  private countsFor(
    collection: CollectionEntity,
    filter: PageFilter,
    except?: string,
    labels = false,
    stored?: number,
  ): Promise<FacetCounts> {
    const count = () =>
      this.pages.facetCounts(collection.id, collection.name, filter, { except, onlyType: except, labels });
    const version = stored === undefined ? collection.updatedAt.getTime() : 'scanning';
    const key = JSON.stringify([collection.id, version, filter, except ?? null, labels]);
    if (stored !== undefined) return this.scanningCounts.get(key, stored, count);
    let counts = this.counts.get(key);
    if (!counts) {
      counts = count();
      // A failed count is not kept.
      counts.catch(() => this.counts.delete(key));
      this.counts.set(key, counts);
    }
    return counts;
  }
}
