import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { scanKey, type Network } from '@nexus/contract';
import { getScanChannel } from '../../../lib/scan-channel';
import { collectionQueryKey } from '../../../api/collection-query-key';

const ignore = (): void => undefined;

/**
 * Tokens listed without metadata (their host was slow or throttling during the scan) get it later
 * from the metadata-retry job, which announces each batch in the collection scan's room
 * (`collection:metadata`): the open gallery reads its page, traits and NFTs again.
 */
export function useMetadataUpdates(network: Network, contractAddress: string, enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    const key = scanKey('collection', network, contractAddress);
    const channel = getScanChannel();
    const stopListening = channel.listen({
      progress: ignore,
      completed: ignore,
      failed: ignore,
      metadataFilled: (event) => {
        if (event.key !== key) return;
        void queryClient.invalidateQueries({ queryKey: collectionQueryKey(network, contractAddress) });
      },
    });
    void channel.subscribe(key);
    return () => {
      stopListening();
      channel.unsubscribe(key);
    };
  }, [enabled, network, contractAddress, queryClient]);
}
