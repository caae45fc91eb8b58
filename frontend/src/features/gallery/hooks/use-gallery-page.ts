import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CollectionPageOwner, Network, Nft, TraitTypeCounts } from '@nexus/contract';
import { collectionPageQuery } from '../api/rarity-api';
import { GALLERY_PAGE_SIZE } from '../../../lib/gallery-page';
import { DEFAULT_GALLERY_SORT, filterByText, paginate, sortNfts } from '../gallery-logic';
import type { GalleryViewState } from '../gallery-view-state';
import { filterByTraitSelection, selectedValueCount, summarizeNftTraits } from '../trait-filter';

export interface GalleryPage {
  /** The NFTs of the page on screen. */
  items: Nft[];
  /** The page shown (pulled back into range) and how many there are. */
  page: number;
  pageCount: number;
  /** NFTs matching the search and the trait filter. */
  matching: number;
  /** NFTs of the collection (or of the wallet's share of it). */
  total: number;
  ranked: number;
  /** Counts for the filter bar: the server's faceted counts, or counted here. */
  traitSummary: readonly TraitTypeCounts[] | null;
  /** `server`: the page route answered; `local`: filtered, sorted and paged here. */
  source: 'server' | 'local';
  /** A new page is on its way (the previous one stays on screen meanwhile). */
  updating: boolean;
  /** The server's first answer is on its way. */
  pending: boolean;
  /** The owner filter as the server read it (null without one, or before it answered). */
  owner: CollectionPageOwner | null;
  /** Why the server refused the page (a bad owner), when it did. */
  error: unknown;
  /**
   * The server's first answer is on its way for a view the NFTs at hand cannot show (another sort,
   * a filter, a search, a later page: they are only the collection's first page, by rank). Nothing
   * is shown until it comes, rather than those NFTs sorted here for a moment.
   */
  waiting: boolean;
}

export interface GalleryPageOptions {
  network: Network;
  contractAddress: string;
  /** The NFTs at hand (the whole collection up to the server's limit, or a wallet's share of it). */
  nfts: readonly Nft[];
  view: GalleryViewState;
  /** Ask the server's page route (a stored collection); otherwise everything happens here. */
  paged: boolean;
  /** `nfts` is only the collection's first page by rank (the rest is read from the page route). */
  partial: boolean;
  /** Scores and ranks calculated in this browser, by token id, applied over the server's page. */
  localRanks: ReadonlyMap<string, Pick<Nft, 'rarityScore' | 'rarityRank'>> | null;
}

/**
 * The page of the gallery: from GET /api/collections/{network}/{address}/nfts for a stored collection
 * (filters, sort, search and counts by the server, the previous page kept while the next loads), or
 * from the NFTs at hand while the server has not answered, when it fails, and for a wallet's share.
 */
export function useGalleryPage({
  network,
  contractAddress,
  nfts,
  view,
  paged,
  partial,
  localRanks,
}: GalleryPageOptions): GalleryPage {
  const server = useQuery({
    ...collectionPageQuery(network, contractAddress, {
      page: view.page,
      pageSize: GALLERY_PAGE_SIZE,
      sort: view.sort,
      order: view.order,
      search: view.text,
      traits: view.traits,
      owner: view.owner,
    }),
    enabled: paged,
    placeholderData: keepPreviousData,
  });
  const answer = paged ? server.data : undefined;
  const pending = paged && server.isPending && server.fetchStatus === 'fetching';
  // The NFTs at hand cannot be filtered by owner here: nothing is shown until the server answers.
  const owned = view.owner.trim() !== '';
  const waiting = pending && (owned || (partial && !isFirstPageByRank(view)));

  const local = useMemo(() => {
    if (answer) return null;
    const visible = sortNfts(
      filterByText(filterByTraitSelection(nfts, view.traits), view.text),
      view.sort,
      view.order,
    );
    return {
      slice: paginate(visible, view.page),
      matching: visible.length,
      ranked: nfts.filter((nft) => nft.rarityRank !== null).length,
    };
  }, [answer, nfts, view.traits, view.text, view.sort, view.order, view.page]);

  const items = useMemo(() => {
    if (!answer) return local?.slice.items ?? [];
    if (!localRanks) return answer.nfts;
    return answer.nfts.map((nft) => {
      const ranks = localRanks.get(nft.tokenId);
      return ranks && (ranks.rarityRank !== nft.rarityRank || ranks.rarityScore !== nft.rarityScore)
        ? { ...nft, ...ranks }
        : nft;
    });
  }, [answer, local, localRanks]);

  if (answer) {
    return {
      items,
      page: answer.page,
      pageCount: answer.pageCount,
      matching: answer.total,
      total: answer.collectionTotal,
      ranked: localRanks
        ? [...localRanks.values()].filter((r) => r.rarityRank !== null).length
        : answer.rankedTotal,
      traitSummary: answer.traitTypes,
      source: 'server',
      updating: server.isPlaceholderData,
      pending,
      waiting: false,
      owner: answer.owner ?? null,
      error: null,
    };
  }
  // Waiting: nothing on screen yet, rather than the NFTs at hand sorted or paged here.
  // An owner filter the server could not answer (refused, failed) keeps nothing here.
  const empty = waiting || (owned && paged);
  return {
    items: empty ? [] : items,
    page: waiting ? view.page : local!.slice.page,
    pageCount: waiting ? view.page : local!.slice.pageCount,
    matching: waiting ? nfts.length : empty ? 0 : local!.matching,
    total: nfts.length,
    ranked: local!.ranked,
    traitSummary: null,
    source: 'local',
    updating: false,
    pending,
    waiting,
    owner: null,
    error: paged ? server.error : null,
  };
}

/** The view the scan's answer already holds: the first page of the whole collection, rarest first. */
function isFirstPageByRank(view: GalleryViewState): boolean {
  return (
    view.page === 1 &&
    view.sort === DEFAULT_GALLERY_SORT &&
    view.order === null &&
    view.text.trim() === '' &&
    selectedValueCount(view.traits) === 0
  );
}

/** Trait counts of the NFTs at hand (a wallet's share, or while the server's are not there). */
export function useLocalTraitSummary(nfts: readonly Nft[], skip: boolean): TraitTypeCounts[] | null {
  return useMemo(() => (skip ? null : summarizeNftTraits(nfts)), [skip, nfts]);
}
