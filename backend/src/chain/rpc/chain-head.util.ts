import type { PublicClient } from 'viem';

/**
 * The node's current block, asked now. viem caches eth_blockNumber for the client's cacheTime (a
 * second here): a read pinned to that cached block cannot see a contract deployed or a token
 * received since, so a collection asked for right after its deployment answered "not found".
 */
export function latestBlock(client: Pick<PublicClient, 'getBlockNumber'>): Promise<bigint> {
  return client.getBlockNumber({ cacheTime: 0 });
}
