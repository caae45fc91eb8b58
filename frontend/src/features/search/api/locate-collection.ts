import type { CollectionLocation, LocateCollectionResponse } from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';

export type { CollectionLocation };

/**
 * POST /api/locate-collection: the networks where a 0x address is an ERC-721 / ERC-1155 contract.
 * Null when the answer is unknown (refused, rate-limited, offline): the search goes on as before.
 */
export async function locateCollection(address: string): Promise<CollectionLocation[] | null> {
  try {
    const answer = await apiRequest<LocateCollectionResponse>('/api/locate-collection', {
      method: 'POST',
      body: { address },
    });
    return Array.isArray(answer?.collections) ? answer.collections : null;
  } catch {
    return null;
  }
}
