import type { EntityManager } from '@mikro-orm/postgresql';
import type { Network } from '@nexus/contract';
import { executeBound } from '../platform/database/index.js';

/** The burn and mint address. */
export const ZERO = '0x0000000000000000000000000000000000000000';

/** One token moved by one event (the feed's IndexedTransfer, as the index stores it). */
export interface TransferRow {
  blockNumber: bigint;
  logIndex: number;
  position: number;
  contract: string;
  tokenId: bigint;
  from: string;
  to: string;
  amount: bigint;
  standard: 'ERC-721' | 'ERC-1155';
  txHash: string | null;
  blockTime: Date | null;
}

/**
 * What one index cursor follows: every NFT contract of a network, or one contract's transfers alone
 * (a collection's history read on demand where the network's index is off).
 */
export type IndexScope = Network | { network: Network; contract: string };

/** A scope's key columns: `contract` is '' for a whole network's cursor. */
export function scopeKey(scope: IndexScope): { network: Network; contract: string } {
  return typeof scope === 'string' ? { network: scope, contract: '' } : scope;
}

export interface IndexCursor {
  network: Network;
  /** The one contract the cursor follows; '' for every contract of the network. */
  contract: string;
  fromBlock: bigint;
  /** Every block up to this one is indexed (fromBlock - 1: none yet). */
  indexedTo: bigint;
  head: bigint;
  confirmations: number;
  transfers: number;
  reorgs: number;
  blocksPerSecond: number | null;
  logsPerSecond: number | null;
  updatedAt: Date;
  /** When the cursor first reached head - confirmations (null while its backfill runs). */
  caughtUpAt: Date | null;
}

/** What the index says a wallet holds, and the blocks that answer covers. */
export interface IndexedHoldings {
  fromBlock: bigint;
  toBlock: bigint;
  erc721: Array<{ contract: string; tokenId: bigint }>;
  erc1155: Array<{ contract: string; tokenId: bigint; balance: bigint }>;
}

/** What the index says of one collection's tokens, and the blocks that answer covers. */
export interface IndexedCollectionTokens {
  fromBlock: bigint;
  toBlock: bigint;
  /** ERC-721: every token the index saw move, and whether its latest transfer burned it. */
  erc721: Array<{ tokenId: bigint; burned: boolean }>;
  /** ERC-1155: per token, the units minted less the units burned within the indexed blocks. */
  erc1155: Array<{ tokenId: bigint; supply: bigint }>;
}

/** A contract the index has seen whose name is still to be read. */
export interface UnnamedContract {
  address: string;
  standard: 'ERC-721' | 'ERC-1155';
}

/** A contract as discovery finds it: what it answered when its name was read. */
export interface ContractNaming {
  address: string;
  name: string;
  symbol: string;
  /** Null: keep the standard its events showed. */
  standard: 'ERC-721' | 'ERC-1155' | null;
}

interface CursorRow {
  network: Network;
  contract: string;
  from_block: string;
  indexed_to: string;
  head: string;
  confirmations: number;
  transfers: string;
  reorgs: number;
  blocks_per_second: number | null;
  logs_per_second: number | null;
  updated_at: Date | string;
  caught_up_at: Date | string | null;
}

function toCursor(row: CursorRow): IndexCursor {
  return {
    network: row.network,
    contract: row.contract,
    fromBlock: BigInt(row.from_block),
    indexedTo: BigInt(row.indexed_to),
    head: BigInt(row.head),
    confirmations: row.confirmations,
    transfers: Number(row.transfers),
    reorgs: row.reorgs,
    blocksPerSecond: row.blocks_per_second,
    logsPerSecond: row.logs_per_second,
    updatedAt: new Date(row.updated_at),
    caughtUpAt: row.caught_up_at === null ? null : new Date(row.caught_up_at),
  };
}

/** The cursor of a network (or of one contract's history); null before its first pass. */
export async function readCursor(em: EntityManager, scope: IndexScope): Promise<IndexCursor | null> {
  const { network, contract } = scopeKey(scope);
  const [row] = await executeBound<CursorRow>(
    em,
    `select * from transfer_index_cursor where network = $1 and contract = $2`,
    [network, contract],
  );
  return row ? toCursor(row) : null;
}

/** Every network's cursor (not the cursors of single contracts' histories). */
export async function readCursors(em: EntityManager): Promise<IndexCursor[]> {
  const rows = await executeBound<CursorRow>(
    em,
    `select * from transfer_index_cursor where contract = '' order by network`,
    [],
  );
  return rows.map(toCursor);
}

/**
 * The blocks the index covers for one contract: the network's index when it has a block, else the
 * contract's own history once its backfill has caught up; null when neither does.
 */
export async function readCoverage(
  em: EntityManager,
  network: Network,
  contract: string | null,
): Promise<{ fromBlock: bigint; toBlock: bigint } | null> {
  const rows = await executeBound<CursorRow>(
    em,
    `select * from transfer_index_cursor where network = $1 and contract in ('', $2) order by contract`,
    [network, contract ?? ''],
  );
  for (const cursor of rows.map(toCursor)) {
    if (cursor.contract === '' && cursor.indexedTo >= cursor.fromBlock) {
      return { fromBlock: cursor.fromBlock, toBlock: cursor.indexedTo };
    }
    if (cursor.contract !== '' && cursor.caughtUpAt !== null) {
      return { fromBlock: cursor.fromBlock, toBlock: cursor.indexedTo };
    }
  }
  return null;
}
