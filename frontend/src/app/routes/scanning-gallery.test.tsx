import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  API_ROUTES,
  apiPath,
  type CollectionPageResponse,
  type Nft,
  type NftsResponse,
  type ScanProgress,
} from '@nexus/contract';
import { BETA_WELCOME_SEEN_KEY } from '../../components/beta-welcome-dialog';
import { scanQueryKey } from '../../features/scan/hooks/use-scan';
import {
  SCANNING_GALLERY_DELAY_MS,
  SCANNING_GALLERY_MIN_TOKENS,
  SCANNING_REFRESH_MS,
} from '../../features/scan/hooks/use-scanning-page';
import { scanTargetKey, useScanStore, type ScanTarget } from '../../features/scan/stores/scan-store';
import { closeSocket } from '../../lib/socket-client';
import { installFetch, jsonResponse, removeFetch, statusResponse } from '../../testing/fake-fetch';
import { testNft } from '../../testing/test-nft';
import { renderHomeRoute } from './testing/render-home-route';

const CONTRACT = '0x5ca2215ca2215ca2215ca2215ca2215ca2215ca2';
const EXPECTED = 1_000_000;
const target: ScanTarget = { searchType: 'collection', network: 'polygon', address: CONTRACT };
const route = apiPath(API_ROUTES.collectionPage, { network: 'polygon', address: CONTRACT });

const nft = (tokenId: number): Nft => testNft(CONTRACT, 'Slow', 'Slow', tokenId);

/** The page route's answer with `stored` NFTs stored, still scanning or not. */
function page(stored: number, scanning: boolean): CollectionPageResponse {
  return {
    network: 'polygon',
    address: CONTRACT,
    name: 'Slow',
    nfts: Array.from({ length: stored }, (_, i) => nft(i + 1)),
    page: 1,
    pageSize: 50,
    pageCount: 1,
    total: stored,
    collectionTotal: stored,
    rankedTotal: 0,
    sort: 'rarity-rank',
    order: 'asc',
    traitTypes: [],
    ...(scanning ? { scanning: { stored, expected: EXPECTED } } : {}),
  };
}

function progress(metadataFetched: number, tokensTotal = EXPECTED): ScanProgress {
  return {
    key: `collection:polygon:${CONTRACT}`,
    kind: 'collection',
    network: 'polygon',
    address: CONTRACT,
    stage: 'calculating',
    percent: 40,
    tokensFound: metadataFetched,
    metadataFetched,
    tokensTotal,
    startedAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    emittedAt: Date.now(),
    error: null,
  };
}

/** The home route on the collection's address, as a shared link opens it; its query client. */
function renderCollection() {
  return renderHomeRoute(`/?view=collection&network=polygon&address=${CONTRACT}`);
}

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('a large collection whose scan is still running', () => {
  /** What the page route answers now: nothing stored, then chunks, then the finished scan. */
  let current: CollectionPageResponse | null = null;

  beforeEach(() => {
    window.localStorage.setItem(BETA_WELCOME_SEEN_KEY, 'true');
    installFetch((url) => {
      if (url.pathname === API_ROUTES.scanNfts.path) {
        // The scan outlives the server's wait: the app waits for its outcome on the socket.
        return jsonResponse({ nfts: [], pending: true, scanKey: progress(0).key }, { status: 202 });
      }
      if (url.pathname === route) return current ? jsonResponse(current) : statusResponse(404, 'Not Found');
      if (url.pathname === API_ROUTES.whitelistedCollections.path) return jsonResponse([]);
      return statusResponse(404, 'Not Found');
    });
  });

  afterEach(() => removeFetch());

  afterAll(async () => {
    await closeSocket();
  });

  it('shows its first NFTs under a progress line, refreshed as chunks land, then the gallery', async () => {
    const queryClient = renderCollection();
    const emit = (fetched: number) =>
      act(() => useScanStore.getState().setProgress(scanTargetKey(target), progress(fetched)));

    // The scanner first, as for any collection; nothing stored yet.
    expect(await screen.findByTestId('scan-overlay')).toBeTruthy();
    await emit(0);
    await sleep(SCANNING_GALLERY_DELAY_MS + 200);
    expect(screen.getByTestId('scan-overlay')).toBeTruthy();
    expect(screen.queryByTestId('gallery')).toBeNull();

    // The first chunk is stored: the next progress event brings the gallery, the overlay goes.
    current = page(2, true);
    await sleep(SCANNING_REFRESH_MS);
    await emit(2);
    const gallery = await screen.findByTestId('gallery', {}, { timeout: 4_000 });
    expect(screen.queryByTestId('scan-overlay')).toBeNull();
    expect(within(gallery).getByTestId('scanning-notice-counts').textContent).toBe(
      'Scanning collection... 2 / 1,000,000 NFTs loaded',
    );
    expect(within(gallery).getAllByTestId('nft-card')).toHaveLength(2);

    // More chunks: the page is read again on the next progress event (within the throttle).
    current = page(5, true);
    await emit(5);
    await waitFor(() => expect(within(gallery).getAllByTestId('nft-card')).toHaveLength(5), {
      timeout: SCANNING_REFRESH_MS + 2_000,
    });
    expect(within(gallery).getByTestId('scanning-notice-counts').textContent).toBe(
      'Scanning collection... 5 / 1,000,000 NFTs loaded',
    );

    // The scan ends: the usual gallery, without the progress line.
    current = page(6, false);
    const done: NftsResponse = {
      nfts: page(6, false).nfts,
      scanDuration: 1_000,
      fromCache: false,
      loadTime: 4,
      cacheSource: 'database',
      cacheType: 'collection',
      totalCollections: 1,
      error: null,
      isComplete: true,
      scanKey: progress(0).key,
      paging: { total: 6, pageSize: 50, route },
    };
    await act(() => {
      queryClient.setQueryData(scanQueryKey(target), done);
    });
    await waitFor(() => expect(screen.queryByTestId('scanning-notice')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('nft-card')).toHaveLength(6));
    expect(screen.queryByTestId('scan-overlay')).toBeNull();
  }, 30_000);

  it('keeps the scanner overlay for a smaller collection, its NFTs stored or not', async () => {
    renderCollection();
    const small = SCANNING_GALLERY_MIN_TOKENS - 1;
    current = { ...page(2, true), scanning: { stored: 2, expected: small } };
    expect(await screen.findByTestId('scan-overlay')).toBeTruthy();
    for (const fetched of [0, 2, 4]) {
      await act(() => useScanStore.getState().setProgress(scanTargetKey(target), progress(fetched, small)));
      await sleep(SCANNING_GALLERY_DELAY_MS / 2 + SCANNING_REFRESH_MS / 2);
    }
    expect(screen.getByTestId('scan-overlay')).toBeTruthy();
    expect(screen.queryByTestId('gallery')).toBeNull();
  }, 30_000);
});
