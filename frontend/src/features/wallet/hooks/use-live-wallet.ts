import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { activityKey, isNetwork, isEvmAddress } from '@nexus/contract';
import { useActivityRoom } from '../../../lib/activity-channel';
import { refreshCollection, undoCollection, undoLists } from '../../../lib/live-activity';

/** The wallet's own lists (`api/wallet-activity.ts`): activity and held. */
const walletLists = (network: string, address: string) => ['wallet', network, address.toLowerCase()] as const;

/**
 * The open wallet follows its activity room: its activity and held lists are read again, and those
 * of the collections its transfers touched (an open gallery of one shows them at once); the page
 * counts the transfers the index stored since it opened (a reorganisation takes its undone ones
 * back out of the count, and their rows off the screen).
 */
export function useLiveWallet(network: string, walletAddress: string): number {
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState<Array<{ toBlock: number; transfers: number }>>([]);
  const valid = isNetwork(network) && isEvmAddress(walletAddress);
  useActivityRoom(valid ? activityKey('wallet', network, walletAddress) : null, {
    transfers: (event) => {
      setSeen((list) => [...list, { toBlock: event.toBlock, transfers: event.transfers }]);
      void queryClient.invalidateQueries({ queryKey: walletLists(event.network, walletAddress) });
      for (const contract of event.contracts) {
        void refreshCollection(queryClient, event.network, contract, { ...event, tokenIds: null });
      }
    },
    reorg: (event) => {
      if (event.removed === 0) return;
      setSeen((list) => list.filter((entry) => entry.toBlock <= event.toBlock));
      void undoLists(queryClient, walletLists(event.network, walletAddress), event);
      const cached = queryClient.getQueryCache().findAll({ queryKey: ['collection', event.network] });
      const addresses = new Set(cached.map((query) => query.queryKey[2]));
      for (const address of addresses) {
        if (typeof address === 'string') void undoCollection(queryClient, event.network, address, event);
      }
    },
  });
  return seen.reduce((sum, entry) => sum + entry.transfers, 0);
}
