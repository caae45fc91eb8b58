import { useCallback, useState } from 'react';
import type { Nft } from '@nexus/contract';
import { toast } from '../../../components/toast/toast-store';
import { mediaImageUrl } from '../../../lib/image-url';
import {
  DOWNLOAD_TIMEOUT_MS,
  DownloadMessages,
  EmptyDownloadError,
  InvalidImageUrlError,
  SKIP_DOWNLOAD_WARNING_KEY,
  downloadFailureMessage,
  downloadFileName,
  downloadableUrl,
} from '../download-logic';
import { DownloadQueue } from '../download-queue';
import { collectionNameOf } from '../gallery-logic';

function readSkipPreference(): boolean {
  try {
    return window.localStorage.getItem(SKIP_DOWNLOAD_WARNING_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeSkipPreference(): void {
  try {
    window.localStorage.setItem(SKIP_DOWNLOAD_WARNING_KEY, 'true');
  } catch {
    // Without storage the notice simply shows again next time.
  }
}

/** One queue for the tab: downloads from every gallery share its three slots. */
export const downloadQueue = new DownloadQueue();

function downloadKey(nft: Nft): string {
  return `${nft.contract.address.toLowerCase()}:${nft.tokenId}`;
}

/** Fetches the image through our media route (SPEC §7: cors, no credentials, no cache, 30 s abort). */
async function downloadImage(nft: Nft): Promise<string> {
  const source = mediaImageUrl(nft.image);
  let url: URL | null = null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  try {
    if (!source) throw new InvalidImageUrlError();
    url = downloadableUrl(source, window.location.href);
    const response = await fetch(url, {
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const blob = await response.blob();
    if (blob.size === 0) throw new EmptyDownloadError();
    const name = downloadFileName(collectionNameOf(nft), nft.tokenId, blob.type);
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
    return name;
  } catch (error) {
    const crossOrigin = url !== null && url.origin !== window.location.origin;
    throw new Error(downloadFailureMessage(error, { online: navigator.onLine, crossOrigin }), {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Download with the intellectual-property notice first, unless the visitor opted out (SPEC §4);
 * downloads go through the shared queue (SPEC §9) and end with a success or 'Download Failed' toast.
 */
export function useNftDownload() {
  const [pending, setPending] = useState<Nft | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const run = useCallback(async (nft: Nft) => {
    const key = downloadKey(nft);
    setBusy((keys) => new Set(keys).add(key));
    try {
      const name = await downloadQueue.run(() => downloadImage(nft));
      toast({ title: 'Download Complete', description: `Saved ${name}`, variant: 'success' });
    } catch (error) {
      toast({
        title: DownloadMessages.title,
        description: error instanceof Error ? error.message : DownloadMessages.default,
        variant: 'destructive',
      });
    } finally {
      setBusy((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  }, []);

  const start = useCallback(
    (nft: Nft) => {
      // A second click while this NFT is on its way would only download it twice.
      if (busy.has(downloadKey(nft))) return;
      void run(nft);
    },
    [busy, run],
  );

  const request = useCallback(
    (nft: Nft) => {
      if (readSkipPreference()) start(nft);
      else setPending(nft);
    },
    [start],
  );

  const confirm = useCallback(
    (skipNextTime: boolean) => {
      if (skipNextTime) storeSkipPreference();
      const nft = pending;
      setPending(null);
      if (nft) start(nft);
    },
    [pending, start],
  );

  const cancel = useCallback(() => setPending(null), []);
  const isBusy = useCallback((nft: Nft) => busy.has(downloadKey(nft)), [busy]);

  return { request, confirm, cancel, noticeOpen: pending !== null, isBusy };
}
