import { afterEach, beforeEach, jest } from '@jest/globals';
import { act } from '@testing-library/react';
import { useState } from 'react';
import { setScanChannel, type ScanChannel } from '../../../lib/scan-channel';
import { removeFetch } from '../../../testing/fake-fetch';
import { GalleryView, type GalleryCollection } from '../components/gallery-view';
import { DEFAULT_GALLERY_VIEW, type GalleryViewChange, type GalleryViewState } from '../gallery-view-state';

/** Test support of the gallery's screens: the gallery of one collection, and each test's set-up. */

/** Lets the render's effects and the answers already given run. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/**
 * Each test of the calling suite: `channel()` is the scan channel and scrolling does nothing; after
 * it, the real `fetch`, no channel and no spies (the suite fakes `fetch` itself).
 */
export function galleryForEachTest(channel: () => ScanChannel): void {
  beforeEach(() => {
    setScanChannel(channel());
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    removeFetch();
    setScanChannel(null);
    jest.restoreAllMocks();
  });
}

interface TestGalleryProps {
  collection: GalleryCollection;
  initial?: GalleryViewState;
  /** Each view the gallery moves to (as the app would write it into the address). */
  onView: (view: GalleryViewState) => void;
}

/** A collection's gallery as the explorer shows it, its view kept here as the app keeps it. */
export function TestGallery({ collection, initial = DEFAULT_GALLERY_VIEW, onView }: TestGalleryProps) {
  const [view, setView] = useState<GalleryViewState>(initial);
  return (
    <GalleryView
      collection={collection}
      scope="collection"
      backLabel="Back to Home"
      onBack={() => undefined}
      view={view}
      onViewChange={({ patch }: GalleryViewChange) =>
        setView((current) => {
          const next = { ...current, ...patch };
          onView(next);
          return next;
        })
      }
    />
  );
}
