import { activityKey, LIVE_TOKEN_IDS_MAX, type Network, type TransfersIndexed } from '@nexus/contract';
import { ZERO, type TransferRow } from './transfer-index.rows.js';

/** Collection rooms told of one window at most; a window moving more contracts tells the busiest. */
export const LIVE_MAX_COLLECTIONS = 100;
/** Wallet rooms told of one window at most (a million-mint window has a million recipients). */
export const LIVE_MAX_WALLETS = 500;
/** Contracts listed in one wallet event at most. */
const MAX_CONTRACTS = 50;

interface Tally {
  contracts: Set<string>;
  fromBlock: bigint;
  toBlock: bigint;
  transfers: number;
  mints: number;
  burns: number;
  /** Null once more than LIVE_TOKEN_IDS_MAX moved. */
  tokenIds: Set<string> | null;
}

/**
 * What a window of transfers did, per collection and per wallet, for the live events: counts and
 * block ranges only, never the rows (wallets capped: a window may hold a million recipients).
 */
export class TransferDigest {
  private readonly collections = new Map<string, Tally>();
  private readonly wallets = new Map<string, Tally>();
  /** Wallets past the cap: not told (their visitors read the lists again on their next look). */
  droppedWallets = 0;

  /** The rows, tallied as they pass (the index writes them meanwhile). */
  *watch(rows: Iterable<TransferRow>): Generator<TransferRow> {
    for (const row of rows) {
      this.add(row);
      yield row;
    }
  }

  add(row: TransferRow): void {
    this.tally(this.collections, row.contract, row, true, Number.POSITIVE_INFINITY);
    this.wallet(row.from, row);
    if (row.to !== row.from) this.wallet(row.to, row);
  }

  private wallet(address: string, row: TransferRow): void {
    if (address !== ZERO && !this.tally(this.wallets, address, row, false, LIVE_MAX_WALLETS)) {
      this.droppedWallets += 1;
    }
  }

  get empty(): boolean {
    return this.collections.size === 0;
  }

  /** One event per collection (the busiest LIVE_MAX_COLLECTIONS) and per wallet seen. */
  events(network: Network): TransfersIndexed[] {
    const collections = [...this.collections.entries()]
      .sort((a, b) => b[1].transfers - a[1].transfers)
      .slice(0, LIVE_MAX_COLLECTIONS);
    return [
      ...collections.map(([address, tally]) => this.event(network, 'collection', address, tally)),
      ...[...this.wallets.entries()].map(([address, tally]) => this.event(network, 'wallet', address, tally)),
    ];
  }

  private event(
    network: Network,
    scope: 'collection' | 'wallet',
    address: string,
    tally: Tally,
  ): TransfersIndexed {
    return {
      key: activityKey(scope, network, address),
      network,
      contracts: [...tally.contracts],
      fromBlock: Number(tally.fromBlock),
      toBlock: Number(tally.toBlock),
      transfers: tally.transfers,
      mints: tally.mints,
      burns: tally.burns,
      tokenIds: scope === 'collection' && tally.tokenIds ? [...tally.tokenIds] : null,
    };
  }

  /** Counts the row for one room; false when the room is new and the map is full. */
  private tally(
    rooms: Map<string, Tally>,
    address: string,
    row: TransferRow,
    tokens: boolean,
    max: number,
  ): boolean {
    let tally = rooms.get(address);
    if (!tally) {
      if (rooms.size >= max) return false;
      tally = {
        contracts: new Set(),
        fromBlock: row.blockNumber,
        toBlock: row.blockNumber,
        transfers: 0,
        mints: 0,
        burns: 0,
        tokenIds: tokens ? new Set() : null,
      };
      rooms.set(address, tally);
    }
    if (tally.contracts.size < MAX_CONTRACTS) tally.contracts.add(row.contract);
    if (row.blockNumber < tally.fromBlock) tally.fromBlock = row.blockNumber;
    if (row.blockNumber > tally.toBlock) tally.toBlock = row.blockNumber;
    tally.transfers += 1;
    if (row.from === ZERO) tally.mints += 1;
    if (row.to === ZERO) tally.burns += 1;
    if (tally.tokenIds) {
      tally.tokenIds.add(row.tokenId.toString());
      if (tally.tokenIds.size > LIVE_TOKEN_IDS_MAX) tally.tokenIds = null;
    }
    return true;
  }
}
