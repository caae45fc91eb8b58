import type { EntityManager } from '@mikro-orm/postgresql';
import type { Network } from '@nexus/contract';
import { executeBound } from '../platform/database/index.js';
import { scopeKey, ZERO, type IndexScope, type TransferRow } from './transfer-index.rows.js';

/** Transfers held and written at a time: a window may hold a million-token mint. */
const SLICE = 20_000;

/**
 * The SQL that stores a window of transfers and undoes blocks: slice by slice in chain order, the
 * transfers, then owners (the latest transfer of each token wins; a later slice's win over an
 * earlier one's by their chain position), balances (deltas add up), the holder counts those
 * changes make (`nft_holder`) and the contracts first seen; all within the caller's transaction.
 * Answers how many transfers it stored.
 */
export async function writeTransfers(
  em: EntityManager,
  network: Network,
  transfers: Iterable<TransferRow>,
): Promise<number> {
  let written = 0;
  let slice: TransferRow[] = [];
  const flush = async (): Promise<void> => {
    await insertTransfers(em, network, slice);
    await applyOwners(em, network, slice);
    await applyBalances(em, network, slice);
    await recordContracts(em, network, slice);
    written += slice.length;
    slice = [];
  };
  for (const transfer of transfers) {
    slice.push(transfer);
    if (slice.length === SLICE) await flush();
  }
  if (slice.length > 0) await flush();
  await dropEmptyHolders(em, network);
  return written;
}

/**
 * Adds `nft_holder` deltas (a CTE `deltas (contract, owner, delta)`, one row per pair) to the kept
 * counts; the zero address holds nothing.
 */
const ADD_HOLDER_DELTAS = `insert into nft_holder (network, contract, owner, tokens)
  select $1, contract, owner, delta from deltas where delta <> 0 and owner <> '${ZERO}'
  on conflict (network, contract, owner) do update set tokens = nft_holder.tokens + excluded.tokens`;

/** Holders a write or rollback brought to nothing (the partial index finds them). */
async function dropEmptyHolders(em: EntityManager, network: Network): Promise<void> {
  await executeBound(em, `delete from nft_holder where network = $1 and tokens <= 0`, [network]);
}

async function insertTransfers(em: EntityManager, network: Network, rows: TransferRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executeBound(
    em,
    `insert into nft_transfer (network, block_number, log_index, position, contract, token_id, from_address,
                               to_address, amount, standard, tx_hash, block_time)
     select $1, * from unnest($2::bigint[], $3::int[], $4::int[], $5::varchar[], $6::numeric[], $7::varchar[],
                              $8::varchar[], $9::numeric[], $10::varchar[], $11::varchar[], $12::timestamptz[])
     on conflict do nothing`,
    [
      network,
      ...unnestColumns(rows, [
        'blockNumber',
        'logIndex',
        'position',
        'contract',
        'tokenId',
        'from',
        'to',
        'amount',
        'standard',
        'txHash',
        'blockTime',
      ]),
    ],
  );
}

async function applyOwners(em: EntityManager, network: Network, rows: TransferRow[]): Promise<void> {
  // Rows come in chain order: the last one of a token is its holder now.
  const latest = new Map<string, TransferRow>();
  for (const row of rows) if (row.standard === 'ERC-721') latest.set(`${row.contract}:${row.tokenId}`, row);
  const part = [...latest.values()];
  if (part.length > 0) {
    // The owners replaced (read before the write, in the same snapshot) lose the token, the new ones
    // gain it; a row the chain position check keeps is not returned, so a replayed window counts nothing.
    await executeBound(
      em,
      `with wanted as (
         select * from unnest($2::varchar[], $3::numeric[], $4::varchar[], $5::bigint[], $6::int[], $7::int[])
           as w(contract, token_id, owner, block_number, log_index, position)),
       replaced as (
         select o.contract, o.token_id, o.owner from nft_owner o
           join wanted w on o.network = $1 and o.contract = w.contract and o.token_id = w.token_id),
       changed as (
         insert into nft_owner (network, contract, token_id, owner, block_number, log_index, position)
         select $1, * from wanted
         on conflict (network, contract, token_id) do update set owner = excluded.owner,
           block_number = excluded.block_number, log_index = excluded.log_index, position = excluded.position
         where (nft_owner.block_number, nft_owner.log_index, nft_owner.position)
             < (excluded.block_number, excluded.log_index, excluded.position)
         returning contract, token_id, owner),
       deltas as (
         select contract, owner, sum(delta) as delta from (
           select contract, owner, 1 as delta from changed
           union all
           select r.contract, r.owner, -1 from changed c
             join replaced r on r.contract = c.contract and r.token_id = c.token_id) moves
          group by contract, owner)
       ${ADD_HOLDER_DELTAS}`,
      [network, ...unnestColumns(part, ['contract', 'tokenId', 'to', 'blockNumber', 'logIndex', 'position'])],
    );
  }
}

