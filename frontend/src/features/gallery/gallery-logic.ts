import {
  COLLECTION_SORTS,
  DEFAULT_COLLECTION_SORT,
  DEFAULT_SORT_ORDER,
  compareTokenIds,
  type CollectionSort,
  type Nft,
  type NftAttribute,
  type SortOrder,
} from '@nexus/contract';
import { GALLERY_PAGE_SIZE } from '../../lib/gallery-page';

/** The server's sorts (GET /api/collections/…/nfts), in the same order and with the same names. */
export const GALLERY_SORTS = COLLECTION_SORTS;
export type GallerySort = CollectionSort;
export const DEFAULT_GALLERY_SORT: GallerySort = DEFAULT_COLLECTION_SORT;
export const GALLERY_SORT_LABELS: Record<GallerySort, string> = {
  'rarity-rank': 'Rarity Rank',
  'rarity-score': 'Rarity Score',
  tokenId: 'Token ID',
  name: 'Name',
};

/** SPEC §9 gallery constants. */
export const CROWN_MAX_RANK = 10;
export const TIER_MAX_RANK = 50;

export const VIEW_MODES = ['small-grid', 'big-grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export function nftTraits(nft: Nft): NftAttribute[] {
  if (nft.attributes?.length) return nft.attributes;
  return nft.metadata?.attributes ?? [];
}

export function collectionNameOf(nft: Nft): string {
  return nft.contract?.openSeaMetadata?.collectionName || nft.contract?.name || nft.collection?.name || '';
}

export function nftDisplayName(nft: Nft): string {
  if (nft.name) return nft.name;
  const collection = collectionNameOf(nft);
  return collection ? `${collection} #${nft.tokenId}` : `#${nft.tokenId}`;
}

function compareNullable(a: number | null, b: number | null, direction: 1 | -1): number {
  const missingA = a === null || !Number.isFinite(a);
  const missingB = b === null || !Number.isFinite(b);
  if (missingA && missingB) return 0;
  if (missingA) return 1; // unranked last
  if (missingB) return -1;
  return ((a as number) - (b as number)) * direction;
}

/** The direction a sort runs in: the one chosen, else the sort's own (the server's default). */
export function sortDirection(sort: GallerySort, order: SortOrder | null | undefined): SortOrder {
  return order ?? DEFAULT_SORT_ORDER[sort];
}

/**
 * SPEC §9: default rarity-rank; unranked NFTs always sort last. Ties fall back to token id, in the
 * contract's token order (the server's). `order` reverses a sort as the page route does: the values
 * only (ties stay in token order, the unranked last).
 */
export function sortNfts(nfts: readonly Nft[], sort: GallerySort, order?: SortOrder | null): Nft[] {
  const flip = sortDirection(sort, order) === DEFAULT_SORT_ORDER[sort] ? 1 : -1;
  const byToken = (a: Nft, b: Nft) => compareTokenIds(a.tokenId, b.tokenId);
  const comparators: Record<GallerySort, (a: Nft, b: Nft) => number> = {
    'rarity-rank': (a, b) => compareNullable(a.rarityRank, b.rarityRank, flip) || byToken(a, b),
    'rarity-score': (a, b) => compareNullable(a.rarityScore, b.rarityScore, -flip as 1 | -1) || byToken(a, b),
    tokenId: (a, b) => byToken(a, b) * flip,
    name: (a, b) =>
      nftDisplayName(a).localeCompare(nftDisplayName(b), 'en', { numeric: true }) * flip || byToken(a, b),
  };
  return [...nfts].sort(comparators[sort]);
}

export function filterByText(nfts: readonly Nft[], query: string): Nft[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...nfts];
  return nfts.filter(
    (nft) => nftDisplayName(nft).toLowerCase().includes(needle) || nft.tokenId.toLowerCase().includes(needle),
  );
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
}

/** 1-based pages; an out-of-range page is pulled back into range. */
export function paginate<T>(items: readonly T[], page: number, pageSize = GALLERY_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, pageCount };
}

export type RarityTier = 'crown' | 'top' | 'none';

export function rarityTier(rank: number | null): RarityTier {
  if (rank === null || rank < 1) return 'none';
  if (rank <= CROWN_MAX_RANK) return 'crown';
  if (rank <= TIER_MAX_RANK) return 'top';
  return 'none';
}
