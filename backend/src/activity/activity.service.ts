import { Injectable, NotFoundException } from '@nestjs/common';
import {
  ACTIVITY_LIMITS,
  HOLDER_BUCKETS,
  SCAN_ERRORS,
  type ActivityEvent,
  type ActivityKind,
  type ActivityPage,
  type ActivityScope,
  type CollectionHolderStats,
  type CollectionHoldersPage,
  type CursorPage,
  type HeldSince,
  type HeldTokensPage,
  type IndexCoverage,
  type Network,
  type TokenOwnersPage,
  type TransfersPerDay,
} from '@nexus/contract';
import { PrimaryNamesService } from '../addresses/index.js';
import {
  TransferActivityReader,
  TransferHistoryWatch,
  type ActivityRow,
  type SinceRow,
  type TransferKey,
} from '../transfer-index/index.js';
import { feedCursor, heldCursor, holderCursor } from './activity-cursor.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const DAY_MS = 86_400_000;

/** The token the index has never seen move. */
export const TOKEN_NOT_FOUND = 'Token Not Found';

type Standard = 'ERC-721' | 'ERC-1155';

function kindOf(row: { from: string; to: string }): ActivityKind {
  if (row.from === ZERO) return 'mint';
  if (row.to === ZERO) return 'burn';
  return 'transfer';
}

function toEvent(row: ActivityRow): ActivityEvent {
  return {
    contract: row.contract,
    tokenId: row.tokenId,
    standard: row.standard,
    kind: kindOf(row),
    from: row.from,
    to: row.to,
    amount: row.amount,
    blockNumber: Number(row.blockNumber),
    logIndex: row.logIndex,
    position: row.position,
    time: row.time?.toISOString() ?? null,
    txHash: row.txHash,
  };
}

function toSince(row: SinceRow | undefined | null): HeldSince | null {
  if (!row) return null;
  return { blockNumber: Number(row.blockNumber), time: row.time?.toISOString() ?? null, txHash: row.txHash };
}

/** A page read one row past its size: that row says whether a next page exists. */
function cut<T>(
  rows: T[],
  limit: number,
  cursorOf: (last: T) => string,
): { items: T[]; next: string | null } {
  if (rows.length <= limit) return { items: rows, next: null };
  const items = rows.slice(0, limit);
  return { items, next: cursorOf(items[items.length - 1]!) };
}

/**
 * A page of `limit` rows at most (ACTIVITY_LIMITS.defaultLimit when not given): `read` is asked for
 * one row more, which says whether a next page exists.
 */
async function readPage<T>(
  limit: number | undefined,
  read: (rows: number) => Promise<T[]>,
  cursorOf: (last: T) => string,
): Promise<{ items: T[]; next: string | null }> {
  const size = limit ?? ACTIVITY_LIMITS.defaultLimit;
  return cut(await read(size + 1), size, cursorOf);
}

/**
 * Owners, holders and activity from the transfer index. A network whose index is off (or has no
 * block yet) answers `indexed: false` with nothing else; a contract the index has never seen a
 * transfer of is Collection Not Found.
 */
@Injectable()
export class ActivityService {
  constructor(
    private readonly reader: TransferActivityReader,
    private readonly history: TransferHistoryWatch,
    private readonly primaryNames: PrimaryNamesService,
  ) {}

  /** A page of transfers with the primary names of their senders and recipients. */
  private async named(
    coverage: IndexCoverage,
    rows: ActivityRow[],
    next: string | null,
  ): Promise<ActivityPage> {
    const items = rows.map(toEvent);
    const names = await this.primaryNames.names(items.flatMap((event) => [event.from, event.to]));
    return { ...coverage, items, next, names };
  }

