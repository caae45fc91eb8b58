import { API_ROUTES } from '@nexus/contract';
import { ApiRequestError, apiCall, isApiStatus } from '../../../lib/api-client';

export interface AddressCheck {
  valid: boolean;
  /** The 0x address to scan: an ENS name comes back resolved. */
  address: string | null;
  /** Why the server refused a name it could read (ENSIP-15: "Invalid ENS name: ..."), to show as is. */
  reason?: string;
}

/** A 400/422 refusal is invalid; other failures are raised (the caller shows 'Validation Error'). */
export async function validateAddress(address: string): Promise<AddressCheck> {
  try {
    const answer = await apiCall(API_ROUTES.validateAddress, { body: { address } });
    return { valid: answer?.valid !== false, address: answer?.address ?? null };
  } catch (error) {
    if (isApiStatus(error, 400) || isApiStatus(error, 422)) {
      const reason = error instanceof ApiRequestError ? error.serverMessage : null;
      return {
        valid: false,
        address: null,
        ...(reason?.startsWith('Invalid ENS name:') ? { reason } : {}),
      };
    }
    throw error;
  }
}
