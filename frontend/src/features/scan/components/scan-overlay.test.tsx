import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  API_ROUTES,
  scanKey,
  type HistoryProgress,
  type NftsResponse,
  type PromoAsset,
  type ScanProgress,
} from '@nexus/contract';
import { setScanChannel, type ScanChannel, type ScanListener } from '../../../lib/scan-channel';
import { FakeListeners } from '../../../testing/fake-listeners';
import { installFetch, jsonResponse, removeFetch, statusResponse } from '../../../testing/fake-fetch';
import { useScanResult } from '../hooks/use-scan';
import { useScanHistory, useScanProgress, type ScanTarget } from '../stores/scan-store';
import { ScanOverlay, SKIP_LABEL } from './scan-overlay';
import { renderWithQueries } from '../../../testing/render-with-queries';

const wallet: ScanTarget = {
  searchType: 'wallet',
  network: 'polygon',
  address: '0x1111111111111111111111111111111111111111',
};
const collection: ScanTarget = {
  searchType: 'collection',
  network: 'ethereum',
  address: '0x2222222222222222222222222222222222222222',
  label: 'Nexus Apes',
};

function asset(overrides: Partial<PromoAsset> = {}): PromoAsset {
  return {
    id: 'a1',
    name: 'Spring launch',
    title: 'Nexus Apes Season 2',
    description: 'Mint opens Friday',
    promotionalUrl: 'https://example.org/season-2',
    url: '/api/media/files/promo-a1.png',
    type: 'image',
    isActive: true,
    contentType: 'image/png',
    size: 1234,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const progress: ScanProgress = {
  key: 'wallet:polygon:0x1111111111111111111111111111111111111111',
  kind: 'wallet',
  network: 'polygon',
  address: wallet.address,
  stage: 'calculating',
  percent: 75,
  tokensFound: 42,
  metadataFetched: 17,
  tokensTotal: null,
  startedAt: '',
  updatedAt: '',
  emittedAt: 0,
  error: null,
};

function renderOverlay(target: ScanTarget, live: ScanProgress | null = null) {
  const onSkip = jest.fn();
  const onCancel = jest.fn();
  renderWithQueries(<ScanOverlay target={target} progress={live} onCancel={onCancel} onSkip={onSkip} />);
  return { onSkip, onCancel };
}

/** Fake time passes, and the promises and renders it releases settle. */
async function wait(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe(ScanOverlay.name, () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
    removeFetch();
  });

  it('shows the live stage and counts of the scan', async () => {
    installFetch(() => jsonResponse([]));
    renderOverlay(wallet, progress);
    await wait(0);
    const overlay = screen.getByTestId('scan-overlay');
    expect(overlay.dataset.stage).toBe('calculating');
    expect(overlay.dataset.percent).toBe('75');
    expect(screen.getByTestId('scan-tokens-found').textContent).toBe('42');
    expect(screen.getByTestId('scan-metadata-fetched').textContent).toBe('17');
  });

  it('wallet scan: the first active promo at once, a 10-second countdown, then Skip & Show Results', async () => {
    const calls = installFetch((url) =>
      url.pathname === API_ROUTES.activePromoAssets.path
        ? jsonResponse([asset(), asset({ id: 'a2', title: 'Second' })])
        : statusResponse(404, 'Not Found'),
    );
    const { onSkip } = renderOverlay(wallet);
    await wait(0);
    expect(calls.map((call) => call.url.pathname)).toEqual([API_ROUTES.activePromoAssets.path]);

    const promo = screen.getByTestId('promo-player');
    expect(promo.textContent).toContain('Nexus Apes Season 2');
    expect(promo.textContent).toContain('Mint opens Friday');
    expect(screen.getByRole('img', { name: 'Nexus Apes Season 2' }).getAttribute('src')).toBe(
      '/api/media/files/promo-a1.png',
    );
    const learnMore = screen.getByRole('link', { name: /Learn More/ });
    expect(learnMore.getAttribute('href')).toBe('https://example.org/season-2');
    expect(learnMore.getAttribute('target')).toBe('_blank');

    expect(screen.getByTestId('skip-countdown').textContent).toBe('Skip in 10s');
    await wait(3000);
    expect(screen.getByTestId('skip-countdown').textContent).toBe('Skip in 7s');
    await wait(6000);
    expect(screen.getByTestId('skip-countdown').textContent).toBe('Skip in 1s');
    expect(screen.queryByRole('button', { name: SKIP_LABEL })).toBeNull();
    await wait(1000);
    expect(screen.queryByTestId('skip-countdown')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: SKIP_LABEL }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });

  it('collection scan: the promo after 5 seconds, Skip 3 seconds later', async () => {
    installFetch(() =>
      jsonResponse([asset({ type: 'video', url: '/api/media/files/promo.mp4', contentType: 'video/mp4' })]),
    );
    const { onSkip } = renderOverlay(collection);
    await wait(4999);
    expect(screen.queryByTestId('promo-player')).toBeNull();
    expect(screen.queryByTestId('skip-countdown')).toBeNull();

    await wait(1);
    const video = screen.getByTestId('promo-player').querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/media/files/promo.mp4');
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(screen.getByTestId('skip-countdown').textContent).toBe('Skip in 3s');
    await wait(2999);
    expect(screen.queryByRole('button', { name: SKIP_LABEL })).toBeNull();
    await wait(1);
    fireEvent.click(screen.getByRole('button', { name: SKIP_LABEL }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });

  it('without an active promo: a wallet scan still counts down to Skip, a collection scan offers Cancel only', async () => {
    installFetch(() => statusResponse(404, 'Not Found'));
    renderOverlay(wallet);
    await wait(10_000);
    expect(screen.queryByTestId('promo-player')).toBeNull();
    expect(screen.getByRole('button', { name: SKIP_LABEL })).toBeTruthy();
  });

  it('collection scan without an active promo has Cancel only', async () => {
    installFetch(() => jsonResponse([]));
    const { onCancel } = renderOverlay(collection);
    await wait(20_000);
    expect(screen.queryByTestId('promo-player')).toBeNull();
    expect(screen.queryByRole('button', { name: SKIP_LABEL })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

/** The scan's room with no server: the test says what the workers send. */
class FakeScanChannel extends FakeListeners<ScanListener> implements ScanChannel {
  readonly subscribed: string[] = [];

  subscribe(key: string): Promise<ScanProgress | null> {
    this.subscribed.push(key);
    return Promise.resolve(null);
  }

  unsubscribe(): void {}

  history(event: HistoryProgress): void {
    act(() => this.emit((listener) => listener.history?.(event)));
  }
}

describe('ScanOverlay while the collection history is read', () => {
  const history = (state: HistoryProgress['state'], percent: number): HistoryProgress => ({
    network: collection.network,
    contract: collection.address,
    state,
    fromBlock: 100,
    indexedTo: 100 + percent,
    toBlock: 200,
    percent,
  });
  let channel: FakeScanChannel;

  /** The overlay as the home route shows it: fed by the running scan of the target. */
  function ScanningCollection() {
    useScanResult(collection);
    return (
      <ScanOverlay
        target={collection}
        progress={useScanProgress(collection)}
        history={useScanHistory(collection)}
        onCancel={() => undefined}
        onSkip={() => undefined}
      />
    );
  }

  beforeEach(() => {
    channel = new FakeScanChannel();
    setScanChannel(channel);
    // The scan outlives the server's wait: the overlay stays while the room tells how it goes.
    const pending: Partial<NftsResponse> = {
      nfts: [],
      pending: true,
      scanKey: scanKey('collection', collection.network, collection.address),
    };
    installFetch((url) =>
      url.pathname === API_ROUTES.scanNfts.path ? jsonResponse(pending) : jsonResponse([]),
    );
  });

  afterEach(() => {
    setScanChannel(null);
    removeFetch();
  });

  it("adds the transfer history's progress under the scan's, from the events of the scan's room", async () => {
    const view = renderWithQueries(<ScanningCollection />);
    await waitFor(() => expect(channel.listeners.size).toBe(1));
    expect(screen.queryByTestId('scan-history')).toBeNull();

    channel.history(history('reading', 42));
    await waitFor(() => expect(screen.getByTestId('scan-history').textContent).toBe('Transfer history: 42%'));
    // Another collection's history is not this scan's.
    channel.history({ ...history('reading', 90), contract: '0x9999999999999999999999999999999999999999' });
    expect(screen.getByTestId('scan-history').textContent).toBe('Transfer history: 42%');
    channel.history(history('complete', 100));
    await waitFor(() =>
      expect(screen.getByTestId('scan-history').textContent).toBe('Transfer history: read'),
    );
    view.unmount();
    await view.client.cancelQueries();
  });

  it('shows no history line without history', async () => {
    renderOverlay(collection, progress);
    await waitFor(() => expect(screen.getByTestId('scan-overlay')).toBeTruthy());
    expect(screen.queryByTestId('scan-history')).toBeNull();
  });
});
