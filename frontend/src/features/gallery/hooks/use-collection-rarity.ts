import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Network, Nft, RarityResult } from '@nexus/contract';
import { getScanChannel } from '../../../lib/scan-channel';
import { useLatest } from '../../../lib/use-latest';
import { collectionQueryKey } from '../../../api/collection-query-key';
import { rarityCalculator } from '../api/rarity-api';
import { mergeRarity, rarityKey } from '../rarity-calculator';
import {
  EMPTY_RARITY_PROGRESS,
  RARITY_START_DELAY_MS,
  acceptsSubscribeState,
  currentRarityProgress,
  isCalculating,
  rarityFailureMessage,
  toRarityProgressView,
  type RarityProgressView,
} from '../rarity-progress';
import { useRarityProgressStore } from '../stores/rarity-store';

export interface CollectionRarityOptions {
  network: Network;
  contractAddress: string;
  nfts: readonly Nft[];
  /** Rank these NFTs in the browser (POST /api/calculate-rarity) 100 ms after they load. */
  calculate: boolean;
  /** Follow the server's rarity job of the collection over the socket. */
  followJob: boolean;
}

export interface CollectionRarity {
  /** The NFTs with the scores and ranks of the latest calculation. */
  nfts: Nft[];
  /** The latest calculation of this browser (null before one, or when it does not calculate). */
  result: RarityResult | null;
  progress: RarityProgressView | null;
  calculating: boolean;
  /** Runs the calculation again, past every cache. */
  recalculate: () => void;
}

/** SPEC §4 rarity in the gallery: this browser's calculation and the live stages of the server's job. */
export function useCollectionRarity({
  network,
  contractAddress,
  nfts,
  calculate,
  followJob,
}: CollectionRarityOptions): CollectionRarity {
  const key = rarityKey(network, contractAddress);
  const queryClient = useQueryClient();
  // A result this browser kept for these very NFTs is shown as is, from the first render on.
  const kept = useMemo(
    () => (calculate ? rarityCalculator.cached({ network, contractAddress, nfts }) : null),
    [calculate, network, contractAddress, nfts],
  );
  const [result, setResult] = useState<RarityResult | null>(kept);
  const [keptShown, setKeptShown] = useState(kept);
  if (kept !== keptShown) {
    // Adjusted while rendering, as React advises for state that follows its inputs (no effect pass).
    setKeptShown(kept);
    if (kept) setResult(kept);
  }
  const mounted = useRef(false);
  // The NFTs at hand, read by the subscription below without restarting it on every page.
  const shown = useLatest(nfts);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    (forceRefresh: boolean) => {
      const store = useRarityProgressStore.getState();
      void rarityCalculator
        .calculate(
          { network, contractAddress, nfts },
          { forceRefresh, onStage: (stage) => store.setLocalStage(key, stage) },
        )
        .then((answer) => {
          if (mounted.current) setResult(answer);
        })
        .catch((error: unknown) => store.setLocalStage(key, 'error', rarityFailureMessage(error)));
    },
    [key, network, contractAddress, nfts],
  );

  // SPEC §9: the calculation starts 100 ms after the NFTs load (a result kept for them is shown as is).
  useEffect(() => {
    if (!calculate || kept) return;
    const timer = setTimeout(() => run(false), RARITY_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [calculate, run, kept]);

  // The rarity job the server runs after every scan streams its stages under the same key.
  useEffect(() => {
    if (!followJob) return;
    const channel = getScanChannel();
    const store = useRarityProgressStore.getState();
    let active = true;
    const readAgain = () =>
      void queryClient.invalidateQueries({ queryKey: collectionQueryKey(network, contractAddress) });
    const stopListening = channel.listen({
      progress: (progress) => {
        if (progress.key === key) store.setLive(key, progress);
      },
      completed: (event) => {
        if (event.key !== key) return;
        store.setLiveOutcome(key, null);
        // Stored ranks changed: the explanations and the trait summary are read again.
        readAgain();
      },
      failed: (event) => {
        if (event.key === key) store.setLiveOutcome(key, event.error);
      },
    });
    void channel.subscribe(key).then((current) => {
      if (!active) return;
      // The job ended before this page subscribed (its `completed` event went to nobody): NFTs read
      // before it stored the ranks are read again.
      if (current?.stage === 'complete') {
        if (shown.current.some((nft) => nft.rarityRank == null)) readAgain();
      } else if (acceptsSubscribeState(current)) store.setLive(key, current);
    });
    return () => {
      active = false;
      stopListening();
      channel.unsubscribe(key);
    };
  }, [followJob, key, network, contractAddress, queryClient, shown]);

  const pair = useRarityProgressStore((state) => state.byKey[key]) ?? EMPTY_RARITY_PROGRESS;
  const merged = useMemo(() => mergeRarity(nfts, result), [nfts, result]);
  const recalculate = useCallback(() => run(true), [run]);

  return {
    nfts: merged,
    result: calculate ? result : null,
    progress: toRarityProgressView(currentRarityProgress(pair)),
    calculating: isCalculating(pair),
    recalculate,
  };
}
