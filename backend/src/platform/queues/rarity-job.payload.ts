import { randomUUID } from 'node:crypto';
import { scanKey, type Network, type ScanJobPayload } from '@nexus/contract';

/** A rarity job for a stored collection: keyed like every scan, so requests for one collection collapse. */
export function rarityJobPayload(network: Network, address: string): ScanJobPayload {
  const lower = address.toLowerCase();
  return {
    key: scanKey('rarity', network, lower),
    kind: 'rarity',
    network,
    address: lower,
    // Ranking reads the stored collection: these only matter to chain scans.
    includeMetadata: true,
    includeAllTokenTypes: true,
    requestId: randomUUID(),
    requestedAt: new Date().toISOString(),
  };
}
