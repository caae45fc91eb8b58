import { scanKey, type Network, type ScanJobPayload, type ScanKind } from '@nexus/contract';
import { randomUUID } from 'node:crypto';

/** A scan job as POST /api/nfts queues it: metadata and every token type, a new request id. */
export function scanPayload(kind: ScanKind, address: string, network: Network = 'polygon'): ScanJobPayload {
  return {
    key: scanKey(kind, network, address),
    kind,
    network,
    address: address.toLowerCase(),
    includeMetadata: true,
    includeAllTokenTypes: true,
    requestId: randomUUID(),
    requestedAt: new Date().toISOString(),
  };
}
