import { queryOptions } from '@tanstack/react-query';
import {
  encodeTraitSelection,
  type CalculateRarityRequest,
  type CalculateRarityResponse,
  type CollectionPageResponse,
  type CollectionSort,
  type CollectionTraitsResponse,
  type Network,
  type NftDetailResponse,
  type SortOrder,
  type TraitSelection,
} from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';
import { RarityCalculator } from '../rarity-calculator';

export function postCalculateRarity(body: CalculateRarityRequest): Promise<CalculateRarityResponse> {
  return apiRequest<CalculateRarityResponse>('/api/calculate-rarity', { method: 'POST', body });
}

/** One calculator for the tab: its results outlive the gallery that asked for them. */
export const rarityCalculator = new RarityCalculator(postCalculateRarity);

function collectionPath(network: Network, address: string): string {
  return `/api/collections/${network}/${encodeURIComponent(address.toLowerCase())}`;
}

/** Everything read about one stored collection; refreshed together when its rarity job ends. */
export function collectionQueryKey(network: Network, address: string) {
  return ['collection', network, address.toLowerCase()] as const;
}

export function nftDetailQuery(network: Network, address: string, tokenId: string) {
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'nft', tokenId] as const,
    queryFn: ({ signal }) =>
      apiRequest<NftDetailResponse>(
        `${collectionPath(network, address)}/nfts/${encodeURIComponent(tokenId)}`,
        {
          signal,
        },
      ),
  });
}

export function collectionTraitsQuery(network: Network, address: string) {
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'traits'] as const,
    queryFn: ({ signal }) =>
      apiRequest<CollectionTraitsResponse>(`${collectionPath(network, address)}/traits`, { signal }),
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
}

/** GET /api/collections/{network}/{address}/nfts: one page with the filter's counts. */
export function collectionPageQuery(network: Network, address: string, params: CollectionPageParams) {
  const query = new URLSearchParams();
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  query.set('sort', params.sort);
  if (params.order) query.set('order', params.order);
  const search = params.search.trim();
  if (search) query.set('search', search);
  for (const trait of encodeTraitSelection(params.traits)) query.append('traits', trait);
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'page', query.toString()] as const,
    queryFn: ({ signal }) =>
      apiRequest<CollectionPageResponse>(`${collectionPath(network, address)}/nfts?${query.toString()}`, {
        signal,
      }),
  });
}
