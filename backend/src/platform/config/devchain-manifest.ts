import { existsSync, readFileSync } from 'node:fs';
import type { Network } from '@nexus/contract';

/** What `npm run devchain` writes of the local dev world (DEVCHAIN_MANIFEST). */
export interface DevchainManifest {
  networks?: Partial<
    Record<
      Network,
      {
        chainId: number;
        rpcUrl: string;
        publicNode?: { maxLogRange: number; requestsPerSecond: number };
      }
    >
  >;
  ipfsGateway?: string;
  ens?: { universalResolver?: string; gateway?: string };
  /** The dev world's messy metadata hosts (Nexus Wilds): fetched from although they are local. */
  messyMetadata?: { allowedHosts?: string[]; ipfsGateways?: string[] };
}

/** The manifest at `path`; null when there is none or it is not JSON. */
export function readDevchainManifest(path: string): DevchainManifest | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as DevchainManifest;
  } catch {
    return null;
  }
}
