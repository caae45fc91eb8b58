import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { ENABLED_NETWORKS, INCOMPLETE_REASONS, type Nft, type NftsResponse } from '@nexus/contract';
import { BETA_WELCOME_SEEN_KEY } from '../../components/beta-welcome-dialog';
import { scanQueryKey } from '../../features/scan/hooks/use-scan';
import type { ScanTarget } from '../../features/scan/stores/scan-store';
import { closeSocket } from '../../lib/socket-client';
import { installFetch, jsonResponse, removeFetch, statusResponse } from '../../testing/fake-fetch';
import { testNft } from '../../testing/test-nft';
import { createQueryClient } from '../query-client';
import { renderHomeRoute } from './testing/render-home-route';

const CONTRACT = '0xc0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0';
const WALLET = '0x7777777777777777777777777777777777777777';

const nft = (tokenId: number): Nft => testNft(CONTRACT, 'Apes', 'Ape', tokenId);

function answer(target: ScanTarget, partial: Partial<NftsResponse>): NftsResponse {
  return {
    nfts: [nft(1), nft(2), nft(3)],
    scanDuration: 10,
    fromCache: false,
    loadTime: 4,
    cacheSource: 'fresh',
    cacheType: target.searchType,
    totalCollections: 1,
    error: null,
    isComplete: true,
    scanKey: `${target.searchType}:polygon:${target.address}`,
    ...partial,
  };
}

/** The home route at `url`, with the scan answers of `targets` already in this tab. */
function renderAt(url: string, targets: ScanTarget | ScanTarget[], partial: Partial<NftsResponse>) {
  const queryClient = createQueryClient();
  for (const target of [targets].flat()) {
    queryClient.setQueryData(
      scanQueryKey(target),
      answer(target, target.network === 'polygon' ? partial : {}),
    );
  }
  renderHomeRoute(url, queryClient);
}

const collection: ScanTarget = { searchType: 'collection', network: 'polygon', address: CONTRACT };
const wallet: ScanTarget = { searchType: 'wallet', network: 'polygon', address: WALLET };
const QUOTA = INCOMPLETE_REASONS.quota;

describe('a partial scan answer on screen', () => {
  beforeEach(() => {
    window.localStorage.setItem(BETA_WELCOME_SEEN_KEY, 'true');
    installFetch((url) =>
      url.pathname === '/api/whitelisted-collections' ? jsonResponse([]) : statusResponse(404, 'Not Found'),
    );
  });

  afterEach(() => removeFetch());

  afterAll(async () => {
    await closeSocket();
  });

  it("says so, with the reason, in the collection gallery's header", async () => {
    renderAt(`/?view=collection&network=polygon&address=${CONTRACT}`, collection, {
      isComplete: false,
      incompleteReason: QUOTA,
    });

    const gallery = await screen.findByTestId('gallery');
    expect(within(gallery).getByTestId('partial-notice').textContent).toBe(`Partial results: ${QUOTA}`);
  });

  it("says so in the wallet's collections list", async () => {
    renderAt(`/?view=wallet&network=polygon&address=${WALLET}`, wallet, {
      isComplete: false,
      incompleteReason: INCOMPLETE_REASONS.history,
    });

    const collections = await screen.findByTestId('wallet-collections');
    expect(within(collections).getByTestId('partial-notice').textContent).toBe(
      `Partial results: ${INCOMPLETE_REASONS.history}`,
    );
  });

  it('says so in a wallet collection opened from the wallet', async () => {
    renderAt(`/?view=wallet&network=polygon&address=${WALLET}&collection=${CONTRACT}`, wallet, {
      isComplete: false,
      incompleteReason: QUOTA,
    });

    const gallery = await screen.findByTestId('gallery');
    expect(within(gallery).getByTestId('partial-notice').textContent).toBe(`Partial results: ${QUOTA}`);
  });

  it("says so in the all-networks wallet view, in the partial network's section only", async () => {
    const targets = ENABLED_NETWORKS.map((network): ScanTarget => ({
      searchType: 'wallet',
      network,
      address: WALLET,
    }));
    renderAt(`/?view=wallets&address=${WALLET}`, targets, { isComplete: false, incompleteReason: QUOTA });

    const sections = await screen.findAllByTestId('all-networks-section');
    const notices = screen.getAllByTestId('partial-notice');
    expect(notices).toHaveLength(1);
    const polygon = sections.find((section) => section.dataset.network === 'polygon')!;
    expect(within(polygon).getByTestId('partial-notice').textContent).toBe(`Partial results: ${QUOTA}`);
  });

  it('gives the general reason for a partial answer that names none', async () => {
    renderAt(`/?view=collection&network=polygon&address=${CONTRACT}`, collection, { isComplete: false });

    const gallery = await screen.findByTestId('gallery');
    expect(within(gallery).getByTestId('partial-notice').textContent).toBe(
      `Partial results: ${INCOMPLETE_REASONS.partial}`,
    );
  });

  it('shows no notice for a complete answer', async () => {
    renderAt(`/?view=collection&network=polygon&address=${CONTRACT}`, collection, {});

    await screen.findByTestId('gallery');
    expect(screen.queryByTestId('partial-notice')).toBeNull();
  });
});
