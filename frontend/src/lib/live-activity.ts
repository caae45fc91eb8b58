import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type {
  ActivityReorg,
  CursorPage,
  HistoryProgress,
  IndexCoverage,
  Network,
  TransfersIndexed,
} from '@nexus/contract';
import { collectionQueryKey } from '../api/collection-query-key';

/** The lists of a collection that the transfer index answers (the 4th part of their query keys). */
const INDEX_LISTS = new Set(['activity', 'holders', 'holder-stats', 'transfers-per-day']);
/** A token's lists: `[…collection, 'nft', tokenId, 'owners' | 'history']`. */
const TOKEN_LISTS = new Set(['owners', 'history']);

/**
 * Whether a query of the collection reads what these transfers changed: its activity and holder
 * lists, the owners and history of the tokens moved, and the gallery's pages when tokens were
 * minted or burned (the set of NFTs changed) or when filtered by owner. Null transfers: a
 * reorganisation, everything.
 */
export function readsTransfers(queryKey: readonly unknown[], event: TransfersIndexed | null): boolean {
  const [, , , part, detail, list] = queryKey;
  if (typeof part !== 'string') return false;
  if (INDEX_LISTS.has(part)) return true;
  if (part === 'nft' && typeof list === 'string' && TOKEN_LISTS.has(list)) {
    return !event?.tokenIds || event.tokenIds.includes(String(detail));
  }
  if (part !== 'page') return false;
  return !event || event.mints + event.burns > 0 || /(^|[?&])owner=/.test(String(detail));
}

/**
 * Whether a query of the collection is answered from its history read on demand: the lists that
 * say where it stands (its index lists, its tokens' owners and history) and the gallery filtered by
 * an owner.
 */
export function readsHistory(queryKey: readonly unknown[]): boolean {
  const [, , , part, detail, list] = queryKey;
  if (typeof part !== 'string') return false;
  if (INDEX_LISTS.has(part)) return true;
  if (part === 'nft') return typeof list === 'string' && TOKEN_LISTS.has(list);
  return part === 'page' && /(^|[?&])owner=/.test(String(detail));
}

type Page = CursorPage<{ blockNumber?: unknown }>;

function isUncovered(value: unknown): value is IndexCoverage {
  return typeof value === 'object' && value !== null && (value as IndexCoverage).indexed === false;
}

/**
 * A cached answer (a cursor list's pages, or a single answer) with the history's progress in place
 * of the one it was read with; answers the index covers already, and anything else, unchanged.
 */
export function withHistory<T>(data: T, history: HistoryProgress): T {
  if (isUncovered(data)) return { ...data, history };
  const pages = (data as InfiniteData<unknown> | undefined)?.pages;
  if (!Array.isArray(pages) || !pages.some(isUncovered)) return data;
  return {
    ...(data as InfiniteData<unknown>),
    pages: pages.map((page) => (isUncovered(page) ? { ...page, history } : page)),
  } as T;
}

/** A cached cursor list without the rows of blocks a reorganisation undid. */
export function withoutUndone<T extends InfiniteData<Page> | undefined>(data: T, toBlock: number): T {
  if (!data || !Array.isArray((data as InfiniteData<Page>).pages)) return data;
  const pages = (data as InfiniteData<Page>).pages.map((page) =>
    Array.isArray(page?.items)
      ? {
          ...page,
          items: page.items.filter(
            (item) => typeof item.blockNumber !== 'number' || item.blockNumber <= toBlock,
          ),
        }
      : page,
  );
  return { ...(data as InfiniteData<Page>), pages } as T;
}

/** New transfers of a collection: its lists are read again in place (no reload). */
export function refreshCollection(
  client: QueryClient,
  network: Network,
  address: string,
  event: TransfersIndexed,
): Promise<void> {
  return client.invalidateQueries({
    queryKey: collectionQueryKey(network, address),
    predicate: (query: Query) => readsTransfers(query.queryKey, event),
  });
}

/**
 * The collection's history moved on: the lists waiting for it show the new progress at once; once
 * it is complete they are read again, and appear (no reload).
 */
export function historyMoved(
  client: QueryClient,
  network: Network,
  address: string,
  history: HistoryProgress,
): Promise<void> {
  const filters = {
    queryKey: collectionQueryKey(network, address),
    predicate: (query: Query) => readsHistory(query.queryKey),
  };
  client.setQueriesData(filters, (data: unknown) => withHistory(data, history));
  return history.state === 'complete' ? client.invalidateQueries(filters) : Promise.resolve();
}

/** A reorganisation: rows of the undone blocks leave the screen at once, then the lists are read again. */
export function undoCollection(
  client: QueryClient,
  network: Network,
  address: string,
  event: ActivityReorg,
): Promise<void> {
  const filters = {
    queryKey: collectionQueryKey(network, address),
    predicate: (query: Query) => readsTransfers(query.queryKey, null),
  };
  client.setQueriesData<InfiniteData<Page>>(filters, (data) => withoutUndone(data, event.toBlock));
  return client.invalidateQueries(filters);
}

/**
 * A reorganisation, for lists outside a collection (a wallet's): rows of the undone blocks leave the
 * screen at once, then the lists under `queryKey` are read again.
 */
export function undoLists(
  client: QueryClient,
  queryKey: readonly unknown[],
  event: ActivityReorg,
): Promise<void> {
  client.setQueriesData<InfiniteData<Page>>({ queryKey }, (data) => withoutUndone(data, event.toBlock));
  return client.invalidateQueries({ queryKey });
}
