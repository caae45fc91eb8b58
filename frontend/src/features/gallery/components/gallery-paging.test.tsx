import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  API_ROUTES,
  apiPath,
  COLLECTION_PAGE_LIMITS,
  METADATA_REASONS,
  decodeTraitSelection,
  type CollectionPageResponse,
  type Nft,
  type ScanProgress,
  type TraitTypeCounts,
} from '@nexus/contract';
import { type ScanChannel, type ScanListener } from '../../../lib/scan-channel';
import { FakeListeners } from '../../../testing/fake-listeners';
import { testNft } from '../../../testing/test-nft';
import {
  installFetch,
  jsonResponse,
  removeFetch,
  statusResponse,
  type FetchCall,
} from '../../../testing/fake-fetch';
import { DEFAULT_GALLERY_VIEW, type GalleryViewState } from '../gallery-view-state';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { galleryForEachTest, settle, TestGallery } from '../testing/gallery-harness';

const CONTRACT = '0x4444444444444444444444444444444444444444';
const PAGE_PATH = apiPath(API_ROUTES.collectionPage, { network: 'polygon', address: CONTRACT });
const SIZE = 120;

/** Tokens whose metadata host has not answered yet. */
const pending = new Set<number>();

/** Token i: Fur Gold for even ids, Brown for odd; ranked by id until the rarity job has run. */
function nft(tokenId: number, ranked: boolean): Nft {
  const fur = tokenId % 2 === 0 ? 'Gold' : 'Brown';
  if (pending.has(tokenId)) {
    return {
      ...nft(tokenId + 1_000_000, ranked),
      tokenId: String(tokenId),
      name: `Apes #${tokenId}`,
      metadata: { attributes: [] },
      attributes: [],
      metadataUnavailable: true,
      metadataReason: METADATA_REASONS.timeout,
    };
  }
  return testNft(CONTRACT, 'Apes', 'Ape', tokenId, {
    metadata: { attributes: [{ trait_type: 'Fur', value: fur }] },
    attributes: [{ trait_type: 'Fur', value: fur }],
    rarityScore: ranked ? SIZE - tokenId : null,
    rarityRank: ranked ? tokenId : null,
  });
}

/**
 * The page route as the server answers it, over a 120-token collection: fur filter, token id or rank
 * order, faceted counts. The gallery must show what this says, not compute its own.
 */
function servePage(url: URL, ranked: boolean): CollectionPageResponse {
  const traits = decodeTraitSelection(url.searchParams.getAll('traits'));
  const furs = traits.fur ?? [];
  const all = Array.from({ length: SIZE }, (_, i) => nft(i + 1, ranked));
  const matching = all.filter(
    (n) => furs.length === 0 || furs.includes(String(n.attributes[0]!.value).toLowerCase()),
  );
  const pageSize = Number(url.searchParams.get('pageSize') ?? COLLECTION_PAGE_LIMITS.defaultPageSize);
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Number(url.searchParams.get('page') ?? 1), pageCount);
  const sorted = url.searchParams.get('sort') === 'tokenId' ? matching : [...matching].reverse();
  const fur: TraitTypeCounts = {
    traitType: 'Fur',
    key: 'fur',
    values: [
      { value: 'Gold', key: 'gold', count: 60 },
      { value: 'Brown', key: 'brown', count: 60 },
    ],
    missing: 0,
  };
  return {
    network: 'polygon',
    address: CONTRACT,
    name: 'Apes',
    nfts: sorted.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    pageCount,
    total: matching.length,
    collectionTotal: SIZE,
    rankedTotal: ranked ? SIZE : 0,
    sort: 'rarity-rank',
    order: 'asc',
    traitTypes: [fur],
  };
}

class FakeChannel extends FakeListeners<ScanListener> implements ScanChannel {
  readonly subscribed: string[] = [];
  /** What a subscribe answers, per key (null when absent: no job known). */
  readonly current = new Map<string, Promise<ScanProgress | null>>();
  async subscribe(key: string) {
    this.subscribed.push(key);
    return (await this.current.get(key)) ?? null;
  }
  unsubscribe(): void {}
}

/** A collection larger than POST /api/nfts answers whole: it arrived with its first page. */
const collection = () => ({
  name: 'Apes',
  contractAddress: CONTRACT,
  network: 'polygon' as const,
  nfts: Array.from({ length: 50 }, (_, i) => nft(i + 1, false)),
  partial: true,
});

function shownIds(): string[] {
  return screen.getAllByTestId('nft-card').map((card) => card.dataset.tokenId ?? '');
}

