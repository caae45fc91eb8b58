import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { activityKey, isNetwork, isEvmAddress } from '@nexus/contract';
import { useActivityRoom } from '../../../lib/activity-channel';
import { refreshCollection, undoCollection } from '../../../lib/live-activity';

/**
 * The open wallet follows its activity room: the lists of the collections its transfers touched
 * are read again (an open gallery of one shows them at once), and the page counts the transfers
 * the index stored since it opened (a reorganisation takes its undone ones back out of the count).
 */
export function useLiveWallet(network: string, walletAddress: string): number {
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState<Array<{ toBlock: number; transfers: number }>>([]);
  const valid = isNetwork(network) && isEvmAddress(walletAddress);
  useActivityRoom(valid ? activityKey('wallet', network, walletAddress) : null, {
    transfers: (event) => {
      setSeen((list) => [...list, { toBlock: event.toBlock, transfers: event.transfers }]);
      for (const contract of event.contracts) {
        void refreshCollection(queryClient, event.network, contract, { ...event, tokenIds: null });
      }
    },
    reorg: (event) => {
      if (event.removed === 0) return;
      setSeen((list) => list.filter((entry) => entry.toBlock <= event.toBlock));
      const cached = queryClient.getQueryCache().findAll({ queryKey: ['collection', event.network] });
      const addresses = new Set(cached.map((query) => query.queryKey[2]));
      for (const address of addresses) {
        if (typeof address === 'string') void undoCollection(queryClient, event.network, address, event);
      }
    },
  });
  return seen.reduce((sum, entry) => sum + entry.transfers, 0);
}
