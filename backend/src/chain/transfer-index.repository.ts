import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import { executeBound } from '../database/bound-query.js';

const ZERO = '0x0000000000000000000000000000000000000000';

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
}

export interface IndexCursor {
  network: Network;
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
  from_block: string;
  indexed_to: string;
  head: string;
  confirmations: number;
  transfers: string;
  reorgs: number;
  blocks_per_second: number | null;
  logs_per_second: number | null;
  updated_at: Date | string;
}

function toCursor(row: CursorRow): IndexCursor {
  return {
    network: row.network,
    fromBlock: BigInt(row.from_block),
    indexedTo: BigInt(row.indexed_to),
    head: BigInt(row.head),
    confirmations: row.confirmations,
    transfers: Number(row.transfers),
    reorgs: row.reorgs,
    blocksPerSecond: row.blocks_per_second,
    logsPerSecond: row.logs_per_second,
    updatedAt: new Date(row.updated_at),
  };
}

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
    const [row] = await executeBound<CursorRow>(
      this.em.fork(),
      `select * from transfer_index_cursor where network = $1`,
      [network],
    );
    return row ? toCursor(row) : null;
  }

  async cursors(): Promise<IndexCursor[]> {
    const rows = await executeBound<CursorRow>(
      this.em.fork(),
      `select * from transfer_index_cursor order by network`,
      [],
    );
    return rows.map(toCursor);
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
      if (existing) await this.removeRows(em, network, -1n);
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
      await this.removeRows(em, network, -1n);
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
   */
  async apply(
    network: Network,
    window: { toBlock: bigint; toBlockHash: string; head: bigint; transfers: TransferRow[] },
    rate: { blocksPerSecond: number; logsPerSecond: number },
  ): Promise<void> {
    const transfers = window.transfers;
    await this.em.fork().transactional(async (em) => {
      for (let start = 0; start < transfers.length; start += 20_000) {
        await this.insertTransfers(em, network, transfers.slice(start, start + 20_000));
      }
      await this.applyOwners(em, network, transfers);
      await this.applyBalances(em, network, transfers);
      await this.recordContracts(em, network, transfers);
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
          transfers.length,
          rate.blocksPerSecond,
          rate.logsPerSecond,
        ],
      );
    });
  }

  /** Undoes every block after `toBlock` (a reorganisation replaced them): the index is as it stood there. */
  async rollback(network: Network, toBlock: bigint): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const removed = await this.removeRows(em, network, toBlock);
      await executeBound(
        em,
        `update transfer_index_cursor set indexed_to = least(indexed_to, $2), transfers = greatest(0, transfers - $3),
           reorgs = reorgs + 1, updated_at = now() where network = $1`,
        [network, toBlock.toString(), removed],
      );
      return removed;
    });
  }

  /** A wallet's tokens as the index knows them (ERC-721 held, ERC-1155 with a positive balance). */
  async holdings(network: Network, wallet: string): Promise<IndexedHoldings | null> {
    const cursor = await this.cursor(network);
    if (!cursor || cursor.indexedTo < cursor.fromBlock) return null;
    const em = this.em.fork();
    const owner = wallet.toLowerCase();
    const [owned, balances] = await Promise.all([
      executeBound<{ contract: string; token_id: string }>(
        em,
        `select contract, token_id::text from nft_owner where network = $1 and owner = $2`,
        [network, owner],
      ),
      executeBound<{ contract: string; token_id: string; balance: string }>(
        em,
        `select contract, token_id::text, balance::text from nft_balance
          where network = $1 and owner = $2 and balance > 0`,
        [network, owner],
      ),
    ]);
    return {
      fromBlock: cursor.fromBlock,
      toBlock: cursor.indexedTo,
      erc721: owned.map((row) => ({ contract: row.contract, tokenId: BigInt(row.token_id) })),
      erc1155: balances.map((row) => ({
        contract: row.contract,
        tokenId: BigInt(row.token_id),
        balance: BigInt(row.balance),
      })),
    };
  }

  /**
   * A collection's tokens as the index knows them: ERC-721 ids with whether they are burned,
   * ERC-1155 ids with their supply change; null when the network's index has no block yet.
   */
  async collectionTokens(
    network: Network,
    contract: string,
    standard: 'ERC-721' | 'ERC-1155',
  ): Promise<IndexedCollectionTokens | null> {
    const cursor = await this.cursor(network);
    if (!cursor || cursor.indexedTo < cursor.fromBlock) return null;
    const em = this.em.fork();
    const address = contract.toLowerCase();
    const covers = { fromBlock: cursor.fromBlock, toBlock: cursor.indexedTo };
    if (standard === 'ERC-721') {
      const rows = await executeBound<{ token_id: string; burned: boolean }>(
        em,
        `select token_id::text, owner = '${ZERO}' as burned from nft_owner where network = $1 and contract = $2`,
        [network, address],
      );
      return {
        ...covers,
        erc721: rows.map((row) => ({ tokenId: BigInt(row.token_id), burned: row.burned })),
        erc1155: [],
      };
    }
    // Transfers between holders cancel out: the sum of the balances is what was minted less what was burned.
    const rows = await executeBound<{ token_id: string; supply: string }>(
      em,
      `select token_id::text, sum(balance)::text as supply from nft_balance
        where network = $1 and contract = $2 group by token_id`,
      [network, address],
    );
    return {
      ...covers,
      erc721: [],
      erc1155: rows.map((row) => ({ tokenId: BigInt(row.token_id), supply: BigInt(row.supply) })),
    };
  }

  /** Contracts seen by the index whose names are still to be read, oldest first. */
  async unnamedContracts(network: Network, limit: number): Promise<UnnamedContract[]> {
    return executeBound<UnnamedContract>(
      this.em.fork(),
      `select address, standard from indexed_contract where network = $1 and named_at is null
        order by first_block, address limit $2`,
      [network, limit],
    );
  }

  /**
   * Stores what contracts answered, cut to the columns as collections are. A contract a rollback
   * removed meanwhile stays removed (an update, not an insert).
   */
  async nameContracts(network: Network, namings: ContractNaming[]): Promise<void> {
    if (namings.length === 0) return;
    await executeBound(
      this.em.fork(),
      `update indexed_contract c set name = left(n.name, 200), symbol = left(n.symbol, 100),
         standard = coalesce(n.standard, c.standard), named_at = now()
         from unnest($2::varchar[], $3::text[], $4::text[], $5::varchar[]) as n(address, name, symbol, standard)
        where c.network = $1 and c.address = n.address`,
      [
        network,
        namings.map((naming) => naming.address.toLowerCase()),
        // PostgreSQL text holds no NUL: a contract may still answer one.
        namings.map((naming) => naming.name.replaceAll('\u0000', '')),
        namings.map((naming) => naming.symbol.replaceAll('\u0000', '')),
        namings.map((naming) => naming.standard),
      ],
    );
  }

  /** How many contracts the index has seen, and how many of them are named. */
  async contractCounts(network: Network): Promise<{ contracts: number; named: number }> {
    const [row] = await executeBound<{ contracts: number; named: number }>(
      this.em.fork(),
      `select count(*)::int as contracts, count(named_at)::int as named from indexed_contract where network = $1`,
      [network],
    );
    return { contracts: row?.contracts ?? 0, named: row?.named ?? 0 };
  }

  /** Transfers stored for a token, oldest first (tests, diagnostics). */
  async tokenHistory(
    network: Network,
    contract: string,
    tokenId: bigint,
  ): Promise<Array<{ blockNumber: bigint; from: string; to: string; amount: bigint }>> {
    const rows = await executeBound<{
      block_number: string;
      from_address: string;
      to_address: string;
      amount: string;
    }>(
      this.em.fork(),
      `select block_number, from_address, to_address, amount::text from nft_transfer
        where network = $1 and contract = $2 and token_id = $3 order by block_number, log_index, position`,
      [network, contract.toLowerCase(), tokenId.toString()],
    );
    return rows.map((row) => ({
      blockNumber: BigInt(row.block_number),
      from: row.from_address,
      to: row.to_address,
      amount: BigInt(row.amount),
    }));
  }

  private async insertTransfers(em: EntityManager, network: Network, rows: TransferRow[]): Promise<void> {
    if (rows.length === 0) return;
    await executeBound(
      em,
      `insert into nft_transfer (network, block_number, log_index, position, contract, token_id, from_address,
                                 to_address, amount, standard)
       select $1, * from unnest($2::bigint[], $3::int[], $4::int[], $5::varchar[], $6::numeric[], $7::varchar[],
                                $8::varchar[], $9::numeric[], $10::varchar[])
       on conflict do nothing`,
      [
        network,
        rows.map((row) => row.blockNumber.toString()),
        rows.map((row) => row.logIndex),
        rows.map((row) => row.position),
        rows.map((row) => row.contract),
        rows.map((row) => row.tokenId.toString()),
        rows.map((row) => row.from),
        rows.map((row) => row.to),
        rows.map((row) => row.amount.toString()),
        rows.map((row) => row.standard),
      ],
    );
  }

  private async applyOwners(em: EntityManager, network: Network, rows: TransferRow[]): Promise<void> {
    // Rows come in chain order: the last one of a token is its holder now.
    const latest = new Map<string, TransferRow>();
    for (const row of rows) if (row.standard === 'ERC-721') latest.set(`${row.contract}:${row.tokenId}`, row);
    const owners = [...latest.values()];
    for (let start = 0; start < owners.length; start += 20_000) {
      const part = owners.slice(start, start + 20_000);
      await executeBound(
        em,
        `insert into nft_owner (network, contract, token_id, owner, block_number, log_index, position)
         select $1, * from unnest($2::varchar[], $3::numeric[], $4::varchar[], $5::bigint[], $6::int[], $7::int[])
         on conflict (network, contract, token_id) do update set owner = excluded.owner,
           block_number = excluded.block_number, log_index = excluded.log_index, position = excluded.position
         where (nft_owner.block_number, nft_owner.log_index, nft_owner.position)
             < (excluded.block_number, excluded.log_index, excluded.position)`,
        [
          network,
          part.map((row) => row.contract),
          part.map((row) => row.tokenId.toString()),
          part.map((row) => row.to),
          part.map((row) => row.blockNumber.toString()),
          part.map((row) => row.logIndex),
          part.map((row) => row.position),
        ],
      );
    }
  }

  private async applyBalances(em: EntityManager, network: Network, rows: TransferRow[]): Promise<void> {
    const deltas = new Map<string, { contract: string; tokenId: bigint; owner: string; delta: bigint }>();
    const add = (row: TransferRow, owner: string, delta: bigint): void => {
      if (owner === ZERO) return;
      const key = `${row.contract}:${row.tokenId}:${owner}`;
      const entry = deltas.get(key) ?? { contract: row.contract, tokenId: row.tokenId, owner, delta: 0n };
      entry.delta += delta;
      deltas.set(key, entry);
    };
    for (const row of rows) {
      if (row.standard !== 'ERC-1155') continue;
      add(row, row.to, row.amount);
      add(row, row.from, -row.amount);
    }
    const entries = [...deltas.values()].filter((entry) => entry.delta !== 0n);
    if (entries.length === 0) return;
    await executeBound(
      em,
      `insert into nft_balance (network, contract, token_id, owner, balance)
       select $1, * from unnest($2::varchar[], $3::numeric[], $4::varchar[], $5::numeric[])
       on conflict (network, contract, token_id, owner) do update set balance = nft_balance.balance + excluded.balance`,
      [
        network,
        entries.map((entry) => entry.contract),
        entries.map((entry) => entry.tokenId.toString()),
        entries.map((entry) => entry.owner),
        entries.map((entry) => entry.delta.toString()),
      ],
    );
  }

  /** Contracts first seen in these transfers (chain order: the first row of each is its first block). */
  private async recordContracts(em: EntityManager, network: Network, rows: TransferRow[]): Promise<void> {
    const first = new Map<string, TransferRow>();
    for (const row of rows) if (!first.has(row.contract)) first.set(row.contract, row);
    const contracts = [...first.values()];
    if (contracts.length === 0) return;
    await executeBound(
      em,
      `insert into indexed_contract (network, address, first_block, standard)
       select $1, * from unnest($2::varchar[], $3::bigint[], $4::varchar[])
       on conflict (network, address) do nothing`,
      [
        network,
        contracts.map((row) => row.contract),
        contracts.map((row) => row.blockNumber.toString()),
        contracts.map((row) => row.standard),
      ],
    );
  }

  /**
   * Removes the transfers after `toBlock` and what they did to owners and balances; answers how
   * many transfers went. Owners of the tokens they moved are recomputed from the transfers left.
   */
  private async removeRows(em: EntityManager, network: Network, toBlock: bigint): Promise<number> {
    if (toBlock < 0n) {
      // Everything goes: no owner needs recomputing.
      await executeBound(em, `delete from nft_owner where network = $1`, [network]);
      await executeBound(em, `delete from nft_balance where network = $1`, [network]);
      await executeBound(em, `delete from transfer_index_block where network = $1`, [network]);
      await executeBound(em, `delete from indexed_contract where network = $1`, [network]);
      const [gone] = await executeBound<{ n: number }>(
        em,
        `with gone as (delete from nft_transfer where network = $1 returning 1) select count(*)::int as n from gone`,
        [network],
      );
      return gone?.n ?? 0;
    }
    const after = toBlock.toString();
    await executeBound(
      em,
      `with moved as (
         select contract, token_id, holder, sum(delta) as delta from (
           select contract, token_id, to_address as holder, amount as delta from nft_transfer
            where network = $1 and block_number > $2 and standard = 'ERC-1155'
           union all
           select contract, token_id, from_address, -amount from nft_transfer
            where network = $1 and block_number > $2 and standard = 'ERC-1155') parts
          where holder <> '${ZERO}' group by contract, token_id, holder)
       update nft_balance b set balance = b.balance - moved.delta from moved
        where b.network = $1 and b.contract = moved.contract and b.token_id = moved.token_id and b.owner = moved.holder`,
      [network, after],
    );
    await executeBound(
      em,
      `delete from nft_owner o using (
         select distinct contract, token_id from nft_transfer
          where network = $1 and block_number > $2 and standard = 'ERC-721') moved
        where o.network = $1 and o.contract = moved.contract and o.token_id = moved.token_id`,
      [network, after],
    );
    await executeBound(
      em,
      `insert into nft_owner (network, contract, token_id, owner, block_number, log_index, position)
       select distinct on (t.contract, t.token_id) $1, t.contract, t.token_id, t.to_address, t.block_number,
              t.log_index, t.position
         from nft_transfer t
         join (select distinct contract, token_id from nft_transfer
                where network = $1 and block_number > $2 and standard = 'ERC-721') moved
           on moved.contract = t.contract and moved.token_id = t.token_id
        where t.network = $1 and t.block_number <= $2 and t.standard = 'ERC-721'
        order by t.contract, t.token_id, t.block_number desc, t.log_index desc, t.position desc`,
      [network, after],
    );
    const removed = await executeBound<{ n: number }>(
      em,
      `with gone as (delete from nft_transfer where network = $1 and block_number > $2 returning 1)
       select count(*)::int as n from gone`,
      [network, after],
    );
    await executeBound(em, `delete from transfer_index_block where network = $1 and number > $2`, [
      network,
      after,
    ]);
    // A contract first seen in the blocks undone may not exist any more (its creation undone too):
    // it goes, and is seen anew (its name read again) if the new blocks move its tokens.
    await executeBound(em, `delete from indexed_contract where network = $1 and first_block > $2`, [
      network,
      after,
    ]);
    return removed[0]?.n ?? 0;
  }
}
