import {
  DEFAULT_SORT_ORDER,
  decodeTraitSelection,
  encodeTraitSelection,
  isNetwork,
  type Network,
  type SortOrder,
  type TraitSelection,
} from '@nexus/contract';
import {
  GALLERY_SORTS,
  VIEW_MODES,
  type GallerySort,
  type ViewMode,
} from '../features/gallery/gallery-logic';
import {
  DEFAULT_GALLERY_VIEW,
  isCollectionTab,
  type GalleryViewState,
} from '../features/gallery/gallery-view-state';
import { isEnsName, isEvmAddress } from '../features/search/search-validation';

/**
 * The explorer's views are query state on `/` (SPEC §2 keeps its routes; the views reached from home
 * get an address of their own, so a reload, Back / Forward and a shared link reopen them):
 *
 *   /                                                   home
 *   /?view=wallet&network=polygon&address=0x…           a wallet's collections
 *   /?view=wallet&network=polygon&address=0x…&collection=0x…[&gallery params]
 *                                                       one of its collections
 *   /?view=collection&network=polygon&address=0x…[&gallery params]
 *                                                       a collection
 *   /?view=wallets&address=0x…                          a wallet on every network at once
 *
 * Gallery params, each left out at its default: `sort` (rarity-rank), `order` (asc or desc; absent:
 * the sort's own direction), `page` (1), `q` (the name / token id search), `owner` (the owner
 * filter: a 0x address or an ENS name), `trait` (repeated, one per chosen value: `type:value`,
 * the trait's normalised keys, with `%` and `:` in the type written %25 and %3A), `nft` (token id
 * of the open detail dialog), `mode` (the layout: small-grid, big-grid or list; absent: the
 * visitor's usual one),
 * `tab` (activity or holders; absent: the NFTs).
 * Anything unreadable falls back to its default (a bad view, network or address: home).
 * The label of a search (a whitelisted name, an ENS name) rides in the history entry's state, not
 * in the address.
 */
export const EXPLORER_PARAMS = {
  view: 'view',
  network: 'network',
  address: 'address',
  collection: 'collection',
  sort: 'sort',
  order: 'order',
  page: 'page',
  text: 'q',
  trait: 'trait',
  owner: 'owner',
  nft: 'nft',
  viewMode: 'mode',
  tab: 'tab',
} as const;

export type ExplorerState =
  | { view: 'home' }
  | { view: 'wallets'; address: string }
  | { view: 'collection'; network: Network; address: string; gallery: GalleryViewState }
  | {
      view: 'wallet';
      network: Network;
      address: string;
      /** Contract address of the wallet's collection on screen; null for the list. */
      collection: string | null;
      gallery: GalleryViewState;
    };

export const HOME_STATE: ExplorerState = { view: 'home' };

/** What a history entry of the explorer carries besides its address. */
export interface ExplorerHistoryState {
  /** Display name of the search (whitelisted collection name, ENS name). */
  label?: string;
  /** The NFT dialog of this entry was opened here by a click (closing it goes Back). */
  nftOpened?: boolean;
}

export function readHistoryState(state: unknown): ExplorerHistoryState {
  if (typeof state !== 'object' || state === null) return {};
  const { label, nftOpened } = state as Record<string, unknown>;
  return {
    ...(typeof label === 'string' && label ? { label } : {}),
    ...(nftOpened === true ? { nftOpened } : {}),
  };
}

const MAX_TOKEN_ID_LENGTH = 100;
const MAX_TEXT_LENGTH = 200;
const MAX_OWNER_LENGTH = 255;

/** One `trait` value per chosen (type, value): the page route's `traits` spelling (contract). */
export function encodeTraits(selection: TraitSelection): string[] {
  return encodeTraitSelection(selection);
}

export function decodeTraits(entries: readonly string[]): TraitSelection {
  return decodeTraitSelection(entries);
}

function readSort(value: string | null): GallerySort {
  return (GALLERY_SORTS as readonly string[]).includes(value ?? '')
    ? (value as GallerySort)
    : DEFAULT_GALLERY_VIEW.sort;
}

function readOrder(value: string | null): SortOrder | null {
  return value === 'asc' || value === 'desc' ? value : null;
}

function readPage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return DEFAULT_GALLERY_VIEW.page;
  return Math.max(1, Number(value));
}

