import type { Network } from './networks.js';
import type { ScanCompleted, ScanFailed, ScanProgress } from './scans.js';

/** Every socket event, typed once for the gateway, the worker emitter and the browser. */
export const SocketEvent = {
  Subscribe: 'scan:subscribe',
  Unsubscribe: 'scan:unsubscribe',
  Progress: 'scan:progress',
  Completed: 'scan:completed',
  Failed: 'scan:failed',
  /** Tokens listed without metadata got it later (the metadata-retry job): sent to the collection scan's room. */
  MetadataFilled: 'collection:metadata',
} as const;

/**
 * Some tokens of a stored collection gained metadata in the background. `key` is the collection's
 * scan key (`scanKey('collection', network, address)`), whose room it is sent to.
 */
export interface MetadataFilled {
  key: string;
  network: Network;
  /** Contract address, lower-case. */
  address: string;
  /** Token ids whose metadata was read in this batch (they may still lack it: see `recovered`). */
  tokenIds: string[];
  /** Of those, how many now have metadata. */
  recovered: number;
  /** Tokens of the collection still waiting for their host. */
  remaining: number;
}

export interface ServerToClientEvents {
  'scan:progress': (progress: ScanProgress) => void;
  'scan:completed': (event: ScanCompleted) => void;
  'scan:failed': (event: ScanFailed) => void;
  'collection:metadata': (event: MetadataFilled) => void;
}

export interface SubscribeAck {
  /** Current state of the scan, when one is known: a late subscriber gets it at once. */
  progress: ScanProgress | null;
}

export interface ClientToServerEvents {
  'scan:subscribe': (key: string, ack?: (answer: SubscribeAck) => void) => void;
  'scan:unsubscribe': (key: string) => void;
}

/** Socket.IO room of one scan key. */
export function scanRoom(key: string): string {
  return `scan:${key}`;
}