async function applyBalances(em: EntityManager, network: Network, rows: TransferRow[]): Promise<void> {
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
  // A holder's count is the sum of its positive balances: each balance adds what it moved above zero.
  await executeBound(
    em,
    `with wanted as (
       select * from unnest($2::varchar[], $3::numeric[], $4::varchar[], $5::numeric[])
         as w(contract, token_id, owner, delta)),
     applied as (
       insert into nft_balance (network, contract, token_id, owner, balance)
       select $1, * from wanted
       on conflict (network, contract, token_id, owner) do update set balance = nft_balance.balance + excluded.balance
       returning contract, token_id, owner, balance),
     deltas as (
       select a.contract, a.owner, sum(greatest(a.balance, 0) - greatest(a.balance - w.delta, 0)) as delta
         from applied a join wanted w on w.contract = a.contract and w.token_id = a.token_id and w.owner = a.owner
        group by a.contract, a.owner)
     ${ADD_HOLDER_DELTAS}`,
    [network, ...unnestColumns(entries, ['contract', 'tokenId', 'owner', 'delta'])],
  );
}

/** Contracts first seen in these transfers (chain order: the first row of each is its first block). */
async function recordContracts(em: EntityManager, network: Network, rows: TransferRow[]): Promise<void> {
  const first = new Map<string, TransferRow>();
  for (const row of rows) if (!first.has(row.contract)) first.set(row.contract, row);
  const contracts = [...first.values()];
  if (contracts.length === 0) return;
  await executeBound(
    em,
    `insert into indexed_contract (network, address, first_block, standard)
     select $1, * from unnest($2::varchar[], $3::bigint[], $4::varchar[])
     on conflict (network, address) do nothing`,
    [network, ...unnestColumns(contracts, ['contract', 'blockNumber', 'standard'])],
  );
}

/**
 * Rows as one array per column, in the order `unnest($2::…[], $3::…[], …)` reads them: bigints as
 * decimal text (the driver sends no bigint), dates as ISO text.
 */
function unnestColumns<T, K extends keyof T>(rows: readonly T[], columns: readonly K[]): unknown[][] {
  return columns.map((column) =>
    rows.map((row) => {
      const value = row[column];
      if (typeof value === 'bigint') return value.toString();
      if (value instanceof Date) return value.toISOString();
      return value ?? null;
    }),
  );
}

/** `and <column> = $n` unless the parameter is '' (a whole network's scope). */
function ofScope(column: string, parameter: number): string {
  return `and ($${parameter}::varchar = '' or ${column} = $${parameter})`;
}

/**
 * Removes the transfers after `toBlock` of a scope (a network, or one contract's history) and what
 * they did to owners, balances and holder counts; answers how many transfers went. Owners of the
 * tokens they moved are recomputed from the transfers left. `toBlock` -1: everything of the scope.
 */
