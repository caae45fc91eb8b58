import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import { executeBound } from '../platform/database/index.js';
import { readCursor, readCursors, type IndexCursor, type TransferRow } from './transfer-index.rows.js';
import { removeRows, writeTransfers } from './transfer-window.sql.js';

/** Blocks whose hashes are kept for the reorganisation check, newest first. */
const KEPT_BLOCK_HASHES = 256;

/**
 * The transfer index in PostgreSQL: transfers, ERC-721 owners, ERC-1155 balances (each partitioned
 * by network), the cursor of each network and the hashes of its latest indexed blocks. A window of
 * blocks is stored in one transaction with the cursor, so the index never covers half a window.
 */
@Injectable()
export class TransferIndexRepository {
  constructor(private readonly em: EntityManager) {}

  async cursor(network: Network): Promise<IndexCursor | null> {
    return readCursor(this.em.fork(), network);
  }

  async cursors(): Promise<IndexCursor[]> {
    return readCursors(this.em.fork());
  }

  /**
   * The cursor of a network, created at `fromBlock` when absent. A different start block than the
   * stored one starts the network's index over (the configuration changed).
   */
  async open(network: Network, fromBlock: bigint, confirmations: number): Promise<IndexCursor> {
    const existing = await this.cursor(network);
    if (existing && existing.fromBlock === fromBlock) {
      if (existing.confirmations !== confirmations) {
        await executeBound(
          this.em.fork(),
          `update transfer_index_cursor set confirmations = $2 where network = $1`,
          [network, confirmations],
        );
      }
      return { ...existing, confirmations };
    }
    await this.em.fork().transactional(async (em) => {
      if (existing) await removeRows(em, network, -1n);
      await executeBound(
        em,
        `insert into transfer_index_cursor (network, from_block, indexed_to, head, confirmations, transfers, reorgs, updated_at)
         values ($1, $2, $3, 0, $4, 0, 0, now())
         on conflict (network) do update set from_block = excluded.from_block, indexed_to = excluded.indexed_to,
           head = 0, confirmations = excluded.confirmations, transfers = 0, reorgs = 0,
           blocks_per_second = null, logs_per_second = null, updated_at = now()`,
        [network, fromBlock.toString(), (fromBlock - 1n).toString(), confirmations],
      );
    });
    return (await this.cursor(network))!;
  }

  /** Stops indexing a network: its rows and cursor go. */
  async drop(network: Network): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await removeRows(em, network, -1n);
      await executeBound(em, `delete from transfer_index_cursor where network = $1`, [network]);
    });
  }

  /** The stored hashes of the latest indexed blocks, newest first. */
  async blockHashes(network: Network): Promise<Array<{ number: bigint; hash: string }>> {
    const rows = await executeBound<{ number: string; hash: string }>(
      this.em.fork(),
      `select number, hash from transfer_index_block where network = $1 order by number desc`,
      [network],
    );
    return rows.map((row) => ({ number: BigInt(row.number), hash: row.hash }));
  }

  /** Records the head seen by a pass that had nothing to index. */
  async touch(network: Network, head: bigint): Promise<void> {
    await executeBound(
      this.em.fork(),
      `update transfer_index_cursor set head = $2, updated_at = now() where network = $1`,
      [network, head.toString()],
    );
  }

  /**
   * Stores the transfers of blocks (cursor, toBlock] and moves the cursor to toBlock, in one
   * transaction: transfers, then owners (the latest transfer of each token wins), then balances.
   * Answers how many transfers the window held.
   */
  async apply(
    network: Network,
    window: { toBlock: bigint; toBlockHash: string; head: bigint; transfers: Iterable<TransferRow> },
    rate: { blocksPerSecond: number; logsPerSecond: number },
  ): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const transfers = await writeTransfers(em, network, window.transfers);
      await executeBound(
        em,
        `insert into transfer_index_block (network, number, hash) values ($1, $2, $3)
         on conflict (network, number) do update set hash = excluded.hash`,
        [network, window.toBlock.toString(), window.toBlockHash],
      );
      await executeBound(
        em,
        `delete from transfer_index_block where network = $1 and number < (
           select min(number) from (select number from transfer_index_block where network = $1
                                    order by number desc limit ${KEPT_BLOCK_HASHES}) kept)`,
        [network],
      );
      await executeBound(
        em,
        `update transfer_index_cursor set indexed_to = $2, head = $3, transfers = transfers + $4,
           blocks_per_second = $5, logs_per_second = $6, updated_at = now() where network = $1`,
        [
          network,
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
  async rollback(network: Network, toBlock: bigint): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const removed = await removeRows(em, network, toBlock);
      await executeBound(
        em,
        `update transfer_index_cursor set indexed_to = least(indexed_to, $2), transfers = greatest(0, transfers - $3),
           reorgs = reorgs + 1, updated_at = now() where network = $1`,
        [network, toBlock.toString(), removed],
      );
      return removed;
    });
  }
}
