import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { API_ROUTES, apiPath, type Nft, type NftsResponse } from '@nexus/contract';
import { BETA_WELCOME_SEEN_KEY } from '../../components/beta-welcome-dialog';
import { prefetchScan, scanQueryKey } from '../../features/scan/hooks/use-scan';
import { closeSocket } from '../../lib/socket-client';
import { installFetch, jsonResponse, removeFetch, statusResponse } from '../../testing/fake-fetch';
import { testNft } from '../../testing/test-nft';
import { createQueryClient } from '../query-client';
import { renderHomeRoute } from './testing/render-home-route';

const CONTRACT = '0xc0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0';
const TOTAL = 120;

const nft = (tokenId: number): Nft =>
  testNft(CONTRACT, 'Apes', 'Ape', tokenId, {
    // Every other ape has gold fur: 60 of 120.
    attributes: [{ trait_type: 'Fur', value: tokenId % 2 === 0 ? 'Gold' : 'Brown' }],
    rarityScore: tokenId,
    rarityRank: TOTAL - tokenId + 1,
  });

const answer: NftsResponse = {
  nfts: Array.from({ length: TOTAL }, (_, i) => nft(i + 1)),
  scanDuration: 10,
  fromCache: true,
  loadTime: 4,
  cacheSource: 'redis',
  cacheType: 'collection',
  totalCollections: 1,
  error: null,
  isComplete: true,
  scanKey: `collection:polygon:${CONTRACT}`,
};

const FILTERED = `view=collection&network=polygon&address=${CONTRACT}&sort=name&page=2&q=ape&trait=fur%3Agold&nft=42`;

function renderAt(url: string) {
  const queryClient = createQueryClient();
  // The collection's scan answer is already in this tab (as after a search): no scan runs.
  queryClient.setQueryData(
    scanQueryKey({ searchType: 'collection', network: 'polygon', address: CONTRACT }),
    answer,
  );
  const seen: { search: string; navigate: NavigateFunction | null } = { search: '', navigate: null };
  // What the browser's address bar and Back / Forward buttons would be.
  function AddressBar() {
    seen.search = useLocation().search.replace(/^\?/, '');
    seen.navigate = useNavigate();
    return null;
  }
  // jsdom has no Fetch API Request, which the data routers need: the declarative router runs the same hooks.
  renderHomeRoute(url, queryClient, <AddressBar />);
  const go = async (delta: number) => {
    await act(async () => {
      await seen.navigate!(delta);
    });
  };
  return { search: () => seen.search, go };
}

describe('explorer views in the page address', () => {
  beforeEach(() => {
    window.localStorage.setItem(BETA_WELCOME_SEEN_KEY, 'true');
    installFetch((url) =>
      url.pathname === API_ROUTES.whitelistedCollections.path
        ? jsonResponse([])
        : statusResponse(404, 'Not Found'),
    );
  });

  afterEach(() => {
    removeFetch();
  });

  afterAll(async () => {
    await closeSocket();
  });

  it('opens a filtered collection from its URL and writes every change back to it', async () => {
    const { search, go } = renderAt(`/?${FILTERED}`);

    // Parsed: the sort, the search text, the trait, the page and the open NFT are all on screen.
    const dialog = await screen.findByTestId('nft-detail');
    expect(within(dialog).getByRole('heading', { name: 'Ape #42' })).toBeTruthy();
    const gallery = screen.getByTestId('gallery');
    expect((within(gallery).getByTestId('gallery-sort') as HTMLSelectElement).value).toBe('name');
    // (The gallery is hidden from assistive technology behind the modal: found by its placeholder.)
    expect(
      (within(gallery).getByPlaceholderText('Search by name or token ID') as HTMLInputElement).value,
    ).toBe('ape');
    expect(within(gallery).getByTestId('gallery-count').textContent).toBe('60 / 120');
    // (The chip reads the trait's own spelling once the collection's trait counts have arrived.)
    await waitFor(() =>
      expect(within(gallery).getByTestId('trait-filter-chip').textContent).toContain('Gold'),
    );
    expect(within(gallery).getByTestId('gallery-pager').textContent).toContain('Page 2 of 2');
    expect(within(gallery).getAllByTestId('nft-card')).toHaveLength(10);
    // Rebuilt: the address is the same canonical one.
    expect(search()).toBe(FILTERED);

    // Closing the NFT drops only `nft` (it was opened by the link, so in place: no entry to go back to).
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(screen.queryByTestId('nft-detail')).toBeNull();
    expect(search()).toBe(FILTERED.replace('&nft=42', ''));

    // A page is a history entry; a filter change replaces the entry and goes back to page 1.
    fireEvent.click(within(gallery).getByRole('button', { name: '← Previous' }));
    expect(search()).toBe(FILTERED.replace('&page=2', '').replace('&nft=42', ''));
    fireEvent.change(within(gallery).getByTestId('gallery-sort'), { target: { value: 'tokenId' } });
    expect(search()).toBe(
      `view=collection&network=polygon&address=${CONTRACT}&sort=tokenId&q=ape&trait=fur%3Agold`,
    );
    expect(within(gallery).getAllByTestId('nft-card')[0]!.dataset.tokenId).toBe('2');

    // Opening an NFT is a history entry too: Back closes it, Forward opens it again.
    fireEvent.click(within(gallery).getAllByTestId('nft-card')[1]!);
    expect(search()).toContain('&nft=4');
    expect(screen.getByTestId('nft-detail')).toBeTruthy();
    await go(-1);
    expect(screen.queryByTestId('nft-detail')).toBeNull();
    await go(1);
    expect(within(screen.getByTestId('nft-detail')).getByRole('heading', { name: 'Ape #4' })).toBeTruthy();
    // Closing it now steps back instead of adding an entry.
    fireEvent.click(within(screen.getByTestId('nft-detail')).getByRole('button', { name: 'Close' }));
    expect(search()).not.toContain('nft=');

    // Back again: the page-2 entry as it was, filters and all (the sort change replaced page 1's entry).
    await go(-1);
    expect(search()).toBe(FILTERED.replace('&nft=42', ''));
    expect(screen.getByTestId('gallery-pager').textContent).toContain('Page 2 of 2');
    expect((screen.getByTestId('gallery-sort') as HTMLSelectElement).value).toBe('name');
  });

  it('treats an unreadable address as home', async () => {
    renderAt('/?view=collection&network=polygon&address=nope');
    expect(await screen.findByRole('heading', { name: /Explore NFT collections/ })).toBeTruthy();
  });
});

