import { API_ROUTES, type NftsRequest, type NftsResponse } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

export function requestNfts(body: NftsRequest, signal?: AbortSignal): Promise<NftsResponse> {
  return apiCall(API_ROUTES.scanNfts, { body, signal });
}
