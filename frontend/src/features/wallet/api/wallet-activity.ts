import { infiniteQueryOptions } from '@tanstack/react-query';
import { API_ROUTES, type CursorPage, type Network } from '@nexus/contract';
import { apiCall } from '../../../lib/api-client';

/** The transfer index's lists are read by cursor: a page's `next` is the following page's `cursor`. */
const byCursor = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: CursorPage<unknown>) => page.next ?? undefined,
};

const walletParams = (network: Network, address: string) => ({ network, address: address.toLowerCase() });

/** GET /api/wallets/{network}/{address}/activity: what the wallet sent and received, newest first. */
export function walletActivityQuery(network: Network, address: string) {
  return infiniteQueryOptions({
    queryKey: ['wallet', network, address.toLowerCase(), 'activity'] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(API_ROUTES.walletActivity, {
        params: walletParams(network, address),
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    ...byCursor,
  });
}

/** GET /api/wallets/{network}/{address}/held: what the wallet holds, each with since when. */
export function walletHeldQuery(network: Network, address: string) {
  return infiniteQueryOptions({
    queryKey: ['wallet', network, address.toLowerCase(), 'held'] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(API_ROUTES.walletHeldTokens, {
        params: walletParams(network, address),
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    ...byCursor,
  });
}
