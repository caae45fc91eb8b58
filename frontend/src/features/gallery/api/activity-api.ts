import { queryOptions } from '@tanstack/react-query';
import { API_ROUTES, type ActivityKind, type Network } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';
import { cursorListQuery } from '../../../lib/cursor-query';
import { collectionQueryKey } from '../../../api/collection-query-key';

function collectionParams(network: Network, address: string) {
  return { network, address: address.toLowerCase() };
}

function tokenParams(network: Network, address: string, tokenId: string) {
  return { ...collectionParams(network, address), tokenId };
}

/** GET …/nfts/:tokenId/owners: the ERC-721 owner, or the ERC-1155 holders most units first. */
export function tokenOwnersQuery(network: Network, address: string, tokenId: string) {
  return cursorListQuery(
    [...collectionQueryKey(network, address), 'nft', tokenId, 'owners'] as const,
    API_ROUTES.tokenOwners,
    tokenParams(network, address, tokenId),
  );
}

/** GET …/nfts/:tokenId/history: mint, transfers and burns, newest first. */
export function tokenHistoryQuery(network: Network, address: string, tokenId: string) {
  return cursorListQuery(
    [...collectionQueryKey(network, address), 'nft', tokenId, 'history'] as const,
    API_ROUTES.tokenHistory,
    tokenParams(network, address, tokenId),
  );
}

/** GET …/activity?kind=: the collection's feed; `null` kind is every kind. */
export function collectionActivityQuery(network: Network, address: string, kind: ActivityKind | null) {
  return cursorListQuery(
    [...collectionQueryKey(network, address), 'activity', kind ?? 'all'] as const,
    API_ROUTES.collectionActivity,
    collectionParams(network, address),
    kind ? { kind } : {},
  );
}

/** GET …/holders: the holders most tokens first, with their share. */
export function collectionHoldersQuery(network: Network, address: string) {
  return cursorListQuery(
    [...collectionQueryKey(network, address), 'holders'] as const,
    API_ROUTES.collectionHolders,
    collectionParams(network, address),
  );
}

/** GET …/holder-stats: unique holders and the 1 / 2–5 / 6–24 / 25+ distribution. */
export function collectionHolderStatsQuery(network: Network, address: string) {
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'holder-stats'] as const,
    queryFn: ({ signal }) =>
      apiCall(API_ROUTES.collectionHolderStats, { params: collectionParams(network, address), signal }),
  });
}

/** GET …/transfers-per-day: the last 30 UTC days, oldest first. */
export function transfersPerDayQuery(network: Network, address: string) {
  return queryOptions({
    queryKey: [...collectionQueryKey(network, address), 'transfers-per-day'] as const,
    queryFn: ({ signal }) =>
      apiCall(API_ROUTES.collectionTransfersPerDay, { params: collectionParams(network, address), signal }),
  });
}
