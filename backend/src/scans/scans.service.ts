import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  API_ROUTES,
  apiPath,
  COLLECTION_PAGE_LIMITS,
  DEFAULT_COLLECTION_SORT,
  DEFAULT_SORT_ORDER,
  INCOMPLETE_REASONS,
  scanKey,
  type CollectionPaging,
  type NftsRequest,
  type NftsResponse,
  type ScanKind,
} from '@nexus/contract';
import { AppConfig } from '../platform/config/index.js';
import { AddressesService } from '../addresses/index.js';
import {
  CollectionPageRepository,
  CollectionsRepository,
  toApiNft,
  type CollectionEntity,
  type NftRecord,
} from '../collections/index.js';
import { deflateHead, finishDeflate, type DeflatedPart, type DeflateHead } from '../platform/common/index.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { ScanAdmission } from './scan-admission.service.js';
import { ScanCacheRepository, type CachedScan } from './scan-cache.repository.js';
import { ScanWaiter } from './scan-waiter.service.js';
import { SearchRepository } from './search.repository.js';

/** A stored collection's answer as the scan cache holds it: its last scan's facts and `records`. */
function storedAnswer(c: CollectionEntity, records: readonly NftRecord[]): CachedScan {
  const ref = { network: c.network, address: c.address, name: c.name, standard: c.standard };
  return {
    meta: {
      scanDuration: c.scanDuration ?? 0,
      totalCollections: 1,
      isComplete: c.isComplete,
      ...(c.incompleteReason ? { incompleteReason: c.incompleteReason } : {}),
      cachedAt: Date.now(),
    },
    nftsJson: JSON.stringify(records.map((n) => toApiNft(n, ref))),
  };
}

const NFTS_OPEN = Buffer.from('{"nfts":');

/** The compressed start of the answers of a cached list (`{"nfts":` and the list), prepared once. */
const deflateHeads = new WeakMap<DeflatedPart, DeflateHead>();

function deflateHeadOf(list: DeflatedPart): DeflateHead {
  let head = deflateHeads.get(list);
  if (!head) {
    head = deflateHead([NFTS_OPEN, list]);
    deflateHeads.set(list, head);
  }
  return head;
}

/**
 * A POST /api/nfts answer: either a complete JSON text (the cached NFT list is spliced in without
 * parsing it again) or a pending marker while the scan outlives the wait.
 */
export interface NftsAnswer {
  status: 200 | 202;
  /** Written in order; the cached NFT list is one chunk, sent without copying. */
  body: Array<string | Buffer>;
  /** The same answer as a `Content-Encoding: deflate` stream, when the list was compressed in the cache. */
  deflated?: () => Buffer[];
}

/** POST /api/nfts: cache first, then PostgreSQL, else a scan job (joined when one is running). */
@Injectable()
export class ScansService {
  constructor(
    private readonly config: AppConfig,
    private readonly cache: ScanCacheRepository,
    private readonly queue: ScanQueueRepository,
    private readonly waiter: ScanWaiter,
    private readonly collections: CollectionsRepository,
    private readonly searches: SearchRepository,
    private readonly addresses: AddressesService,
    private readonly admission: ScanAdmission,
    private readonly pageRows: CollectionPageRepository,
  ) {}

  /** `client`: the requesting address's rate-limit key (scans that start work are admitted per client). */
  async getNfts(request: NftsRequest, client: string): Promise<NftsAnswer> {
    const started = Date.now();
    const address = await this.addresses.resolveForScan(request.address, request.searchType);
    const kind: ScanKind = request.searchType;
    const key = scanKey(kind, request.network, address);

    if (!request.forceRefresh) {
      const hit = await this.fromCacheOrDatabase(key, request, address);
      if (hit) {
        this.searches.record(address, request.network, kind, true);
        return this.answer(key, kind, hit.cached, true, hit.source, started, hit.paging);
      }
    }
    // A cache miss or a refresh costs chain calls: admitted (or refused, 429/503) before it starts.
    const starts = await this.admission.admit(client, key, kind);
    this.searches.record(address, request.network, kind, false);

    // Listen before enqueueing so an outcome published in between is not missed.
    // A preload only starts the scan: it answers 202 at once unless the result is cached.
    const wait = this.waiter.waitFor(key, request.preload ? 0 : this.config.scanWaitMs);
    try {
      const enqueued = await this.queue.enqueue({
        key,
        kind,
        network: request.network,
        address,
        includeMetadata: request.includeMetadata ?? true,
        includeAllTokenTypes: request.includeAllTokenTypes ?? true,
        requestId: randomUUID(),
        requestedAt: new Date().toISOString(),
      });
      if (starts && !enqueued.joined) await this.admission.started(client, key, kind);
      else if (starts) await this.admission.release(client, key);
    } catch (error) {
      wait.cancel();
      if (starts) await this.admission.release(client, key);
      throw error;
    }
    const outcome = await wait.promise;
    if (outcome === null) {
      return { status: 202, body: [JSON.stringify(this.pending(key, kind, started))] };
    }
    if (outcome.type === 'failed') {
      return {
        status: 200,
        body: [JSON.stringify({ ...this.empty(key, kind, started), error: outcome.event.error })],
      };
    }
    const cached = request.paged && kind === 'collection' ? null : await this.cache.get(key);
    if (!cached) {
      const stored = await this.fromCacheOrDatabase(key, request, address);
      if (!stored) return { status: 202, body: [JSON.stringify(this.pending(key, kind, started))] };
      return this.answer(key, kind, stored.cached, false, 'fresh', started, stored.paging);
    }
    return this.answer(key, kind, cached, false, 'fresh', started);
  }

