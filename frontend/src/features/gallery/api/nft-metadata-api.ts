import { queryOptions } from '@tanstack/react-query';
import { API_ROUTES, type Network } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../api/collection-query-key';

function tokenParams(network: Network, address: string, tokenId: string) {
  return { network, address: address.toLowerCase(), tokenId };
}

/** The token's URI, owner and raw metadata, read by the server on request (kept there 60 s). */
export function nftMetadataQuery(network: Network, address: string, tokenId: string) {
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'nft', tokenId, 'metadata'] as const,
    queryFn: ({ signal }) =>
      apiCall(API_ROUTES.nftMetadata, { params: tokenParams(network, address, tokenId), signal }),
    staleTime: 60_000,
  });
}

export function postRefreshMetadata(network: Network, address: string, tokenId: string) {
  return apiCall(API_ROUTES.refreshNftMetadata, { params: tokenParams(network, address, tokenId) });
}
