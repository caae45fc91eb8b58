// Over 400 lines for that reason: every feed the activity routes page reads transfer_activity through the
// cursor keys and row types defined here.
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ActivityKind, Network } from '@nexus/contract';
import { executeBound } from '../platform/database/index.js';
import {
  type ActivityRow,
  beforeKey,
  type HeldKey,
  type HolderKey,
  type HolderTotals,
  kindCondition,
  NEWEST_FIRST,
  type SinceRow,
  type SinceSqlRow,
  toActivity,
  toSince,
  TRANSFER_COLUMNS,
  type TransferKey,
  type TransferSqlRow,
} from './transfer-activity.sql.js';
import { readCoverage } from './transfer-index.rows.js';

/**
 * The transfer index read for visitors: feeds newest first and holders by size, each a page after a
 * key (never an offset), on the indexes of migration Migration20261206000000_transfer_activity.
 */
@Injectable()
export class TransferActivityReader {
  constructor(private readonly em: EntityManager) {}

  /**
   * The blocks the index covers: the network's (null where it is off or has no block yet), or for
   * a contract, the network's or else the contract's own history once caught up.
   */
  async coverage(
    network: Network,
    contract: string | null = null,
  ): Promise<{ fromBlock: bigint; toBlock: bigint } | null> {
    return readCoverage(this.em.fork(), network, contract);
  }

  /** The standard of a contract the index has seen a transfer of; null for one it has not. */
  async contractStandard(network: Network, contract: string): Promise<'ERC-721' | 'ERC-1155' | null> {
    const [row] = await executeBound<{ standard: 'ERC-721' | 'ERC-1155' }>(
      this.em.fork(),
      `select standard from indexed_contract where network = $1 and address = $2`,
      [network, contract],
    );
    return row?.standard ?? null;
  }

  /** Whether the index has seen the token move. */
  async tokenSeen(network: Network, contract: string, tokenId: string): Promise<boolean> {
    const rows = await executeBound(
      this.em.fork(),
      `select 1 from nft_transfer where network = $1 and contract = $2 and token_id = $3 limit 1`,
      [network, contract, tokenId],
    );
    return rows.length > 0;
  }

  async collectionActivity(
    network: Network,
    contract: string,
    kind: ActivityKind | undefined,
    before: TransferKey | null,
    limit: number,
  ): Promise<ActivityRow[]> {
    return this.feed(
      (after) => `select ${TRANSFER_COLUMNS} from nft_transfer
        where network = $1 and contract = $2 ${kindCondition(kind)} ${after}
        ${NEWEST_FIRST} limit $3`,
      [network, contract, limit],
      before,
    );
  }

  async tokenHistory(
    network: Network,
    contract: string,
    tokenId: string,
    before: TransferKey | null,
    limit: number,
  ): Promise<ActivityRow[]> {
    return this.feed(
      (after) => `select ${TRANSFER_COLUMNS} from nft_transfer
        where network = $1 and contract = $2 and token_id = $3 ${after}
        ${NEWEST_FIRST} limit $4`,
      [network, contract, tokenId, limit],
      before,
    );
  }

  /** What a wallet sent and received, newest first: each side walks its own index, then they merge. */
  async walletActivity(
    network: Network,
    wallet: string,
    kind: ActivityKind | undefined,
    before: TransferKey | null,
    limit: number,
  ): Promise<ActivityRow[]> {
    const side = (column: string, after: string) =>
      `(select ${TRANSFER_COLUMNS} from nft_transfer
         where network = $1 and ${column} = $2 ${kindCondition(kind)} ${after}
         ${NEWEST_FIRST} limit $3)`;
    // A transfer to oneself is on both sides: union keeps it once.
    return this.feed(
      (after) =>
        `select * from (${side('from_address', after)} union ${side('to_address', after)}) moves ${NEWEST_FIRST} limit $3`,
      [network, wallet, limit],
      before,
    );
  }

  /** Transfers of a feed's `query`, before `before` (its condition bound after `parameters`). */
  private async feed(
    query: (after: string) => string,
    parameters: unknown[],
    before: TransferKey | null,
  ): Promise<ActivityRow[]> {
    const after = beforeKey(before, parameters.length + 1);
    const rows = await executeBound<TransferSqlRow>(this.em.fork(), query(after.sql), [
      ...parameters,
      ...after.parameters,
    ]);
    return rows.map(toActivity);
  }

