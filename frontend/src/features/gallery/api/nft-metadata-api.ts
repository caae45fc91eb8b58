import { queryOptions } from '@tanstack/react-query';
import type { Network, NftMetadataResponse, NftRefreshResponse } from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';
import { collectionQueryKey } from './rarity-api';

function tokenPath(network: Network, address: string, tokenId: string): string {
  return `/api/collections/${network}/${encodeURIComponent(address.toLowerCase())}/nfts/${encodeURIComponent(tokenId)}`;
}

/** The token's URI, owner and raw metadata, read by the server on request (kept there 60 s). */
export function nftMetadataQuery(network: Network, address: string, tokenId: string) {
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'nft', tokenId, 'metadata'] as const,
    queryFn: ({ signal }) =>
      apiRequest<NftMetadataResponse>(`${tokenPath(network, address, tokenId)}/metadata`, { signal }),
    staleTime: 60_000,
  });
}

export function postRefreshMetadata(network: Network, address: string, tokenId: string) {
  return apiRequest<NftRefreshResponse>(`${tokenPath(network, address, tokenId)}/refresh-metadata`, {
    method: 'POST',
  });
}
