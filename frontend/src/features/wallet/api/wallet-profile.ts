import { API_ROUTES, type WalletProfileResponse } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

/** GET /api/wallet-profile/{address}: the wallet's primary ENS name and avatar (our image route). */
export function fetchWalletProfile(address: string, signal?: AbortSignal): Promise<WalletProfileResponse> {
  return apiCall(API_ROUTES.walletProfile, {
    params: { address: address.toLowerCase() },
    ...(signal ? { signal } : {}),
  });
}
