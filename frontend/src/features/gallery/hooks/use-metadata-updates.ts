import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { scanKey, type Network, type Nft } from '@nexus/contract';
import { getScanChannel } from '../../../lib/scan-channel';
import { useLatest } from '../../../lib/use-latest';
import { collectionQueryKey } from '../../../api/collection-query-key';

const ignore = (): void => undefined;

/**
 * Tokens listed without metadata (their host was slow or throttling during the scan) get it later
 * from the metadata-retry job, which announces each batch in the collection scan's room
 * (`collection:metadata`): the open gallery reads its page, traits and NFTs again. `shown` are the
 * NFTs on screen: when some still wait for theirs as the room is joined, they are read once more
 * (a batch announced between their read and the join went to nobody).
 */
export function useMetadataUpdates(
  network: Network,
  contractAddress: string,
  enabled: boolean,
  shown: readonly Nft[],
): void {
  const queryClient = useQueryClient();
  const onScreen = useLatest(shown);

  useEffect(() => {
    if (!enabled) return;
    const key = scanKey('collection', network, contractAddress);
    const channel = getScanChannel();
    let active = true;
    const readAgain = () =>
      void queryClient.invalidateQueries({ queryKey: collectionQueryKey(network, contractAddress) });
    const stopListening = channel.listen({
      progress: ignore,
      completed: ignore,
      failed: ignore,
      metadataFilled: (event) => {
        if (event.key === key) readAgain();
      },
    });
    void channel.subscribe(key).then(() => {
      if (active && onScreen.current.some((nft) => nft.metadataUnavailable)) readAgain();
    });
    return () => {
      active = false;
      stopListening();
      channel.unsubscribe(key);
    };
  }, [enabled, network, contractAddress, queryClient, onScreen]);
}
