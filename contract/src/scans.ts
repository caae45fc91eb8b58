import { EVM_ADDRESS_PATTERN } from './addresses.js';
import { keyGuard } from './key-guard.js';
import { isNetwork, type Network } from './networks.js';

/**
 * Queues, named once (DESIGN: wallet-scan, collection-scan, rarity; metadata-retry fetches again, in
 * the background, the metadata of tokens whose host was unreachable during a scan).
 */
export const QueueName = {
  WalletScan: 'wallet-scan',
  CollectionScan: 'collection-scan',
  Rarity: 'rarity',
  /** One repeatable job per indexed network: backfill, then follow the head (issue 13 §4). */
  TransferIndex: 'transfer-index',
  MetadataRetry: 'metadata-retry',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const SCAN_KINDS = ['wallet', 'collection', 'rarity'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** What a job of each queue carries: a scan key for the scans, a stored collection for the retry. */
export interface JobPayloads {
  [QueueName.WalletScan]: ScanJobPayload;
  [QueueName.CollectionScan]: ScanJobPayload;
  [QueueName.Rarity]: ScanJobPayload;
  [QueueName.TransferIndex]: TransferIndexJobPayload;
  [QueueName.MetadataRetry]: MetadataRetryPayload;
}

/** A stored collection whose 'unavailable' tokens the metadata-retry job fetches again. */
export interface MetadataRetryPayload {
  network: Network;
  /** Contract address, lower-case. */
  address: string;
  requestedAt: string;
}

/**
 * A pass of the transfer index over one network (the job id is the network: one pass at a time),
 * or over one collection's history where the network's index is off (`contract`).
 */
export interface TransferIndexJobPayload {
  network: Network;
  /** Lower-case contract address: that collection's history alone. */
  contract?: string;
}

export const QUEUE_OF_KIND: Record<ScanKind, QueueName> = {
  wallet: QueueName.WalletScan,
  collection: QueueName.CollectionScan,
  rarity: QueueName.Rarity,
};

/** SPEC §8: why a collection scan (or the ranking of a collection) cannot run. */
export const SCAN_ERRORS = {
  notFound: 'Collection Not Found',
  empty: 'No NFTs found in this collection',
} as const;

/** Stages and their percentages (SPEC §4). */
export const SCAN_STAGES = [
  'initializing',
  'preparing',
  'calculating',
  'finalizing',
  'complete',
  'error',
] as const;
export type ScanStage = (typeof SCAN_STAGES)[number];
export const STAGE_PERCENT: Record<Exclude<ScanStage, 'error'>, number> = {
  initializing: 10,
  preparing: 25,
  calculating: 75,
  finalizing: 95,
  complete: 100,
};

/**
 * One key per (kind, network, address): it is the Bull job id (so duplicate requests collapse),
 * the socket room, and the cache key stem.
 */
export function scanKey(kind: ScanKind, network: Network, address: string): string {
  return `${kind}:${network}:${address.toLowerCase()}`;
}

/** The parts of a scan key, or null for anything `scanKey` does not make (a socket subscription is checked so). */
export function parseScanKey(key: string): { kind: ScanKind; network: Network; address: string } | null {
  const [kind, network, address, ...rest] = key.split(':');
  if (rest.length > 0 || !(SCAN_KINDS as readonly string[]).includes(kind!) || !isNetwork(network))
    return null;
  if (!EVM_ADDRESS_PATTERN.test(address!) || address !== address!.toLowerCase()) return null;
  return { kind: kind as ScanKind, network, address };
}

export interface ScanJobPayload {
  key: string;
  kind: ScanKind;
  network: Network;
  /** Contract address (collection, rarity) or wallet address (wallet), lower-case. */
  address: string;
  includeMetadata: boolean;
  includeAllTokenTypes: boolean;
  /** Random id of the request that created the job (tells a joined request from the creator). */
  requestId: string;
  requestedAt: string;
}

/** Progress as a domain object, never the queue library's job (STYLE habit 6). */
export interface ScanProgress {
  key: string;
  kind: ScanKind;
  network: Network;
  address: string;
  stage: ScanStage;
  /** 0..100, clamped. */
  percent: number;
  tokensFound: number;
  metadataFetched: number;
  /** Total tokens expected, when the source knows it (totalSupply). */
  tokensTotal: number | null;
  startedAt: string;
  updatedAt: string;
  /** Worker-side time of this event (ms since epoch), for latency measurement. */
  emittedAt: number;
  error: string | null;
}

export interface ScanCompleted {
  key: string;
  totalNfts: number;
  totalCollections: number;
  scanDuration: number;
  isComplete: boolean;
  /** With `isComplete: false`: why, in words a visitor can read (one of INCOMPLETE_REASONS' texts). */
  incompleteReason?: string;
}

/**
 * Why a scan's answer is partial (`isComplete: false`), by cause: the code is kept with the answer,
 * the text is what the API answers (`incompleteReason`) and the web app shows. A short list is
 * never presented as complete.
 */
export const INCOMPLETE_REASONS = {
  quota: "The network's node has used up its request allowance for now; scan again later.",
  history: "The network's node does not keep the whole history, so older transfers could not be read.",
  range: "The network's node would not serve part of the history.",
  state: "The network's node could not answer for some tokens.",
  supply: 'Fewer tokens were found than the collection says it has.',
  source: 'The data provider stopped before the last token.',
  partial: 'Part of the answer could not be read.',
  stopped: 'The scan stopped before the last token; scan the collection again to finish it.',
} as const;

export type IncompleteReason = keyof typeof INCOMPLETE_REASONS;

export const isIncompleteReason = keyGuard(INCOMPLETE_REASONS);

export interface ScanFailed {
  key: string;
  error: string;
}
