import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isEvmAddress, type Network, type Nft } from '@nexus/contract';
import { collectionQueryKey } from './collection-query-key';
import { fetchCollectionRanks, type CollectionRanks } from './collection-ranks';

export interface WalletCollectionRanks {
  /** The wallet's NFTs with the whole collection's ranks (none where Nexus has none). */
  nfts: Nft[];
  /** null while Nexus is asked (or when it could not answer). */
  ranks: CollectionRanks | null;
  /**
   * `ranked`: Nexus ranked the whole collection; `unranked`: it has not; `checking`: being asked;
   * `unknown`: the question failed (the ranks the wallet's answer carried are shown).
   */
  state: 'checking' | 'ranked' | 'unranked' | 'unknown';
}

/**
 * A wallet's NFTs of one collection ranked as the whole collection ranks them, read from the server
 * (the ranks it stored when it scanned the collection): never ranks among the wallet's NFTs alone.
 * Until the server answers, the ranks the wallet's answer carried.
 */
export function useWalletCollectionRanks(
  network: Network,
  contractAddress: string,
  nfts: readonly Nft[],
  enabled: boolean,
): WalletCollectionRanks {
  const tokenIds = useMemo(() => nfts.map((nft) => nft.tokenId).filter((id) => /^\d+$/.test(id)), [nfts]);
  const asks = enabled && isEvmAddress(contractAddress) && tokenIds.length > 0;
  const query = useQuery({
    queryKey: [...collectionQueryKey(network, contractAddress), 'ranks', tokenIds.join(',')] as const,
    queryFn: ({ signal }) => fetchCollectionRanks(network, contractAddress, tokenIds, signal),
    enabled: asks,
  });
  const ranks = query.data ?? null;
  const ranked = useMemo(() => {
    if (!ranks) return [...nfts];
    return nfts.map((nft) => {
      const rank = ranks.byTokenId.get(nft.tokenId);
      return {
        ...nft,
        rarityRank: rank?.rarityRank ?? null,
        rarityScore: rank?.rarityScore ?? null,
      };
    });
  }, [nfts, ranks]);
  const state = !asks
    ? 'unranked'
    : ranks
      ? ranks.ranked
        ? 'ranked'
        : 'unranked'
      : query.isError
        ? 'unknown'
        : 'checking';
  return { nfts: ranked, ranks, state };
}