  private async fromCacheOrDatabase(
    key: string,
    request: NftsRequest,
    address: string,
  ): Promise<{ cached: CachedScan; source: 'redis' | 'database'; paging?: CollectionPaging } | null> {
    // A collection asked by pages is read from PostgreSQL: its whole answer is never read for it.
    const paged = request.paged === true && request.searchType === 'collection';
    const cached = paged ? null : await this.cache.get(key);
    if (cached) return { cached, source: 'redis' };
    if (request.searchType !== 'collection') return null;
    const found = await this.collections.find(request.network, address);
    if (!found?.lastScannedAt || found.nftCount === 0) return null;
    if (paged || found.nftCount > this.config.fullAnswerMaxNfts) return this.firstPage(found);
    const stored = await this.collections.load(request.network, address);
    if (!stored || !stored.collection.lastScannedAt || stored.nfts.length === 0) return null;
    const value = storedAnswer(stored.collection, stored.nfts);
    await this.cache.fill(key, 'collection', value);
    return { cached: value, source: 'database' };
  }

  /**
   * A collection asked by pages, or larger than the whole answer allows: its first page (default sort, no filter) from
   * PostgreSQL, with the totals and the page route for the rest. One indexed read: the trait counts
   * of the filter bar come with the page route, which the gallery asks next. Not cached in Redis.
   */
  private async firstPage(
    collection: CollectionEntity,
  ): Promise<{ cached: CachedScan; source: 'database'; paging: CollectionPaging }> {
    const pageSize = COLLECTION_PAGE_LIMITS.defaultPageSize;
    const records = await this.pageRows.page(
      collection.id,
      collection.name,
      { search: '', traits: {} },
      { sort: DEFAULT_COLLECTION_SORT, order: DEFAULT_SORT_ORDER[DEFAULT_COLLECTION_SORT] },
      0,
      pageSize,
    );
    return {
      cached: storedAnswer(collection, records),
      source: 'database',
      paging: {
        total: collection.nftCount,
        pageSize,
        route: apiPath(API_ROUTES.collectionPage, {
          network: collection.network,
          address: collection.address,
        }),
      },
    };
  }

  private answer(
    key: string,
    kind: ScanKind,
    cached: CachedScan,
    fromCache: boolean,
    source: NftsResponse['cacheSource'],
    started: number,
    paging?: CollectionPaging,
  ): NftsAnswer {
    const rest: Omit<NftsResponse, 'nfts'> = {
      scanDuration: cached.meta.scanDuration,
      fromCache,
      loadTime: Date.now() - started,
      cacheSource: source,
      cacheType: kind === 'wallet' ? 'wallet' : 'collection',
      totalCollections: cached.meta.totalCollections,
      error: null,
      isComplete: cached.meta.isComplete,
      // A partial answer always says why (answers stored before reasons were kept: the general one).
      ...(cached.meta.isComplete
        ? {}
        : { incompleteReason: cached.meta.incompleteReason ?? INCOMPLETE_REASONS.partial }),
      scanKey: key,
      ...(paging ? { paging } : {}),
    };
    // The NFT list is stored as JSON bytes: splice them in rather than parse and serialise again.
    const tail = `,${JSON.stringify(rest).slice(1)}`;
    const list = cached.deflated;
    return {
      status: 200,
      body: [NFTS_OPEN, cached.nftsJson, tail],
      deflated: list ? () => finishDeflate(deflateHeadOf(list), tail) : undefined,
    };
  }

  private empty(key: string, kind: ScanKind, started: number): NftsResponse {
    return {
      nfts: [],
      scanDuration: 0,
      fromCache: false,
      loadTime: Date.now() - started,
      cacheSource: 'fresh',
      cacheType: kind === 'wallet' ? 'wallet' : 'collection',
      totalCollections: 0,
      error: null,
      isComplete: false,
      scanKey: key,
    };
  }

  private pending(key: string, kind: ScanKind, started: number): NftsResponse {
    return { ...this.empty(key, kind, started), pending: true };
  }
}
