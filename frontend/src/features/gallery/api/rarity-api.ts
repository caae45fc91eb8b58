import { queryOptions } from '@tanstack/react-query';
import {
  API_ROUTES,
  apiQueryString,
  encodeTraitSelection,
  type CalculateRarityRequest,
  type CalculateRarityResponse,
  type CollectionPageQuery,
  type CollectionSort,
  type Network,
  type SortOrder,
  type TraitSelection,
} from '@nexus/contract';
import { collectionQueryKey } from '../../../api/collection-query-key';
import { apiCall } from '../../../lib/api-client';
import { RarityCalculator } from '../rarity-calculator';

export function postCalculateRarity(body: CalculateRarityRequest): Promise<CalculateRarityResponse> {
  return apiCall(API_ROUTES.calculateRarity, { body });
}

/** One calculator for the tab: its results outlive the gallery that asked for them. */
export const rarityCalculator = new RarityCalculator(postCalculateRarity);

function collectionParams(network: Network, address: string) {
  return { network, address: address.toLowerCase() };
}

export function nftDetailQuery(network: Network, address: string, tokenId: string) {
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'nft', tokenId] as const,
    queryFn: ({ signal }) =>
      apiCall(API_ROUTES.nftDetail, { params: { ...collectionParams(network, address), tokenId }, signal }),
  });
}

export function collectionTraitsQuery(network: Network, address: string) {
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'traits'] as const,
    queryFn: ({ signal }) =>
      apiCall(API_ROUTES.collectionTraits, { params: collectionParams(network, address), signal }),
  });
}

/** What the gallery asks the page route for: the address's gallery state. */
export interface CollectionPageParams {
  page: number;
  pageSize: number;
  sort: CollectionSort;
  /** Absent: the sort's own direction. */
  order?: SortOrder | null;
  search: string;
  traits: TraitSelection;
  /** The owner filter: a 0x address or an ENS name; '' for none. */
  owner?: string;
}

/** GET /api/collections/{network}/{address}/nfts: one page with the filter's counts. */
export function collectionPageQuery(network: Network, address: string, params: CollectionPageParams) {
  const route = API_ROUTES.collectionPage;
  const search = params.search.trim();
  const query: CollectionPageQuery = {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order || undefined,
    search: search || undefined,
    traits: encodeTraitSelection(params.traits),
    owner: params.owner?.trim() || undefined,
  };
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'page', apiQueryString(route, query)] as const,
    queryFn: ({ signal }) => apiCall(route, { params: collectionParams(network, address), query, signal }),
  });
}
