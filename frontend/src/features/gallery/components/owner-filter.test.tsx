import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { API_ROUTES, apiPath, type CollectionPageResponse, type Nft } from '@nexus/contract';
import type { ScanChannel } from '../../../lib/scan-channel';
import { testNft } from '../../../testing/test-nft';
import { installFetch, jsonResponse, statusResponse, type FetchCall } from '../../../testing/fake-fetch';
import type { GalleryViewState } from '../gallery-view-state';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { galleryForEachTest, settle, TestGallery } from '../testing/gallery-harness';

const CONTRACT = '0x4444444444444444444444444444444444444444';
const ALICE = '0xa11ce00000000000000000000000000000000001';
const PAGE_PATH = apiPath(API_ROUTES.collectionPage, { network: 'polygon', address: CONTRACT });
const nft = (id: number): Nft => testNft(CONTRACT, 'Apes', 'Ape', id);

/** The page route: Alice owns apes 2 and 4; `ghost.eth` names nobody; ethereum-style index off for `off.eth`. */
function servePage(url: URL): Response {
  const owner = url.searchParams.get('owner');
  const page = (nfts: Nft[], extra: Partial<CollectionPageResponse> = {}): CollectionPageResponse => ({
    network: 'polygon',
    address: CONTRACT,
    name: 'Apes',
    nfts,
    page: 1,
    pageSize: 50,
    pageCount: 1,
    total: nfts.length,
    collectionTotal: 6,
    rankedTotal: 0,
    sort: 'rarity-rank',
    order: 'asc',
    traitTypes: [],
    ...extra,
  });
  if (owner === 'ghost.eth')
    return statusResponse(
      400,
      'Bad Request',
      '{"message":"owner: the ENS name ghost.eth points to no address"}',
    );
  if (owner === 'off.eth') return jsonResponse(page([], { owner: { address: ALICE, indexed: false } }));
  if (owner) return jsonResponse(page([nft(2), nft(4)], { owner: { address: ALICE, indexed: true } }));
  return jsonResponse(page([1, 2, 3, 4, 5, 6].map(nft)));
}

const channel: ScanChannel = {
  subscribe: async () => null,
  unsubscribe: () => undefined,
  listen: () => () => undefined,
};

const collection = {
  name: 'Apes',
  contractAddress: CONTRACT,
  network: 'polygon' as const,
  nfts: [1, 2, 3].map(nft),
};

const shownIds = () => screen.queryAllByTestId('nft-card').map((card) => card.dataset.tokenId ?? '');

describe('gallery owner filter', () => {
  let calls: FetchCall[];
  let views: GalleryViewState[];

  galleryForEachTest(() => channel);

  beforeEach(() => {
    views = [];
    calls = installFetch((url) =>
      url.pathname === PAGE_PATH ? servePage(url) : statusResponse(404, 'Not Found'),
    );
  });

  async function renderGallery() {
    renderWithQueries(<TestGallery collection={collection} onView={(view) => views.push(view)} />);
    await settle();
    await waitFor(() => expect(shownIds()).toHaveLength(6));
  }

  const applyOwner = async (owner: string) => {
    const input = screen.getByTestId('owner-filter-input');
    fireEvent.change(input, { target: { value: owner } });
    fireEvent.submit(input.closest('form')!);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };

  it('asks the page route for the owner’s NFTs, shows a chip, and takes it off', async () => {
    await renderGallery();
    await applyOwner(` ${ALICE} `);

    expect(views.at(-1)).toMatchObject({ owner: ALICE, page: 1 });
    const asked = calls.filter((call) => call.url.pathname === PAGE_PATH).at(-1)!.url.searchParams;
    expect(asked.get('owner')).toBe(ALICE);
    await waitFor(() => expect(shownIds()).toEqual(['2', '4']));
    expect(screen.getByTestId('owner-filter-chip').textContent).toContain('0xa11c...0001');
    expect(screen.getByTestId('gallery-count').textContent).toBe('2 / 6');

    fireEvent.click(screen.getByRole('button', { name: 'Remove the owner filter' }));
    await waitFor(() => expect(shownIds()).toHaveLength(6));
    expect(views.at(-1)?.owner).toBe('');
    expect(screen.getByTestId('owner-filter-input')).toBeTruthy();
  });

  it('says why it shows nothing: a name the server refused, or an index that is off', async () => {
    await renderGallery();
    await applyOwner('ghost.eth');
    expect((await screen.findByTestId('owner-filter-error')).textContent).toBe(
      'owner: the ENS name ghost.eth points to no address',
    );
    // The NFTs at hand are not the owner's: none is shown.
    expect(shownIds()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the owner filter' }));
    await waitFor(() => expect(shownIds()).toHaveLength(6));
    await applyOwner('off.eth');
    expect((await screen.findByTestId('owner-filter-unindexed')).textContent).toContain(
      "Ownership history isn't indexed on this network yet.",
    );
    expect(screen.getByTestId('owner-filter-chip').textContent).toContain('off.eth');
  });
});