  /**
   * The coverage of the network (or, for a collection where the network's index is off, of its own
   * history, with its progress), and the contract's standard once the index is known to be on.
   */
  private async open(
    network: Network,
    contract: string | null,
  ): Promise<{ coverage: IndexCoverage; standard: Standard | null }> {
    const [blocks, history] = await Promise.all([
      this.reader.coverage(network, contract),
      contract === null ? null : this.history.viewed(network, contract),
    ]);
    const told = history ? { history } : {};
    if (!blocks) {
      return {
        coverage: { network, indexed: false, fromBlock: null, toBlock: null, ...told },
        standard: null,
      };
    }
    const coverage = {
      network,
      indexed: true,
      fromBlock: Number(blocks.fromBlock),
      toBlock: Number(blocks.toBlock),
      ...told,
    };
    if (contract === null) return { coverage, standard: null };
    const standard = await this.reader.contractStandard(network, contract);
    if (!standard) throw new NotFoundException(SCAN_ERRORS.notFound);
    return { coverage, standard };
  }

  /** A paged route's start: its cursor checked first (a 400 before any lookup), then `open`. */
  private async openPage<K>(
    network: Network,
    contract: string | null,
    cursor: string | undefined,
    cursors: { decode(cursor: string): K },
  ): Promise<{ after: K | null; coverage: IndexCoverage; standard: Standard | null }> {
    const after = cursor === undefined ? null : cursors.decode(cursor);
    return { after, ...(await this.open(network, contract)) };
  }

  private empty<T>(coverage: IndexCoverage): CursorPage<T> {
    return { ...coverage, items: [], next: null };
  }

  /**
   * A page of transfers, newest first, with the coverage of `contract` (null: the network's):
   * `read` gets the position after which to read (null: from the newest) and how many rows.
   */
  private async feed(
    network: Network,
    contract: string | null,
    query: { cursor?: string; limit?: number },
    read: (before: TransferKey | null, rows: number) => Promise<ActivityRow[]>,
  ): Promise<ActivityPage> {
    const { after: before, coverage } = await this.openPage(network, contract, query.cursor, feedCursor);
    if (!coverage.indexed) return { ...this.empty(coverage), names: {} };
    const page = await readPage(query.limit, (rows) => read(before, rows), feedCursor.encode);
    return this.named(coverage, page.items, page.next);
  }

  /** What a collection's tokens or a wallet did, across its tokens (`kind`: only mints, transfers or burns). */
  activity(
    network: Network,
    scope: ActivityScope,
    address: string,
    query: { kind?: ActivityKind; cursor?: string; limit?: number },
  ): Promise<ActivityPage> {
    if (scope === 'wallet') {
      return this.feed(network, null, query, (before, rows) =>
        this.reader.walletActivity(network, address, query.kind, before, rows),
      );
    }
    return this.feed(network, address, query, (before, rows) =>
      this.reader.collectionActivity(network, address, query.kind, before, rows),
    );
  }

  tokenHistory(
    network: Network,
    contract: string,
    tokenId: string,
    query: { cursor?: string; limit?: number },
  ): Promise<ActivityPage> {
    return this.feed(network, contract, query, async (before, rows) => {
      const read = await this.reader.tokenHistory(network, contract, tokenId, before, rows);
      if (read.length === 0 && !before) throw new NotFoundException(TOKEN_NOT_FOUND);
      return read;
    });
  }

  /** ERC-721: the one owner (none once burned); ERC-1155: the holders with their units, paged. */
  async tokenOwners(
    network: Network,
    contract: string,
    tokenId: string,
    query: { cursor?: string; limit?: number },
  ): Promise<TokenOwnersPage> {
    const { after, coverage, standard } = await this.openPage(network, contract, query.cursor, holderCursor);
    if (!coverage.indexed) return { ...this.empty(coverage), standard: null, burned: false, names: {} };
    if (!(await this.reader.tokenSeen(network, contract, tokenId)))
      throw new NotFoundException(TOKEN_NOT_FOUND);
    if (standard === 'ERC-721') {
      const owner = await this.reader.tokenOwner(network, contract, tokenId);
      const burned = !owner || owner.owner === ZERO;
      const items =
        burned || after ? [] : [{ owner: owner.owner, balance: '1', since: toSince(owner.since) }];
      const names = await this.primaryNames.names(items.map((item) => item.owner));
      return { ...coverage, standard, burned, items, next: null, names };
    }
    const page = await readPage(
      query.limit,
      (rows) => this.reader.tokenHolders(network, contract, tokenId, after, rows),
      (last) => holderCursor.encode({ tokens: last.balance, owner: last.owner }),
    );
    const [since, names] = await Promise.all([
      this.reader.heldSince(
        network,
        page.items.map((row) => ({ contract, tokenId, owner: row.owner })),
      ),
      this.primaryNames.names(page.items.map((row) => row.owner)),
    ]);
    return {
      ...coverage,
      standard: 'ERC-1155',
      burned: false,
      items: page.items.map((row) => ({
        owner: row.owner,
        balance: row.balance.toString(),
        since: toSince(since.get(`${contract}:${tokenId}:${row.owner}`)),
      })),
      next: page.next,
      names,
    };
  }