  /** An ERC-721 token's holder and the transfer that made it one; null when the index has no owner. */
  async tokenOwner(
    network: Network,
    contract: string,
    tokenId: string,
  ): Promise<{ owner: string; since: SinceRow } | null> {
    const [row] = await executeBound<SinceSqlRow & { owner: string }>(
      this.em.fork(),
      `select o.owner, o.block_number, t.block_time, t.tx_hash from nft_owner o
         left join nft_transfer t on t.network = o.network and t.block_number = o.block_number
          and t.log_index = o.log_index and t.position = o.position
        where o.network = $1 and o.contract = $2 and o.token_id = $3`,
      [network, contract, tokenId],
    );
    if (!row) return null;
    return { owner: row.owner, since: toSince(row) };
  }

  /** An ERC-1155 token's holders, most units first (then by address), after `after`. */
  async tokenHolders(
    network: Network,
    contract: string,
    tokenId: string,
    after: HolderKey | null,
    limit: number,
  ): Promise<Array<{ owner: string; balance: bigint }>> {
    const rows = await executeBound<{ owner: string; balance: string }>(
      this.em.fork(),
      `select owner, balance::text from nft_balance
        where network = $1 and contract = $2 and token_id = $3 and balance > 0
          and ($5::numeric is null or balance < $5 or (balance = $5 and owner > $6))
        order by balance desc, owner limit $4`,
      [network, contract, tokenId, limit, after?.tokens.toString() ?? null, after?.owner ?? ''],
    );
    return rows.map((row) => ({ owner: row.owner, balance: BigInt(row.balance) }));
  }

  /**
   * Since when each holder holds its token: the latest of its transfers that took its balance of
   * that token from nothing to some (for ERC-721, the transfer that gave it the token).
   */
  async heldSince(
    network: Network,
    holdings: Array<{ contract: string; tokenId: string; owner: string }>,
  ): Promise<Map<string, SinceRow>> {
    const since = new Map<string, SinceRow>();
    if (holdings.length === 0) return since;
    const rows = await executeBound<SinceSqlRow & { contract: string; token_id: string; owner: string }>(
      this.em.fork(),
      `with wanted as (select * from unnest($2::varchar[], $3::numeric[], $4::varchar[]) as w(contract, token_id, owner)),
       moves as (
         select w.contract, w.token_id, w.owner, t.block_number, t.log_index, t.position, t.block_time, t.tx_hash,
                sum((case when t.to_address = w.owner then t.amount else 0 end)
                  - (case when t.from_address = w.owner then t.amount else 0 end))
                  over (partition by w.contract, w.token_id, w.owner
                        order by t.block_number, t.log_index, t.position) as running
           from wanted w join nft_transfer t on t.network = $1 and t.contract = w.contract
            and t.token_id = w.token_id and (t.to_address = w.owner or t.from_address = w.owner)),
       steps as (
         select *, lag(running, 1, 0) over (partition by contract, token_id, owner
                                            order by block_number, log_index, position) as before
           from moves)
       select distinct on (contract, token_id, owner) contract, token_id::text, owner, block_number, block_time, tx_hash
         from steps where before <= 0 and running > 0
        order by contract, token_id, owner, block_number desc, log_index desc, position desc`,
      [
        network,
        holdings.map((item) => item.contract),
        holdings.map((item) => item.tokenId),
        holdings.map((item) => item.owner),
      ],
    );
    for (const row of rows) {
      since.set(`${row.contract}:${row.token_id}:${row.owner}`, toSince(row));
    }
    return since;
  }

