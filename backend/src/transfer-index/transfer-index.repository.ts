import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { executeBound } from '../platform/database/index.js';
import {
  readCursor,
  readCursors,
  scopeKey,
  type IndexCursor,
  type IndexScope,
  type TransferRow,
} from './transfer-index.rows.js';
import { removeRows, writeTransfers } from './transfer-window.sql.js';

/** Blocks whose hashes are kept for the reorganisation check, newest first. */
const KEPT_BLOCK_HASHES = 256;

/**
 * The transfer index in PostgreSQL: transfers, ERC-721 owners, ERC-1155 balances (each partitioned
 * by network), the cursor of each scope (a network, or one contract's history where the network's
 * index is off) and the hashes of its latest indexed blocks. A window of blocks is stored in one
 * transaction with the cursor, so the index never covers half a window.
 */
@Injectable()
export class TransferIndexRepository {
  constructor(private readonly em: EntityManager) {}

  async cursor(scope: IndexScope): Promise<IndexCursor | null> {
    return readCursor(this.em.fork(), scope);
  }

  async cursors(): Promise<IndexCursor[]> {
    return readCursors(this.em.fork());
  }

  /**
   * The cursor of a scope, created at `fromBlock` when absent. A different start block than the
   * stored one starts the scope's index over (the configuration changed). A network's new cursor
   * takes over from the histories of its single contracts: their rows and cursors go.
   */
  async open(scope: IndexScope, fromBlock: bigint, confirmations: number): Promise<IndexCursor> {
    const { network, contract } = scopeKey(scope);
    const existing = await this.cursor(scope);
    if (existing && existing.fromBlock === fromBlock) {
      if (existing.confirmations !== confirmations) {
        await executeBound(
          this.em.fork(),
          `update transfer_index_cursor set confirmations = $3 where network = $1 and contract = $2`,
          [network, contract, confirmations],
        );
      }
      return { ...existing, confirmations };
    }
    await this.em.fork().transactional(async (em) => {
      if (existing || contract === '') await removeRows(em, scope, -1n);
      if (contract === '')
        await executeBound(em, `delete from transfer_index_cursor where network = $1`, [network]);
      await executeBound(
        em,
        `insert into transfer_index_cursor (network, contract, from_block, indexed_to, head, confirmations, transfers,
                                            reorgs, updated_at)
         values ($1, $2, $3, $4, 0, $5, 0, 0, now())
         on conflict (network, contract) do update set from_block = excluded.from_block,
           indexed_to = excluded.indexed_to, head = 0, confirmations = excluded.confirmations, transfers = 0,
           reorgs = 0, blocks_per_second = null, logs_per_second = null, updated_at = now(), caught_up_at = null`,
        [network, contract, fromBlock.toString(), (fromBlock - 1n).toString(), confirmations],
      );
    });
    return (await this.cursor(scope))!;
  }

  /** Stops indexing a scope: its rows and cursor go (a network's: with its contracts' histories). */
  async drop(scope: IndexScope): Promise<void> {
    const { network, contract } = scopeKey(scope);
    await this.em.fork().transactional(async (em) => {
      await removeRows(em, scope, -1n);
      await executeBound(
        em,
        `delete from transfer_index_cursor where network = $1 and ($2 = '' or contract = $2)`,
        [network, contract],
      );
    });
  }

  /** The stored hashes of the scope's latest indexed blocks, newest first. */
  async blockHashes(scope: IndexScope): Promise<Array<{ number: bigint; hash: string }>> {
    const { network, contract } = scopeKey(scope);
    const rows = await executeBound<{ number: string; hash: string }>(
      this.em.fork(),
      `select number, hash from transfer_index_block where network = $1 and contract = $2 order by number desc`,
      [network, contract],
    );
    return rows.map((row) => ({ number: BigInt(row.number), hash: row.hash }));
  }

  /** Records the head seen by a pass that had nothing to index. */
  async touch(scope: IndexScope, head: bigint): Promise<void> {
    const { network, contract } = scopeKey(scope);
    await executeBound(
      this.em.fork(),
      `update transfer_index_cursor set head = $3::bigint, updated_at = now(),
         caught_up_at = coalesce(caught_up_at, case when indexed_to >= $3::bigint - confirmations then now() end)
       where network = $1 and contract = $2`,
      [network, contract, head.toString()],
    );
  }

  /**
   * Stores the transfers of blocks (cursor, toBlock] and moves the cursor to toBlock, in one
   * transaction: transfers, then owners (the latest transfer of each token wins), then balances.
   * Answers how many transfers the window held.
   */
  async apply(
    scope: IndexScope,
    window: { toBlock: bigint; toBlockHash: string; head: bigint; transfers: Iterable<TransferRow> },
    rate: { blocksPerSecond: number; logsPerSecond: number },
  ): Promise<number> {
    const { network, contract } = scopeKey(scope);
    return this.em.fork().transactional(async (em) => {
      const transfers = await writeTransfers(em, network, window.transfers);
      await executeBound(
        em,
        `insert into transfer_index_block (network, contract, number, hash) values ($1, $2, $3, $4)
         on conflict (network, contract, number) do update set hash = excluded.hash`,
        [network, contract, window.toBlock.toString(), window.toBlockHash],
      );
      await executeBound(
        em,
        `delete from transfer_index_block where network = $1 and contract = $2 and number < (
           select min(number) from (select number from transfer_index_block where network = $1 and contract = $2
                                    order by number desc limit ${KEPT_BLOCK_HASHES}) kept)`,
        [network, contract],
      );
      await executeBound(
        em,
        `update transfer_index_cursor set indexed_to = $3::bigint, head = $4::bigint, transfers = transfers + $5,
           blocks_per_second = $6, logs_per_second = $7, updated_at = now(),
           caught_up_at = coalesce(caught_up_at, case when $3::bigint >= $4::bigint - confirmations then now() end)
         where network = $1 and contract = $2`,
        [
          network,
          contract,
          window.toBlock.toString(),
          window.head.toString(),
          transfers,
          rate.blocksPerSecond,
          rate.logsPerSecond,
        ],
      );
      return transfers;
    });
  }

  /** Undoes every block after `toBlock` (a reorganisation replaced them): the index is as it stood there. */
  async rollback(scope: IndexScope, toBlock: bigint): Promise<number> {
    const { network, contract } = scopeKey(scope);
    return this.em.fork().transactional(async (em) => {
      const removed = await removeRows(em, scope, toBlock);
      await executeBound(
        em,
        `update transfer_index_cursor set indexed_to = least(indexed_to, $3), transfers = greatest(0, transfers - $4),
           reorgs = reorgs + 1, updated_at = now() where network = $1 and contract = $2`,
        [network, contract, toBlock.toString(), removed],
      );
      return removed;
    });
  }
}