  async collectionHolders(
    network: Network,
    contract: string,
    query: { cursor?: string; limit?: number },
  ): Promise<CollectionHoldersPage> {
    const { after, coverage, standard } = await this.openPage(network, contract, query.cursor, holderCursor);
    if (!coverage.indexed || !standard) return { ...this.empty(coverage), holders: 0, held: '0', names: {} };
    const limit = query.limit ?? ACTIVITY_LIMITS.defaultLimit;
    const { totals, page: rows } = await this.reader.collectionHolders(network, contract, after, limit + 1);
    const page = cut(rows, limit, holderCursor.encode);
    const names = await this.primaryNames.names(page.items.map((row) => row.owner));
    return {
      ...coverage,
      holders: totals.holders,
      held: totals.held.toString(),
      items: page.items.map((row) => ({
        owner: row.owner,
        tokens: row.tokens.toString(),
        share: totals.held === 0n ? 0 : Number((row.tokens * 1_000_000n) / totals.held) / 1_000_000,
      })),
      next: page.next,
      names,
    };
  }

  async holderStats(network: Network, contract: string): Promise<CollectionHolderStats> {
    const { coverage, standard } = await this.open(network, contract);
    const buckets = HOLDER_BUCKETS.map((bucket) => ({
      label: bucket.label,
      min: bucket.min,
      max: bucket.max,
    }));
    if (!coverage.indexed || !standard) {
      return { ...coverage, holders: 0, held: '0', distribution: buckets.map((b) => ({ ...b, holders: 0 })) };
    }
    const { totals, counts } = await this.reader.holderDistribution(network, contract, buckets);
    return {
      ...coverage,
      holders: totals.holders,
      held: totals.held.toString(),
      distribution: buckets.map((bucket, index) => ({ ...bucket, holders: counts[index] ?? 0 })),
    };
  }

  /** The last `days` UTC days up to today, oldest first, days without a transfer as 0. */
  async transfersPerDay(
    network: Network,
    contract: string,
    days: number,
    now = new Date(),
  ): Promise<TransfersPerDay> {
    const { coverage } = await this.open(network, contract);
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const first = new Date(today - (days - 1) * DAY_MS);
    const counted = coverage.indexed ? await this.reader.transfersPerDay(network, contract, first) : [];
    const byDay = new Map(counted.map((row) => [row.day, row.transfers]));
    const list = Array.from({ length: days }, (_, index) => {
      const day = new Date(first.getTime() + index * DAY_MS).toISOString().slice(0, 10);
      return { day, transfers: byDay.get(day) ?? 0 };
    });
    return { ...coverage, days: list };
  }

  async heldTokens(
    network: Network,
    wallet: string,
    query: { cursor?: string; limit?: number },
  ): Promise<HeldTokensPage> {
    const { after, coverage } = await this.openPage(network, null, query.cursor, heldCursor);
    if (!coverage.indexed) return this.empty(coverage);
    const page = await readPage(
      query.limit,
      (rows) => this.reader.heldTokens(network, wallet, after, rows),
      heldCursor.encode,
    );
    const since = await this.reader.heldSince(
      network,
      page.items.map((row) => ({ contract: row.contract, tokenId: row.tokenId, owner: wallet })),
    );
    return {
      ...coverage,
      items: page.items.map((row) => ({
        ...row,
        since: toSince(since.get(`${row.contract}:${row.tokenId}:${wallet}`)),
      })),
      next: page.next,
    };
  }
}
