import { numberToHex, type Address, type Hex, type PublicClient, type RpcLog } from 'viem';
import { mapWithConcurrency } from '../../common/concurrency.js';
import { isRangeRefusal, statedSpanLimit } from './rpc-errors.util.js';
import type { RpcStats } from './rpc.stats.js';

export interface LogQuery {
  address?: Address;
  /** eth_getLogs topic filter: a topic, alternatives, or null for "any". */
  topics: Array<Hex | Hex[] | null>;
  fromBlock: bigint;
  toBlock: bigint;
}

/** Every log matching a query, in chain order, whatever the node's limits. */
export interface LogSource {
  scan(query: LogQuery): Promise<RpcLog[]>;
}

const MAX_REFUSALS_IN_A_ROW = 48;

/**
 * eth_getLogs over any range on any node. Nodes cap the span or the result size of one call
 * (Infura 10,000 results, many public nodes 1,000-10,000 blocks) with a variety of error messages;
 * a refused range is split in halves until it passes, and the span that worked is remembered for
 * the next queries on this node, so the discovery cost is paid once.
 */
export class LogScanner implements LogSource {
  private span: bigint | null;
  /** Refusals since the last accepted call: a node that refuses everything must not be split forever. */
  private refusalsInARow = 0;

  constructor(
    private readonly client: PublicClient,
    private readonly stats: RpcStats,
    options: { initialSpan?: number; parallel?: number } = {},
  ) {
    this.span = options.initialSpan ? BigInt(options.initialSpan) : null;
    this.parallel = options.parallel ?? 4;
  }

  private readonly parallel: number;

  /** Largest span that this node has accepted so far (null: no limit met yet). */
  get learnedSpan(): bigint | null {
    return this.span;
  }

  async scan(query: LogQuery): Promise<RpcLog[]> {
    if (query.toBlock < query.fromBlock) return [];
    const parts = await this.fetch(query, query.fromBlock, query.toBlock);
    const logs = parts.flat();
    logs.sort((a, b) => {
      const byBlock = BigInt(a.blockNumber ?? '0x0') - BigInt(b.blockNumber ?? '0x0');
      if (byBlock !== 0n) return byBlock < 0n ? -1 : 1;
      return Number(BigInt(a.logIndex ?? '0x0') - BigInt(b.logIndex ?? '0x0'));
    });
    return logs;
  }

  private windows(from: bigint, to: bigint, span: bigint): Array<[bigint, bigint]> {
    const windows: Array<[bigint, bigint]> = [];
    for (let start = from; start <= to; start += span) {
      windows.push([start, start + span - 1n < to ? start + span - 1n : to]);
    }
    return windows;
  }

  private async fetch(query: LogQuery, from: bigint, to: bigint): Promise<RpcLog[][]> {
    const size = to - from + 1n;
    if (this.span !== null && size > this.span) {
      const parts = await mapWithConcurrency(
        this.windows(from, to, this.span),
        this.parallel,
        ([start, end]) => this.fetch(query, start, end),
      );
      return parts.flat();
    }
    try {
      const logs = await this.client.request({
        method: 'eth_getLogs',
        params: [
          {
            ...(query.address ? { address: query.address } : {}),
            topics: query.topics,
            fromBlock: numberToHex(from),
            toBlock: numberToHex(to),
          },
        ],
      });
      this.refusalsInARow = 0;
      return [logs];
    } catch (error) {
      if (size === 1n || !isRangeRefusal(error)) throw error;
      // A dead node times out on every range; splitting would multiply the calls without end.
      if (++this.refusalsInARow > MAX_REFUSALS_IN_A_ROW) throw error;
      // A node that says its limit ("block range exceeds 2000") is taken at its word.
      const stated = statedSpanLimit(error);
      if (stated !== null && stated < size) {
        if (this.span === null || stated < this.span) this.span = stated;
        this.stats.rangeSplits++;
        return this.fetch(query, from, to);
      }
      const half = (size + 1n) / 2n;
      if (this.span === null || half < this.span) this.span = half;
      this.stats.rangeSplits++;
      // Left half first: by the time it answers, the span it found cuts the right half into
      // windows fetched in parallel, instead of every sibling being refused level by level.
      const left = await this.fetch(query, from, from + half - 1n);
      const right = await this.fetch(query, from + half, to);
      return [...left, ...right];
    }
  }
}
