import { Injectable, NotFoundException } from '@nestjs/common';
import {
  COLLECTION_PAGE_LIMITS,
  DEFAULT_COLLECTION_SORT,
  DEFAULT_SORT_ORDER,
  SCAN_ERRORS,
  decodeTraitSelection,
  type CollectionPageQuery,
  type CollectionPageResponse,
  type Network,
  type TraitSelection,
  type TraitTypeCounts,
} from '@nexus/contract';
import { LruCache } from '../common/lru-cache.js';
import { CollectionPageRepository, type FacetCounts, type PageFilter } from './collection-page.repository.js';
import type { CollectionEntity } from './collection.entity.js';
import { CollectionsRepository } from './collections.repository.js';
import { toApiNft } from './nft.mapper.js';

/** Facet counts kept per API process: a filter answered once is counted once per collection version. */
const CACHED_COUNTS = 256;
/** Stored and ranked totals change with a rarity job (rows, not the collection row): kept briefly. */
const TOTALS_TTL_MS = 2_000;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A selection in one spelling: types and values sorted, empty types left out (the cache key). */
function canonicalSelection(selection: TraitSelection): TraitSelection {
  return Object.fromEntries(
    Object.entries(selection)
      .filter(([, values]) => values.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([type, values]) => [type, [...values].sort()]),
  );
}

/** GET /api/collections/{network}/{address}/nfts: a page of a stored collection, from PostgreSQL. */
@Injectable()
export class CollectionPageService {
  private readonly counts = new LruCache<string, Promise<FacetCounts>>({ maxEntries: CACHED_COUNTS });
  private readonly totals = new LruCache<
    string,
    { at: number; value: Promise<{ stored: number; ranked: number }> }
  >({ maxEntries: 64 });

  constructor(
    private readonly collections: CollectionsRepository,
    private readonly pages: CollectionPageRepository,
  ) {}

  async page(network: Network, address: string, query: CollectionPageQuery): Promise<CollectionPageResponse> {
    const collection = await this.collections.find(network, address);
    if (!collection?.lastScannedAt) throw new NotFoundException(SCAN_ERRORS.notFound);
    const sort = query.sort ?? DEFAULT_COLLECTION_SORT;
    const order = query.order ?? DEFAULT_SORT_ORDER[sort];
    const pageSize = query.pageSize ?? COLLECTION_PAGE_LIMITS.defaultPageSize;
    const filter: PageFilter = {
      search: (query.search ?? '').trim(),
      traits: canonicalSelection(decodeTraitSelection(query.traits ?? [])),
    };

    const [traitTypes, totals, matched] = await Promise.all([
      this.traitTypes(collection, filter),
      this.totalsOf(collection),
      // Without a filter, the labelled counts of the whole collection (read for the filter bar anyway).
      this.countsFor(
        collection,
        filter,
        undefined,
        Object.keys(filter.traits).length === 0 && !filter.search,
      ),
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
    const ref = {
      network: collection.network,
      address: collection.address,
      name: collection.name,
      standard: collection.standard,
    };
    return {
      network: collection.network,
      address: collection.address,
      name: collection.name,
      nfts: records.map((r) => toApiNft(r, ref)),
      page,
      pageSize,
      pageCount,
      total,
      collectionTotal: totals.stored,
      rankedTotal: totals.ranked,
      sort,
      order,
      traitTypes,
    };
  }

  /**
   * Faceted counts: every trait type and value of the collection, counted among the NFTs the whole
   * filter keeps, except a chosen type's values, counted among the NFTs the other choices keep.
   */
  private async traitTypes(collection: CollectionEntity, filter: PageFilter): Promise<TraitTypeCounts[]> {
    const chosen = Object.keys(filter.traits);
    const all = await this.countsFor(collection, { search: '', traits: {} }, undefined, true);
    const full = chosen.length === 0 && !filter.search ? all : await this.countsFor(collection, filter);
    const perChosen = new Map(
      await Promise.all(
        chosen.map(async (type) => {
          const { [type]: _own, ...others } = filter.traits;
          const rest = { search: filter.search, traits: others };
          const counts =
            Object.keys(others).length === 0 && !filter.search
              ? all
              : await this.countsFor(collection, rest, type);
          return [type, counts] as const;
        }),
      ),
    );
    const types: TraitTypeCounts[] = [];
    for (const [typeKey, values] of all.values) {
      const set = perChosen.get(typeKey) ?? full;
      const current = set.values.get(typeKey);
      const first = values.values().next().value;
      types.push({
        traitType: first?.typeLabel ?? typeKey,
        key: typeKey,
        values: [...values.entries()]
          .map(([key, v]) => ({ value: v.valueLabel, key, count: current?.get(key)?.count ?? 0 }))
          .sort((a, b) => b.count - a.count || collator.compare(a.value, b.value)),
        missing: set.total - (set.carried.get(typeKey) ?? 0),
      });
    }
    return types.sort((a, b) => collator.compare(a.traitType, b.traitType));
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

  /** Counts of one filter (one type's choice left out with `except`), from memory when asked before. */
  private countsFor(
    collection: CollectionEntity,
    filter: PageFilter,
    except?: string,
    labels = false,
  ): Promise<FacetCounts> {
    const key = JSON.stringify([
      collection.id,
      collection.updatedAt.getTime(),
      filter,
      except ?? null,
      labels,
    ]);
    let counts = this.counts.get(key);
    if (!counts) {
      counts = this.pages.facetCounts(collection.id, collection.name, filter, {
        except,
        onlyType: except,
        labels,
      });
      // A failed count is not kept.
      counts.catch(() => this.counts.delete(key));
      this.counts.set(key, counts);
    }
    return counts;
  }
}
