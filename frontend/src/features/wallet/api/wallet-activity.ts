import { API_ROUTES, type Network } from '@nexus/contract';
import { cursorListQuery } from '../../../lib/cursor-query';

const walletParams = (network: Network, address: string) => ({ network, address: address.toLowerCase() });

/** GET /api/wallets/{network}/{address}/activity: what the wallet sent and received, newest first. */
export function walletActivityQuery(network: Network, address: string) {
  return cursorListQuery(
    ['wallet', network, address.toLowerCase(), 'activity'] as const,
    API_ROUTES.walletActivity,
    walletParams(network, address),
  );
}

/** GET /api/wallets/{network}/{address}/held: what the wallet holds, each with since when. */
export function walletHeldQuery(network: Network, address: string) {
  return cursorListQuery(
    ['wallet', network, address.toLowerCase(), 'held'] as const,
    API_ROUTES.walletHeldTokens,
    walletParams(network, address),
  );
}
