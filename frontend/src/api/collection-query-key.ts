import type { Network } from '@nexus/contract';

/**
 * Everything read about one stored collection; refreshed together when its rarity job ends. The
 * gallery, the wallet ranks and the scanning page share this key, so it stands below the features.
 */
export function collectionQueryKey(network: Network, address: string) {
  return ['collection', network, address.toLowerCase()] as const;
}