describe('a visit straight to a collection address', () => {
  afterEach(() => {
    removeFetch();
  });

  it('asks for the scan before the view mounts, and the view joins that request', async () => {
    window.localStorage.setItem(BETA_WELCOME_SEEN_KEY, 'true');
    const calls = installFetch((url) => {
      if (url.pathname === API_ROUTES.scanNfts.path) return jsonResponse(answer);
      if (url.pathname === API_ROUTES.whitelistedCollections.path) return jsonResponse([]);
      return statusResponse(404, 'Not Found');
    });
    const scans = () => calls.filter((call) => call.url.pathname === API_ROUTES.scanNfts.path);
    const queryClient = createQueryClient();

    // What main.tsx does with the page's address, before React renders anything.
    prefetchScan(queryClient, { searchType: 'collection', network: 'polygon', address: CONTRACT });
    await waitFor(() => expect(scans()).toHaveLength(1));
    renderHomeRoute(`/?view=collection&network=polygon&address=${CONTRACT}`, queryClient);

    expect(await screen.findAllByTestId('nft-card')).toHaveLength(50);
    expect(scans()).toHaveLength(1);
    expect(JSON.parse(String(scans()[0]!.init.body))).toEqual({
      address: CONTRACT,
      network: 'polygon',
      searchType: 'collection',
      paged: true,
    });
  });

  it('reads the collection by pages: no NFT list sent, no whole collection fetched', async () => {
    window.localStorage.setItem(BETA_WELCOME_SEEN_KEY, 'true');
    const route = apiPath(API_ROUTES.collectionPage, { network: 'polygon', address: CONTRACT });
    const byRank = [...answer.nfts].sort((a, b) => a.rarityRank! - b.rarityRank!);
    const calls = installFetch((url) => {
      if (url.pathname === API_ROUTES.scanNfts.path) {
        return jsonResponse({
          ...answer,
          nfts: byRank.slice(0, 50),
          cacheSource: 'database',
          paging: { total: TOTAL, pageSize: 50, route },
        });
      }
      if (url.pathname === route) {
        const page = Number(url.searchParams.get('page') ?? 1);
        return jsonResponse({
          network: 'polygon',
          address: CONTRACT,
          name: 'Apes',
          nfts: byRank.slice((page - 1) * 50, page * 50),
          page,
          pageSize: 50,
          pageCount: 3,
          total: TOTAL,
          collectionTotal: TOTAL,
          rankedTotal: TOTAL,
          sort: 'rarity-rank',
          order: 'asc',
          traitTypes: [],
        });
      }
      if (url.pathname === API_ROUTES.whitelistedCollections.path) return jsonResponse([]);
      return statusResponse(404, 'Not Found');
    });
    const queryClient = createQueryClient();
    renderHomeRoute(`/?view=collection&network=polygon&address=${CONTRACT}`, queryClient);

    const cards = await screen.findAllByTestId('nft-card');
    expect(cards).toHaveLength(50);
    expect(cards[0]!.dataset.tokenId).toBe('120');
    await waitFor(() => expect(screen.getByTestId('gallery-count').textContent).toBe('120 / 120'));
    // Past the moment the gallery used to start its own calculation (100 ms after the NFTs load).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));

    const scan = calls.find((call) => call.url.pathname === API_ROUTES.scanNfts.path)!;
    expect(JSON.parse(String(scan.init.body))).toMatchObject({ searchType: 'collection', paged: true });
    expect(calls.filter((call) => call.url.pathname === API_ROUTES.calculateRarity.path)).toEqual([]);
    expect(
      calls.filter((call) => call.url.pathname === route).map((call) => call.url.searchParams.get('page')),
    ).toEqual(['1']);
  });
});
