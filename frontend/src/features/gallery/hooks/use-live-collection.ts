import { useQueryClient } from '@tanstack/react-query';
import { activityKey, type Network } from '@nexus/contract';
import { useActivityRoom } from '../../../lib/activity-channel';
import { historyMoved, refreshCollection, undoCollection } from '../../../lib/live-activity';

/**
 * The open collection follows its activity room: a transfer the index stores refreshes the
 * Activity and Holders tabs, an open NFT's owners and history, and the gallery page when tokens
 * were minted or burned; a reorganisation takes the undone rows off the screen; the progress of its
 * history read on demand shows as it moves, and its lists appear once it is read. No reload.
 */
export function useLiveCollection(network: Network, contractAddress: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useActivityRoom(enabled ? activityKey('collection', network, contractAddress) : null, {
    transfers: (event) => void refreshCollection(queryClient, network, contractAddress, event),
    reorg: (event) => {
      if (event.removed > 0) void undoCollection(queryClient, network, contractAddress, event);
    },
    history: (event) => void historyMoved(queryClient, network, contractAddress, event),
  });
}
