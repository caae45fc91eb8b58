import type { HistoryProgress } from './activity.js';
import type { Network } from './networks.js';
import { parseScanKey, scanKey, type ScanCompleted, type ScanFailed, type ScanProgress } from './scans.js';

/** Every socket event, typed once for the gateway, the worker emitter and the browser. */
export const SocketEvent = {
  Subscribe: 'scan:subscribe',
  Unsubscribe: 'scan:unsubscribe',
  Progress: 'scan:progress',
  Completed: 'scan:completed',
  Failed: 'scan:failed',
  /** Tokens listed without metadata got it later (the metadata-retry job): sent to the collection scan's room. */
  MetadataFilled: 'collection:metadata',
  /** Follow what the transfer index sees of a collection or a wallet (an activity key). */
  ActivitySubscribe: 'activity:subscribe',
  ActivityUnsubscribe: 'activity:unsubscribe',
  /** The index stored new transfers of the room's collection or wallet. */
  Transfers: 'activity:transfers',
  /** A reorganisation undid indexed blocks of a network: sent to every socket following it. */
  Reorg: 'activity:reorg',
  /** A collection's history read on demand moved on: sent to its activity room and its scan's room. */
  History: 'activity:history',
} as const;

/** What an activity room follows: a collection (contract) or a wallet, on one network. */
export type ActivityScope = 'collection' | 'wallet';

/** The room key of a collection's or a wallet's live activity: `collection:<network>:<address>`. */
export function activityKey(scope: ActivityScope, network: Network, address: string): string {
  return scanKey(scope, network, address);
}

/** The parts of an activity key, or null for anything `activityKey` does not make. */
export function parseActivityKey(
  key: string,
): { scope: ActivityScope; network: Network; address: string } | null {
  const parts = parseScanKey(key);
  if (!parts || parts.kind === 'rarity') return null;
  return { scope: parts.kind, network: parts.network, address: parts.address };
}

/** Socket.IO room of one activity key. */
export function activityRoom(key: string): string {
  return `activity:${key}`;
}

/** Socket.IO room of every socket following some activity of a network (its reorganisations). */
export function activityNetworkRoom(network: Network): string {
  return `activity-network:${network}`;
}

/** Token ids an `activity:transfers` event lists at most; past it, `tokenIds` is null. */
export const LIVE_TOKEN_IDS_MAX = 50;

/**
 * Transfers the index stored for one collection or wallet: a digest, never the rows (a window of a
 * million mints is one event per collection). Browsers read their lists again.
 */
export interface TransfersIndexed {
  /** The activity key whose room it is sent to. */
  key: string;
  network: Network;
  /** Contracts whose tokens moved (lower-case; one for a collection's room), at most 50. */
  contracts: string[];
  /** Blocks of the first and the last of these transfers. */
  fromBlock: number;
  toBlock: number;
  transfers: number;
  mints: number;
  burns: number;
  /** Token ids moved (collection rooms), or null when more than LIVE_TOKEN_IDS_MAX moved. */
  tokenIds: string[] | null;
}

/** A reorganisation: every indexed block after `toBlock` is undone (its rows are gone). */
export interface ActivityReorg {
  network: Network;
  /** Newest block that still stands; rows of later blocks are gone. */
  toBlock: number;
  /** Transfers removed. */
  removed: number;
}

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
  'activity:transfers': (event: TransfersIndexed) => void;
  'activity:reorg': (event: ActivityReorg) => void;
  'activity:history': (event: HistoryProgress) => void;
}

export interface SubscribeAck {
  /** Current state of the scan, when one is known: a late subscriber gets it at once. */
  progress: ScanProgress | null;
}

export interface ClientToServerEvents {
  'scan:subscribe': (key: string, ack?: (answer: SubscribeAck) => void) => void;
  'scan:unsubscribe': (key: string) => void;
  /** Answers whether the key was joined (false: not an activity key, or over the room cap). */
  'activity:subscribe': (key: string, ack?: (joined: boolean) => void) => void;
  'activity:unsubscribe': (key: string) => void;
}

/** Socket.IO room of one scan key. */
export function scanRoom(key: string): string {
  return `scan:${key}`;
}