describe('gallery paging by the server', () => {
  let calls: FetchCall[];
  let ranked: boolean;
  let channel: FakeChannel;
  let views: GalleryViewState[];

  galleryForEachTest(() => (channel = new FakeChannel()));

  beforeEach(() => {
    ranked = false;
    pending.clear();
    views = [];
    calls = installFetch((url) =>
      url.pathname === PAGE_PATH ? jsonResponse(servePage(url, ranked)) : statusResponse(404, 'Not Found'),
    );
  });

  const pageCalls = () =>
    calls.filter((call) => call.url.pathname === PAGE_PATH).map((call) => call.url.searchParams);

  async function renderGallery(initial?: GalleryViewState) {
    renderWithQueries(
      <TestGallery collection={collection()} onView={(view) => views.push(view)} initial={initial} />,
    );
    await settle();
  }

  it('keeps the NFTs the default view and opens Activity and Holders as tabs', async () => {
    await renderGallery();
    await waitFor(() => expect(screen.getAllByTestId('nft-card').length).toBeGreaterThan(0));
    expect(screen.getByTestId('collection-tab-nfts').getAttribute('aria-selected')).toBe('true');

    fireEvent.mouseDown(screen.getByTestId('collection-tab-activity'));
    expect(await screen.findByTestId('collection-activity')).toBeTruthy();
    expect(screen.queryByTestId('nft-grid')).toBeNull();
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.pathname ===
            apiPath(API_ROUTES.collectionActivity, { network: 'polygon', address: CONTRACT }),
        ),
      ).toBe(true),
    );

    fireEvent.mouseDown(screen.getByTestId('collection-tab-holders'));
    expect(await screen.findByTestId('collection-holders')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('collection-tab-nfts'));
    expect(await screen.findByTestId('nft-grid')).toBeTruthy();
  });

  it("shows the server's page, pages, filters and sorts through the page route, and ranks nothing itself", async () => {
    await renderGallery();

    expect(pageCalls()[0]?.toString()).toBe('page=1&pageSize=50&sort=rarity-rank');
    await waitFor(() => expect(shownIds().slice(0, 3)).toEqual(['120', '119', '118']));
    expect(screen.getByTestId('gallery-count').textContent).toBe('120 / 120');
    expect(screen.getByTestId('gallery-pager').textContent).toContain('Page 1 of 3');

    fireEvent.click(within(screen.getByTestId('gallery-pager')).getByText('Next →'));
    await settle();
    expect(pageCalls().at(-1)?.get('page')).toBe('2');
    expect(views.at(-1)?.page).toBe(2);
    await waitFor(() => expect(shownIds()[0]).toBe('70'));

    // A trait filter goes to the server and starts again from page 1, with the server's counts.
    fireEvent.click(screen.getByTestId('trait-filter-toggle'));
    const gold = screen.getByText('Gold').closest('label')!;
    expect(gold.textContent).toContain('60');
    fireEvent.click(within(gold).getByRole('checkbox'));
    await settle();
    expect(pageCalls().at(-1)?.getAll('traits')).toEqual(['fur:gold']);
    expect(pageCalls().at(-1)?.get('page')).toBe('1');
    expect(views.at(-1)).toMatchObject({ page: 1, traits: { fur: ['gold'] } });
    await waitFor(() => expect(screen.getByTestId('gallery-count').textContent).toBe('60 / 120'));
    expect(shownIds().every((id) => Number(id) % 2 === 0)).toBe(true);

    fireEvent.change(screen.getByTestId('gallery-sort'), { target: { value: 'tokenId' } });
    await settle();
    expect(pageCalls().at(-1)?.get('sort')).toBe('tokenId');
    await waitFor(() => expect(shownIds().slice(0, 2)).toEqual(['2', '4']));

    // Only the first page is at hand: the browser does not rank it as if it were the collection.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(calls.some((call) => call.url.pathname === API_ROUTES.calculateRarity.path)).toBe(false);
  });

  it('opened on another sort, waits for the server instead of sorting its first page here', async () => {
    const held: Array<() => void> = [];
    const answer = () => held.splice(0).forEach((release) => release());
    removeFetch();
    calls = installFetch(
      (url) =>
        new Promise<Response>((resolve) => {
          held.push(() =>
            resolve(
              url.pathname === PAGE_PATH
                ? jsonResponse(servePage(url, ranked))
                : statusResponse(404, 'Not Found'),
            ),
          );
        }),
    );
    await renderGallery({ ...DEFAULT_GALLERY_VIEW, sort: 'tokenId' });

    // The 50 NFTs at hand are the collection's first page by rank: sorted by token id here they
    // would be a wrong page 1 (1–50 of the first page, not of the collection).
    expect(pageCalls()[0]?.get('sort')).toBe('tokenId');
    expect(screen.getByTestId('gallery-waiting')).toBeTruthy();
    expect(screen.queryAllByTestId('nft-card')).toHaveLength(0);
    expect(screen.getByTestId('gallery-count').textContent).toBe('…');

    await act(async () => answer());
    await waitFor(() => expect(shownIds().slice(0, 3)).toEqual(['1', '2', '3']));
    expect(screen.queryByTestId('gallery-waiting')).toBeNull();
    expect(screen.getByTestId('gallery-count').textContent).toBe('120 / 120');
  });

  it("reads the page again when the collection's rarity job completes", async () => {
    await renderGallery();
    // No rank yet: the card's title has the number, its rank badge is not there.
    expect(screen.queryByText('#120', { selector: '.rarity-badge' })).toBeNull();
    expect(channel.subscribed).toContain(`rarity:polygon:${CONTRACT}`);

    ranked = true;
    await act(async () => {
      channel.emit((listener) =>
        listener.completed({
          key: `rarity:polygon:${CONTRACT}`,
          totalNfts: SIZE,
          totalCollections: 1,
          scanDuration: 5,
          isComplete: true,
        }),
      );
    });
    await settle();
    expect(pageCalls().length).toBeGreaterThanOrEqual(2);
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('nft-card')[0]!).getByText('#120', { selector: '.rarity-badge' }),
      ).toBeTruthy(),
    );
  });

  it('reads the page again when the rarity job ended before the gallery subscribed', async () => {
    let answer: (progress: ScanProgress) => void = () => undefined;
    const key = `rarity:polygon:${CONTRACT}`;
    channel.current.set(key, new Promise((resolve) => (answer = resolve)));
    await renderGallery();
    expect(screen.queryByText('#120', { selector: '.rarity-badge' })).toBeNull();
    const before = pageCalls().length;

    // The job stored the ranks after the first page was read, and before the subscribe reached the
    // server: its `completed` event went to nobody, the subscribe's answer says it is over.
    ranked = true;
    const now = new Date().toISOString();
    await act(async () =>
      answer({
        key,
        kind: 'rarity',
        network: 'polygon',
        address: CONTRACT,
        stage: 'complete',
        percent: 100,
        tokensFound: SIZE,
        metadataFetched: SIZE,
        tokensTotal: SIZE,
        startedAt: now,
        updatedAt: now,
        emittedAt: Date.now(),
        error: null,
      }),
    );
    await settle();
    expect(pageCalls().length).toBeGreaterThan(before);
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('nft-card')[0]!).getByText('#120', { selector: '.rarity-badge' }),
      ).toBeTruthy(),
    );
  });

  it('says why a token has no metadata, and shows it when the retry fills it in', async () => {
    pending.add(120);
    await renderGallery();
    await waitFor(() => expect(shownIds()[0]).toBe('120'));
    const reason = within(screen.getAllByTestId('nft-card')[0]!).getByTestId('nft-metadata-reason');
    expect(reason.textContent).toBe('Metadata pending');
    expect(reason.getAttribute('title')).toBe(METADATA_REASONS.timeout);
    expect(channel.subscribed).toContain(`collection:polygon:${CONTRACT}`);

    // The metadata-retry job read token 120: the gallery reads its page again.
    pending.clear();
    const before = pageCalls().length;
    await act(async () => {
      channel.emit((listener) =>
        listener.metadataFilled?.({
          key: `collection:polygon:${CONTRACT}`,
          network: 'polygon',
          address: CONTRACT,
          tokenIds: ['120'],
          recovered: 1,
          remaining: 0,
        }),
      );
    });
    await settle();
    expect(pageCalls().length).toBeGreaterThan(before);
    await waitFor(() => expect(screen.queryAllByTestId('nft-metadata-reason')).toHaveLength(0));
  });

  it('reads the page again when the retry filled a token before the gallery joined the room', async () => {
    let joined: () => void = () => undefined;
    channel.current.set(
      `collection:polygon:${CONTRACT}`,
      new Promise((resolve) => (joined = () => resolve(null))),
    );
    pending.add(120);
    await renderGallery();
    await waitFor(() => expect(shownIds()[0]).toBe('120'));
    expect(screen.getAllByTestId('nft-metadata-reason')).toHaveLength(1);

    // The retry read token 120 and told the room before this page had joined it.
    pending.clear();
    const before = pageCalls().length;
    await act(async () => joined());
    await settle();
    expect(pageCalls().length).toBeGreaterThan(before);
    await waitFor(() => expect(screen.queryAllByTestId('nft-metadata-reason')).toHaveLength(0));
  });

  it('opens a shared link to a token on another page: the token is asked for alone', async () => {
    const detailPath = apiPath(API_ROUTES.nftDetail, {
      network: 'polygon',
      address: CONTRACT,
      tokenId: '60',
    });
    removeFetch();
    calls = installFetch((url) =>
      url.pathname === PAGE_PATH
        ? jsonResponse(servePage(url, true))
        : url.pathname === detailPath
          ? jsonResponse({ ...nft(60, true), rarity: null })
          : statusResponse(404, 'Not Found'),
    );
    await renderGallery({ ...DEFAULT_GALLERY_VIEW, nft: '60' });
    await waitFor(() => expect(shownIds()[0]).toBe('120'));
    expect(shownIds()).not.toContain('60');

    const dialog = await screen.findByTestId('nft-detail');
    expect(within(dialog).getAllByText('Ape #60').length).toBeGreaterThan(0);
    expect(within(dialog).getByTestId('nft-detail-rank').textContent).toContain('60');
    expect(calls.some((call) => call.url.pathname === detailPath)).toBe(true);
  });
});