function readNft(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed && trimmed.length <= MAX_TOKEN_ID_LENGTH ? trimmed : null;
}

function readViewMode(value: string | null): ViewMode | null {
  return (VIEW_MODES as readonly string[]).includes(value ?? '') ? (value as ViewMode) : null;
}

function readGallery(params: URLSearchParams): GalleryViewState {
  const tab = params.get(EXPLORER_PARAMS.tab);
  return {
    tab: isCollectionTab(tab) ? tab : DEFAULT_GALLERY_VIEW.tab,
    sort: readSort(params.get(EXPLORER_PARAMS.sort)),
    order: readOrder(params.get(EXPLORER_PARAMS.order)),
    page: readPage(params.get(EXPLORER_PARAMS.page)),
    text: (params.get(EXPLORER_PARAMS.text) ?? '').slice(0, MAX_TEXT_LENGTH),
    traits: decodeTraits(params.getAll(EXPLORER_PARAMS.trait)),
    owner: (params.get(EXPLORER_PARAMS.owner) ?? '').trim().slice(0, MAX_OWNER_LENGTH),
    nft: readNft(params.get(EXPLORER_PARAMS.nft)),
    viewMode: readViewMode(params.get(EXPLORER_PARAMS.viewMode)),
  };
}

export function parseExplorerParams(params: URLSearchParams): ExplorerState {
  const view = params.get(EXPLORER_PARAMS.view);
  const network = params.get(EXPLORER_PARAMS.network);
  const address = params.get(EXPLORER_PARAMS.address)?.trim() ?? '';
  if (view === 'wallets') {
    return isEvmAddress(address) || isEnsName(address) ? { view, address } : HOME_STATE;
  }
  if (!isNetwork(network)) return HOME_STATE;
  if (view === 'collection' && isEvmAddress(address)) {
    return { view, network, address, gallery: readGallery(params) };
  }
  if (view === 'wallet' && (isEvmAddress(address) || isEnsName(address))) {
    const collection = params.get(EXPLORER_PARAMS.collection)?.trim() ?? '';
    if (!isEvmAddress(collection)) {
      return { view, network, address, collection: null, gallery: DEFAULT_GALLERY_VIEW };
    }
    return { view, network, address, collection, gallery: readGallery(params) };
  }
  return HOME_STATE;
}

function writeGallery(params: URLSearchParams, gallery: GalleryViewState): void {
  if (gallery.sort !== DEFAULT_GALLERY_VIEW.sort) params.set(EXPLORER_PARAMS.sort, gallery.sort);
  if (gallery.order !== null && gallery.order !== DEFAULT_SORT_ORDER[gallery.sort])
    params.set(EXPLORER_PARAMS.order, gallery.order);
  if (gallery.page > 1) params.set(EXPLORER_PARAMS.page, String(Math.floor(gallery.page)));
  if (gallery.text.trim() !== '') params.set(EXPLORER_PARAMS.text, gallery.text);
  for (const trait of encodeTraits(gallery.traits)) params.append(EXPLORER_PARAMS.trait, trait);
  if (gallery.owner !== '') params.set(EXPLORER_PARAMS.owner, gallery.owner);
  if (gallery.nft !== null) params.set(EXPLORER_PARAMS.nft, gallery.nft);
  if (gallery.viewMode !== null) params.set(EXPLORER_PARAMS.viewMode, gallery.viewMode);
  if (gallery.tab !== DEFAULT_GALLERY_VIEW.tab) params.set(EXPLORER_PARAMS.tab, gallery.tab);
}

/** The canonical query of a state (parameters in a fixed order, defaults left out). */
export function buildExplorerParams(state: ExplorerState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view === 'home') return params;
  params.set(EXPLORER_PARAMS.view, state.view);
  if (state.view === 'wallets') {
    params.set(EXPLORER_PARAMS.address, state.address);
    return params;
  }
  params.set(EXPLORER_PARAMS.network, state.network);
  params.set(EXPLORER_PARAMS.address, state.address);
  if (state.view === 'wallet') {
    if (state.collection === null) return params;
    params.set(EXPLORER_PARAMS.collection, state.collection);
  }
  writeGallery(params, state.gallery);
  return params;
}

/** `/` or `/?view=…`: where a state lives. */
export function explorerHref(state: ExplorerState): string {
  const query = buildExplorerParams(state).toString();
  return query ? `/?${query}` : '/';
}
