import { API_ROUTES, type CollectionLocation } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

export type { CollectionLocation };

/**
 * POST /api/locate-collection: the networks where a 0x address is an ERC-721 / ERC-1155 contract.
 * Null when the answer is unknown (refused, rate-limited, offline): the search goes on as before.
 */
export async function locateCollection(address: string): Promise<CollectionLocation[] | null> {
  try {
    const answer = await apiCall(API_ROUTES.locateCollection, { body: { address } });
    return Array.isArray(answer?.collections) ? answer.collections : null;
  } catch {
    return null;
  }
}
