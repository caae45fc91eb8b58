import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { API_ROUTES, type Nft } from '@nexus/contract';
import { Toaster } from '../../../components/toast/toaster';
import { useToastStore } from '../../../components/toast/toast-store';
import {
  abortable,
  blobResponse,
  installFetch,
  removeFetch,
  statusResponse,
  type FetchCall,
} from '../../../testing/fake-fetch';
import { DownloadMessages, SKIP_DOWNLOAD_WARNING_KEY } from '../download-logic';
import { DEFAULT_GALLERY_VIEW, type GalleryViewChange, type GalleryViewState } from '../gallery-view-state';
import { GalleryView } from './gallery-view';
import { renderWithQueries } from '../../../testing/render-with-queries';

const CONTRACT = '0x3333333333333333333333333333333333333333';

function nft(tokenId: number): Nft {
  return {
    tokenId: String(tokenId),
    name: `Ape #${tokenId}`,
    description: '',
    image: `/api/media/image?src=${encodeURIComponent(`ipfs://bafy/${tokenId}.png`)}`,
    tokenType: 'ERC-721',
    network: 'polygon',
    contract: { address: CONTRACT, name: 'Apes', openSeaMetadata: { collectionName: 'Apes' } },
    collection: { name: 'Apes' },
    metadata: { attributes: [] },
    attributes: [{ trait_type: 'Fur', value: 'Gold' }],
    rarityScore: 10 - tokenId,
    rarityRank: tokenId,
  };
}

const NFTS = [1, 2, 3, 4, 5].map(nft);

/** The gallery as the app uses it, its view state held here instead of in the address. */
function Gallery() {
  const [view, setView] = useState<GalleryViewState>(DEFAULT_GALLERY_VIEW);
  return (
    <GalleryView
      collection={{ name: 'Apes', contractAddress: CONTRACT, network: 'polygon', nfts: NFTS }}
      scope="wallet"
      backLabel="Back to Collections"
      onBack={() => undefined}
      view={view}
      onViewChange={({ patch }: GalleryViewChange) => setView((current) => ({ ...current, ...patch }))}
    />
  );
}

function renderGallery() {
  renderWithQueries(
    <>
      <Gallery />
      <Toaster />
    </>,
  );
}