export async function removeRows(em: EntityManager, scope: IndexScope, toBlock: bigint): Promise<number> {
  const { network, contract } = scopeKey(scope);
  if (toBlock < 0n) {
    // Everything goes: no owner needs recomputing.
    for (const table of ['nft_owner', 'nft_balance', 'nft_holder']) {
      await executeBound(em, `delete from ${table} where network = $1 ${ofScope('contract', 2)}`, [
        network,
        contract,
      ]);
    }
    await executeBound(em, `delete from transfer_index_block where network = $1 ${ofScope('contract', 2)}`, [
      network,
      contract,
    ]);
    await executeBound(em, `delete from indexed_contract where network = $1 ${ofScope('address', 2)}`, [
      network,
      contract,
    ]);
    const [gone] = await executeBound<{ n: number }>(
      em,
      `with gone as (delete from nft_transfer where network = $1 ${ofScope('contract', 2)} returning 1)
       select count(*)::int as n from gone`,
      [network, contract],
    );
    return gone?.n ?? 0;
  }
  const after = toBlock.toString();
  const moved = (standard: string) =>
    `select distinct contract, token_id from nft_transfer
      where network = $1 and block_number > $2 and standard = '${standard}' ${ofScope('contract', 3)}`;
  await executeBound(
    em,
    `with moved as (
       select contract, token_id, holder, sum(delta) as delta from (
         select contract, token_id, to_address as holder, amount as delta from nft_transfer
          where network = $1 and block_number > $2 and standard = 'ERC-1155' ${ofScope('contract', 3)}
         union all
         select contract, token_id, from_address, -amount from nft_transfer
          where network = $1 and block_number > $2 and standard = 'ERC-1155' ${ofScope('contract', 3)}) parts
        where holder <> '${ZERO}' group by contract, token_id, holder),
     undone as (
       update nft_balance b set balance = b.balance - moved.delta from moved
        where b.network = $1 and b.contract = moved.contract and b.token_id = moved.token_id
          and b.owner = moved.holder
       returning b.contract, b.owner, b.balance, moved.delta),
     deltas as (
       select contract, owner, sum(greatest(balance, 0) - greatest(balance + delta, 0)) as delta
         from undone group by contract, owner)
     ${ADD_HOLDER_DELTAS}`,
    [network, after, contract],
  );
  // The owners of the tokens moved lose them, the owners before those blocks get them back.
  await executeBound(
    em,
    `with gone as (
       delete from nft_owner o using (${moved('ERC-721')}) moved
        where o.network = $1 and o.contract = moved.contract and o.token_id = moved.token_id
       returning o.contract, o.owner),
     deltas as (select contract, owner, -count(*) as delta from gone group by contract, owner)
     ${ADD_HOLDER_DELTAS}`,
    [network, after, contract],
  );
  await executeBound(
    em,
    `with restored as (
       insert into nft_owner (network, contract, token_id, owner, block_number, log_index, position)
       select distinct on (t.contract, t.token_id) $1, t.contract, t.token_id, t.to_address, t.block_number,
              t.log_index, t.position
         from nft_transfer t
         join (${moved('ERC-721')}) moved
           on moved.contract = t.contract and moved.token_id = t.token_id
        where t.network = $1 and t.block_number <= $2 and t.standard = 'ERC-721'
        order by t.contract, t.token_id, t.block_number desc, t.log_index desc, t.position desc
       returning contract, owner),
     deltas as (select contract, owner, count(*) as delta from restored group by contract, owner)
     ${ADD_HOLDER_DELTAS}`,
    [network, after, contract],
  );
  await dropEmptyHolders(em, network);
  const removed = await executeBound<{ n: number }>(
    em,
    `with gone as (delete from nft_transfer where network = $1 and block_number > $2 ${ofScope('contract', 3)}
                   returning 1)
     select count(*)::int as n from gone`,
    [network, after, contract],
  );
  await executeBound(
    em,
    `delete from transfer_index_block where network = $1 and contract = $3 and number > $2`,
    [network, after, contract],
  );
  // A contract first seen in the blocks undone may not exist any more (its creation undone too):
  // it goes, and is seen anew (its name read again) if the new blocks move its tokens.
  await executeBound(
    em,
    `delete from indexed_contract where network = $1 and first_block > $2 ${ofScope('address', 3)}`,
    [network, after, contract],
  );
  return removed[0]?.n ?? 0;
}
