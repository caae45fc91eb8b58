import type { SortOrder } from '@nexus/contract';
import { DEFAULT_GALLERY_SORT, type GallerySort, type ViewMode } from './gallery-logic';
import type { TraitSelection } from './trait-filter';

/** A stored collection's views: its NFTs, its activity feed, its holders. */
export const COLLECTION_TABS = ['nfts', 'activity', 'holders'] as const;
export type CollectionTab = (typeof COLLECTION_TABS)[number];

export function isCollectionTab(value: unknown): value is CollectionTab {
  return (COLLECTION_TABS as readonly unknown[]).includes(value);
}

/** What a gallery shows: kept in the page address by the app, so a reload or a shared link reopens it. */
export interface GalleryViewState {
  /** The collection's view (a stored collection's gallery only; a wallet's share shows its NFTs). */
  tab: CollectionTab;
  sort: GallerySort;
  /** The sort's direction; null: the sort's own (rarest first for rank and score, else ascending). */
  order: SortOrder | null;
  /** 1-based; an out-of-range page shows the nearest one. */
  page: number;
  /** The name / token id search box. */
  text: string;
  traits: TraitSelection;
  /** The owner filter as typed: a 0x address or an ENS name; '' for none. */
  owner: string;
  /** Token id of the NFT whose detail dialog is open. */
  nft: string | null;
  /** The layout chosen for this view; null: the visitor's usual one (kept across galleries). */
  viewMode: ViewMode | null;
}

export const DEFAULT_GALLERY_VIEW: GalleryViewState = {
  tab: 'nfts',
  sort: DEFAULT_GALLERY_SORT,
  order: null,
  page: 1,
  text: '',
  traits: {},
  owner: '',
  nft: null,
  viewMode: null,
};

/**
 * How a change is written to the browser history: `push` makes a Back step (another page, an opened
 * NFT), `replace` does not (typing, ticking filters, sorting: Back leaves the collection, not the
 * last checkbox).
 */
export type GalleryHistoryMode = 'push' | 'replace';

export interface GalleryViewChange {
  patch: Partial<GalleryViewState>;
  mode: GalleryHistoryMode;
}
