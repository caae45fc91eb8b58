import type { WalletProfileResponse } from '@nexus/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/wallet-profile/{address}: the wallet's primary ENS name and avatar (our image route). */
export function fetchWalletProfile(address: string, signal?: AbortSignal): Promise<WalletProfileResponse> {
  return apiRequest<WalletProfileResponse>(
    `/api/wallet-profile/${encodeURIComponent(address.toLowerCase())}`,
    {
      ...(signal ? { signal } : {}),
    },
  );
}
