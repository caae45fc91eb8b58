import type { Network } from './networks.js';

/** What a transfer did: a mint comes from the zero address, a burn goes to it. */
export const ACTIVITY_KINDS = ['mint', 'transfer', 'burn'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Page sizes of the activity and holder routes (`limit`). */
export const ACTIVITY_LIMITS = { defaultLimit: 25, maxLimit: 100, defaultDays: 30, maxDays: 365 } as const;

/** Holder distribution buckets: how many tokens (or units) a holder has. */
export const HOLDER_BUCKETS = [
  { label: '1', min: 1, max: 1 },
  { label: '2-5', min: 2, max: 5 },
  { label: '6-24', min: 6, max: 24 },
  { label: '25+', min: 25, max: null },
] as const;

/** The transfer that made a holder one: when, and in which transaction. */
export interface HeldSince {
  blockNumber: number;
  /** ISO time of the block; null for transfers indexed before block times were kept. */
  time: string | null;
  txHash: string | null;
}

/** One token moved by one event, as the transfer index stores it. */
export interface ActivityEvent {
  contract: string;
  tokenId: string;
  standard: 'ERC-721' | 'ERC-1155';
  kind: ActivityKind;
  from: string;
  to: string;
  /** Units moved (1 for ERC-721). */
  amount: string;
  blockNumber: number;
  logIndex: number;
  /** Place of the token in a batch event (0 otherwise). */
  position: number;
  time: string | null;
  txHash: string | null;
}

/**
 * Every answer of the activity routes says whether the network's transfer index is on and which
 * blocks it covers: `indexed: false` (and nothing else filled) where it is off or not started.
 */
export interface IndexCoverage {
  network: Network;
  indexed: boolean;
  /** The blocks the answer covers (null when not indexed). */
  fromBlock: number | null;
  toBlock: number | null;
  /**
   * Collection routes where the network's index is off: the collection's own history, read on
   * demand (absent where the network is indexed or histories are off).
   */
  history?: HistoryProgress;
}

/**
 * A collection's transfers read on demand from its node (where the network's index is off): from
 * its deployment block to the confirmed head, then followed at the head while visitors look at it.
 * Sent live as `activity:history` to the collection's activity room and its scan's room.
 */
export interface HistoryProgress {
  network: Network;
  /** Contract address, lower-case. */
  contract: string;
  /** queued: not started; reading: the backfill runs; complete: caught up once (then followed). */
  state: 'queued' | 'reading' | 'complete';
  /** First block read (the deployment block), once known. */
  fromBlock: number | null;
  /** Every block up to this one is read. */
  indexedTo: number | null;
  /** The confirmed head the backfill reads towards. */
  toBlock: number | null;
  /** Share of fromBlock..toBlock read, 0 to 100. */
  percent: number;
}

/** A page of a list read by cursor: `next` is the opaque cursor of the following page, null at the end. */
export interface CursorPage<T> extends IndexCoverage {
  items: T[];
  next: string | null;
}

/** `?cursor=&limit=` of every cursor-paged activity route. */
export interface CursorQuery {
  cursor?: string;
  limit?: number;
}

/** `?kind=` filters a collection's or wallet's feed to one kind of transfer. */
export interface ActivityQuery extends CursorQuery {
  kind?: ActivityKind;
}

/**
 * Primary ENS names of the addresses of a page: lower-case address → name (reverse record on
 * Ethereum, checked forward; for 0x addresses on every EVM network, as the wallet header). Where
 * known: an address missing has none, or none was found in time (a page never waits long for them).
 */
export type PrimaryNames = Record<string, string>;

/** A page whose rows name addresses (from, to, owner), with their primary names. */
export interface NamedPage {
  names: PrimaryNames;
}

export interface ActivityPage extends CursorPage<ActivityEvent>, NamedPage {}

/** A holder of a token (ERC-1155: with its units) and since when it holds it. */
export interface TokenHolder {
  owner: string;
  balance: string;
  since: HeldSince | null;
}

/** `GET /api/collections/:network/:address/nfts/:tokenId/owners` */
export interface TokenOwnersPage extends CursorPage<TokenHolder>, NamedPage {
  standard: 'ERC-721' | 'ERC-1155' | null;
  /** ERC-721: the token's latest transfer burned it (no owner). */
  burned: boolean;
}

/** One holder of a collection: its tokens (ERC-1155: units) and share of all held. */
export interface CollectionHolder {
  owner: string;
  tokens: string;
  /** tokens / all tokens held, 0..1. */
  share: number;
}

export interface CollectionHoldersPage extends CursorPage<CollectionHolder>, NamedPage {
  /** Unique holders (the zero address is not one). */
  holders: number;
  /** Tokens (ERC-1155: units) held by anyone. */
  held: string;
}

/** `GET /api/collections/:network/:address/holder-stats` */
export interface CollectionHolderStats extends IndexCoverage {
  holders: number;
  held: string;
  distribution: Array<{ label: string; min: number; max: number | null; holders: number }>;
}

/** `GET /api/collections/:network/:address/transfers-per-day` (UTC days, oldest first, empty days 0). */
export interface TransfersPerDay extends IndexCoverage {
  days: Array<{ day: string; transfers: number }>;
}

/** A wallet's token and since when the wallet holds it. */
export interface HeldToken {
  contract: string;
  tokenId: string;
  standard: 'ERC-721' | 'ERC-1155';
  balance: string;
  since: HeldSince | null;
}

export type HeldTokensPage = CursorPage<HeldToken>;