  /**
   * A page of a collection's holders, most tokens first (then by address), and the totals: from the
   * kept counts (`nft_holder`), a walk of its (contract, tokens desc, owner) index from the cursor
   * on, in two ranges (the cursor's own count past its owner, then every smaller count).
   */
  async collectionHolders(
    network: Network,
    contract: string,
    after: HolderKey | null,
    limit: number,
  ): Promise<{ totals: HolderTotals; page: Array<{ owner: string; tokens: bigint }> }> {
    const em = this.em.fork();
    const from = `select owner, tokens from nft_holder where network = $1 and contract = $2`;
    const ranges = after
      ? `(${from} and tokens = $4 and owner > $5 order by owner limit $3)
         union all
         (${from} and tokens < $4 order by tokens desc, owner limit $3)`
      : `${from} order by tokens desc, owner limit $3`;
    const [totals, rows] = await Promise.all([
      executeBound<{ holders: number; held: string }>(
        em,
        `select count(*)::int as holders, coalesce(sum(tokens), 0)::text as held from nft_holder
          where network = $1 and contract = $2`,
        [network, contract],
      ),
      executeBound<{ owner: string; held: string }>(
        this.em.fork(),
        `select page.owner, page.tokens::text as held from (${ranges}) page
          order by page.tokens desc, page.owner limit $3`,
        after ? [network, contract, limit, after.tokens.toString(), after.owner] : [network, contract, limit],
      ),
    ]);
    return {
      totals: { holders: totals[0]?.holders ?? 0, held: BigInt(totals[0]?.held ?? '0') },
      page: rows.map((row) => ({ owner: row.owner, tokens: BigInt(row.held) })),
    };
  }

  /** Unique holders, tokens held, and how many holders hold between `min` and `max` tokens each. */
  async holderDistribution(
    network: Network,
    contract: string,
    buckets: ReadonlyArray<{ min: number; max: number | null }>,
  ): Promise<{ totals: HolderTotals; counts: number[] }> {
    const columns = buckets
      .map(
        (bucket, index) =>
          `count(*) filter (where tokens >= ${bucket.min}${bucket.max === null ? '' : ` and tokens <= ${bucket.max}`})::int as b${index}`,
      )
      .join(', ');
    const [row] = await executeBound<Record<string, number | string>>(
      this.em.fork(),
      `select count(*)::int as holders, coalesce(sum(tokens), 0)::text as held, ${columns}
         from nft_holder where network = $1 and contract = $2`,
      [network, contract],
    );
    return {
      totals: { holders: Number(row?.holders ?? 0), held: BigInt(row?.held ?? 0) },
      counts: buckets.map((_, index) => Number(row?.[`b${index}`] ?? 0)),
    };
  }

  /** Transfers per UTC day of a collection from `since` on (days without any left out). */
  async transfersPerDay(
    network: Network,
    contract: string,
    since: Date,
  ): Promise<Array<{ day: string; transfers: number }>> {
    return executeBound<{ day: string; transfers: number }>(
      this.em.fork(),
      `select to_char(block_time at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as transfers
         from nft_transfer where network = $1 and contract = $2 and block_time >= $3
        group by 1 order by 1`,
      [network, contract, since.toISOString()],
    );
  }

  /** A page of what a wallet holds (ERC-721 tokens, ERC-1155 positive balances) by contract and id. */
  async heldTokens(
    network: Network,
    wallet: string,
    after: HeldKey | null,
    limit: number,
  ): Promise<
    Array<{ contract: string; tokenId: string; standard: 'ERC-721' | 'ERC-1155'; balance: string }>
  > {
    const rows = await executeBound<{
      contract: string;
      token_id: string;
      standard: 'ERC-721' | 'ERC-1155';
      balance: string;
    }>(
      this.em.fork(),
      `select * from (
         (select contract, token_id::text, 'ERC-721' as standard, '1' as balance, token_id as id from nft_owner
           where network = $1 and owner = $2 and ($4::varchar is null or (contract, token_id) > ($4, $5::numeric))
           order by contract, id limit $3)
         union all
         (select contract, token_id::text, 'ERC-1155', balance::text, token_id as id from nft_balance
           where network = $1 and owner = $2 and balance > 0
             and ($4::varchar is null or (contract, token_id) > ($4, $5::numeric))
           order by contract, id limit $3)) held
        order by contract, id limit $3`,
      [network, wallet, limit, after?.contract ?? null, after?.tokenId ?? '0'],
    );
    return rows.map((row) => ({
      contract: row.contract,
      tokenId: row.token_id,
      standard: row.standard,
      balance: row.balance,
    }));
  }
}