async function wait(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

function card(tokenId: number): HTMLElement {
  return screen
    .getAllByTestId('nft-card')
    .find((element) => element.dataset.tokenId === String(tokenId)) as HTMLElement;
}

/** Opens the NFT, clicks Download, closes the dialog. */
async function download(tokenId: number) {
  card(tokenId).focus();
  fireEvent.click(card(tokenId));
  await wait(0);
  const button = within(screen.getByTestId('nft-detail')).getByTestId('nft-download');
  button.focus();
  fireEvent.click(button);
  await wait(0);
}

/** The notice turned off before: the gallery shows, and the NFT's image is being fetched. */
async function downloadWithoutNotice(tokenId: number) {
  window.localStorage.setItem(SKIP_DOWNLOAD_WARNING_KEY, 'true');
  renderGallery();
  await download(tokenId);
  await wait(500);
}

async function closeDetail() {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
  await wait(0);
}

function imageCalls(calls: FetchCall[]): string[] {
  return calls
    .filter((call) => call.url.pathname === API_ROUTES.mediaImage.path)
    .map((call) => call.url.searchParams.get('src') ?? '');
}

function toastText(): string {
  return screen
    .queryAllByTestId('toast')
    .map((element) => element.textContent ?? '')
    .join(' | ');
}

describe('gallery downloads', () => {
  let pending: Map<string, (response: Response) => void>;
  let calls: FetchCall[];

  beforeEach(() => {
    jest.useFakeTimers();
    window.localStorage.clear();
    useToastStore.setState({ toasts: [] });
    pending = new Map();
    calls = installFetch((url, init) => {
      if (url.pathname !== API_ROUTES.mediaImage.path) return statusResponse(404, 'Not Found');
      return abortable(
        init,
        new Promise<Response>((resolve) => pending.set(url.searchParams.get('src')!, resolve)),
      );
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    // The queue is the tab's own (shared by every gallery): let what this test left in it finish.
    for (let round = 0; round < 3; round += 1) {
      for (const resolve of pending.values()) resolve(blobResponse(new Blob(['png'], { type: 'image/png' })));
      pending.clear();
      await wait(600);
    }
    jest.restoreAllMocks();
    jest.useRealTimers();
    removeFetch();
  });

  it('shows the notice first, then runs at most 3 downloads at once, each 500 ms after its turn', async () => {
    renderGallery();
    await download(1);
    const notice = screen.getByTestId('download-notice');
    fireEvent.click(within(notice).getByRole('checkbox', { name: "Don't show this message again" }));
    fireEvent.click(within(notice).getByRole('button', { name: 'Download' }));
    await wait(0);
    expect(window.localStorage.getItem(SKIP_DOWNLOAD_WARNING_KEY)).toBe('true');
    await closeDetail();
    for (const tokenId of [2, 3, 4, 5]) {
      await download(tokenId);
      expect(screen.queryByTestId('download-notice')).toBeNull();
      await closeDetail();
    }

    await wait(499);
    expect(imageCalls(calls)).toEqual([]);
    await wait(1);
    expect(imageCalls(calls)).toEqual(['ipfs://bafy/1.png', 'ipfs://bafy/2.png', 'ipfs://bafy/3.png']);
    const imageCall = calls.find((call) => call.url.pathname === API_ROUTES.mediaImage.path)!;
    expect(imageCall.init).toMatchObject({ mode: 'cors', credentials: 'omit', cache: 'no-store' });

    pending.get('ipfs://bafy/2.png')!(blobResponse(new Blob(['png'], { type: 'image/png' })));
    await wait(0);
    expect(toastText()).toContain('Download Complete');
    expect(toastText()).toContain('apes-2.png');
    await wait(499);
    expect(imageCalls(calls)).toHaveLength(3);
    await wait(1);
    expect(imageCalls(calls)).toEqual([
      'ipfs://bafy/1.png',
      'ipfs://bafy/2.png',
      'ipfs://bafy/3.png',
      'ipfs://bafy/4.png',
    ]);
  });

  it("gives up after 30 s with the 'Download timed out' toast", async () => {
    await downloadWithoutNotice(1);
    expect(imageCalls(calls)).toHaveLength(1);
    await wait(29_999);
    expect(toastText()).toBe('');
    await wait(1);
    expect(toastText()).toContain(DownloadMessages.title);
    expect(toastText()).toContain(DownloadMessages.timeout);
  });

  it('refuses an empty file', async () => {
    await downloadWithoutNotice(3);
    pending.get('ipfs://bafy/3.png')!(blobResponse(new Blob([], { type: 'image/png' })));
    await wait(0);
    expect(toastText()).toContain(DownloadMessages.title);
    expect(toastText()).toContain(DownloadMessages.default);
  });

  it('closes the detail dialog with one Escape after a download, and gives the focus back to the card', async () => {
    await downloadWithoutNotice(2);
    pending.get('ipfs://bafy/2.png')!(blobResponse(new Blob(['png'], { type: 'image/png' })));
    await wait(0);
    expect(toastText()).toContain('Download Complete');
    const button = within(screen.getByTestId('nft-detail')).getByTestId('nft-download');
    expect(document.activeElement).toBe(button);

    fireEvent.keyDown(button, { key: 'Escape' });
    await wait(0);
    expect(screen.queryByTestId('nft-detail')).toBeNull();
    expect(document.activeElement).toBe(card(2));
    // The toast was not the Escape's target: it stays.
    expect(toastText()).toContain('Download Complete');
  });
});
