import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  API_ROUTES,
  DEFAULT_COLLECTION_SORT,
  isEvmAddress,
  type CollectionPageResponse,
  type CollectionScanning,
  type ScanProgress,
} from '@nexus/contract';
import { apiCall, isApiStatus } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../api/collection-query-key';
import { GALLERY_PAGE_SIZE } from '../../../lib/gallery-page';
import type { ScanTarget } from '../stores/scan-store';

/**
 * A large collection's scan still running after this long shows the NFTs it has stored so far, as
 * soon as there are any (a quicker scan shows its gallery at its end, as before, without the flash).
 */
export const SCANNING_GALLERY_DELAY_MS = 3_000;
/**
 * Only a collection this large shows its stored NFTs while it is scanned: a smaller one is scanned
 * in seconds to a minute and keeps the scanner overlay, with its promo after 5 s (SPEC).
 */
export const SCANNING_GALLERY_MIN_TOKENS = 100_000;
/** The pages on screen are read again as the scan stores chunks: at most this often. */
export const SCANNING_REFRESH_MS = 2_000;

/** The stored collection's page queries (the gallery's, and the first page asked here). */
function pageQueriesKey(target: ScanTarget) {
  return [...collectionQueryKey(target.network, target.address), 'page'] as const;
}

/** True once `delayMs` has passed with `active` true (false again when it turns false). */
function useActiveFor(active: boolean, delayMs: number): boolean {
  const [due, setDue] = useState(false);
  if (!active && due) setDue(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setDue(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return due;
}

/** The page route's answer for a collection still scanning. */
export type ScanningPage = CollectionPageResponse & { scanning: CollectionScanning };

/**
 * The first page of a collection whose scan is still running (GET /api/collections/…/nfts answers
 * the NFTs stored so far, `scanning`), or null while it has none or the scan is quick. Once it has,
 * the stored collection's pages are read again on the scan's progress events (at most every
 * SCANNING_REFRESH_MS), and once more when the scan ends.
 */
export function useScanningPage(
  target: ScanTarget | null,
  scanning: boolean,
  progress: ScanProgress | null,
): ScanningPage | null {
  const queryClient = useQueryClient();
  const collection =
    target !== null && target.searchType === 'collection' && isEvmAddress(target.address) ? target : null;
  const large = (progress?.tokensTotal ?? 0) >= SCANNING_GALLERY_MIN_TOKENS;
  const active = scanning && collection !== null && large;
  const due = useActiveFor(active, SCANNING_GALLERY_DELAY_MS);
  const params = collection
    ? { network: collection.network, address: collection.address.toLowerCase() }
    : null;

  const first = useQuery({
    queryKey: [...(collection ? pageQueriesKey(collection) : ['collection', 'none']), 'scanning'],
    queryFn: async ({ signal }) => {
      try {
        return await apiCall(API_ROUTES.collectionPage, {
          params: params!,
          query: { page: 1, pageSize: GALLERY_PAGE_SIZE, sort: DEFAULT_COLLECTION_SORT },
          signal,
        });
      } catch (error) {
        // Nothing stored yet: asked again at the next progress event.
        if (isApiStatus(error, 404)) return null;
        throw error;
      }
    },
    enabled: active && due,
    retry: false,
  });
  const answer = first.data;
  const page: ScanningPage | null =
    active && due && answer?.scanning && answer.nfts.length > 0
      ? { ...answer, scanning: answer.scanning }
      : null;

  // Progress events: the pages read again, at most every SCANNING_REFRESH_MS (the last event's
  // refresh waits for the end of the interval rather than being lost).
  const lastRefresh = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!active || !due || !collection) return;
    const refresh = () => {
      trailing.current = null;
      lastRefresh.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: pageQueriesKey(collection) });
    };
    const wait = lastRefresh.current + SCANNING_REFRESH_MS - Date.now();
    if (wait <= 0) refresh();
    else trailing.current ??= setTimeout(refresh, wait);
    // `collection` is a new object each render: its key stands for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [progress, active, due, queryClient, collection?.network, collection?.address]);
  useEffect(
    () => () => {
      if (trailing.current) clearTimeout(trailing.current);
      trailing.current = null;
    },
    [],
  );

  // The scan ended: the gallery reads its pages afresh (ranks, the last chunks), the first page asked
  // here is forgotten (a later scan asks again).
  const shown = useRef<ScanTarget | null>(null);
  useEffect(() => {
    if (page && collection) shown.current = collection;
  });
  useEffect(() => {
    if (active || !shown.current) return;
    const key = pageQueriesKey(shown.current);
    shown.current = null;
    queryClient.removeQueries({ queryKey: [...key, 'scanning'] });
    void queryClient.invalidateQueries({ queryKey: key });
  }, [active, queryClient]);

  return page;
}
