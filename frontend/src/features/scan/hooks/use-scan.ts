import { queryOptions, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { NftsResponse } from '@nexus/contract';
import { getScanChannel } from '../../../lib/scan-channel';
import { requestNfts } from '../api/request-nfts';
import { runScan, ScanFailedError } from '../scan-session';
import { scanTargetKey, useScanStore, type ScanTarget } from '../stores/scan-store';

export const NO_NFTS_IN_COLLECTION = 'No NFTs found in this collection';

export function scanQueryKey(target: ScanTarget) {
  return ['scan', target.searchType, target.network, target.address.toLowerCase()] as const;
}

async function executeScan(target: ScanTarget, signal: AbortSignal): Promise<NftsResponse> {
  const key = scanTargetKey(target);
  useScanStore.getState().setProgress(key, null);
  useScanStore.getState().setHistory(key, null);
  // A collection comes by pages (its first page here, the rest from the page route): the web app
  // never downloads a whole collection.
  const answer = await runScan(
    {
      address: target.address,
      network: target.network,
      searchType: target.searchType,
      ...(target.searchType === 'collection' ? { paged: true } : {}),
    },
    {
      channel: getScanChannel(),
      requestNfts,
      signal,
      onProgress: (progress) => useScanStore.getState().setProgress(key, progress),
      onHistory: (history) => useScanStore.getState().setHistory(key, history),
    },
  );
  if (answer.nfts.length === 0) {
    if (answer.error) throw new ScanFailedError(answer.error);
    if (target.searchType === 'collection') throw new ScanFailedError(NO_NFTS_IN_COLLECTION);
  }
  return answer;
}

/**
 * The scan of `target` as a query (none without a target). The scan itself never retries: a new
 * search starts a new one.
 */
function scanQuery(target: ScanTarget | null) {
  return queryOptions({
    queryKey: target ? scanQueryKey(target) : ['scan', 'none'],
    queryFn: target ? ({ signal }) => executeScan(target, signal) : skipToken,
    retry: false,
  });
}

/** The NFTs of the current target. */
export function useScanResult(target: ScanTarget | null) {
  return useQuery(scanQuery(target));
}

/**
 * Starts the scan of `target` in `queryClient` without waiting for a component: a visit straight
 * to a collection's or a wallet's address asks the API while the app starts, and the view's
 * useScanResult joins the request already on its way (one request, the same query).
 */
export function prefetchScan(queryClient: QueryClient, target: ScanTarget): void {
  void queryClient.prefetchQuery(scanQuery(target));
}

/** What a new search and a closed view do to the scans; where the view lives is the app's business. */
export function useScanActions() {
  const queryClient = useQueryClient();

  /** Before showing a new search's view. */
  const prepareScan = useCallback(
    (target: ScanTarget) => {
      const queryKey = scanQueryKey(target);
      // SPEC §4: the browser copy of a wallet scan is dropped before each wallet scan; a failure is never reused.
      if (target.searchType === 'wallet' || queryClient.getQueryState(queryKey)?.status === 'error') {
        queryClient.removeQueries({ queryKey });
      }
      useScanStore.getState().resetSkip();
    },
    [queryClient],
  );

  /** 'Try Again' after a failure: the same scan, from the start. */
  const retryScan = useCallback(
    (target: ScanTarget) => {
      useScanStore.getState().resetSkip();
      void queryClient.resetQueries({ queryKey: scanQueryKey(target) });
    },
    [queryClient],
  );

  /** The visitor left the scan (Cancel, Back to Home): stop waiting for it. */
  const cancelScan = useCallback(
    (target: ScanTarget | null) => {
      if (target) void queryClient.cancelQueries({ queryKey: scanQueryKey(target) });
    },
    [queryClient],
  );

  return { prepareScan, retryScan, cancelScan };
}
