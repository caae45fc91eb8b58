import { useQuery } from '@tanstack/react-query';
import { isEvmAddress, type WalletProfileResponse } from '@nexus/contract';
import { fetchWalletProfile } from '../api/wallet-profile';

/** Names and avatars change rarely: one ask per wallet and visit. */
const PROFILE_STALE_MS = 10 * 60_000;

/**
 * The wallet's primary ENS name and avatar, for its header; null while asked, or when the server
 * could not answer (the header then shows the address alone, as before).
 */
export function useWalletProfile(address: string): WalletProfileResponse | null {
  const query = useQuery({
    queryKey: ['wallet-profile', address.toLowerCase()] as const,
    queryFn: ({ signal }) => fetchWalletProfile(address, signal),
    enabled: isEvmAddress(address),
    staleTime: PROFILE_STALE_MS,
    retry: false,
  });
  return query.data ?? null;
}
