import { numberToHex, type Address, type Hex, type PublicClient, type RpcLog } from 'viem';
import { INCOMPLETE_REASONS } from '@nexus/contract';
import { MemoryLogLimits, LEARNT_LIMIT_TTL_SECONDS, type LogLimitsStore } from './log-limits.store.js';
import { readLogRefusal, type LogRefusal } from './log-refusal.util.js';
import { isQuotaSpent } from './provider-quota.gate.js';
import { collectAnswer, isHistoryUnavailable } from './rpc-errors.util.js';
import type { RpcStats } from './rpc.stats.js';

export interface LogQuery {
  address?: Address;
  /** eth_getLogs topic filter: a topic, alternatives, or null for "any". */
  topics: Array<Hex | Hex[] | null>;
  fromBlock: bigint;
  toBlock: bigint;
}

export interface LogScanOptions {
  /**
   * Told (in words a visitor can read) when a range could not be read at all: the node's quota is
   * spent, it no longer keeps those blocks, or it refuses even one block. The scan goes on without
   * that range instead of failing. Without it, such a refusal fails the scan.
   */
  onIncomplete?: (reason: string) => void;
}

/** Every log matching a query, in chain order, whatever the node's limits. */
export interface LogSource {
  scan(query: LogQuery, options?: LogScanOptions): Promise<RpcLog[]>;
}

const MAX_REFUSALS_IN_A_ROW = 48;
/** Calls accepted at a span found by halving before twice that span is tried again. */
const GROW_SPAN_AFTER = 32;
/** Calls accepted at a width one scan narrowed for dense blocks before it tries twice as wide. */
const WIDEN_AFTER = 8;
/** How long a span read from the shared store is used before it is read again. */
const SYNC_MS = 5_000;

/** One scan's own narrowing for the density of its blocks: never remembered beyond the scan. */
interface ScanState {
  /** Widest range this scan now asks for (null: as wide as the node's span allows). */
  window: bigint | null;
  /** Calls accepted at that width since it was set or widened. */
  streak: number;
  /** Narrowest width this scan was refused for its results: tried again only after a longer run. */
  refused: bigint | null;
  onIncomplete?: (reason: string) => void;
}

/**
 * eth_getLogs over any range on any node. Nodes refuse a call for two different reasons, kept
 * apart here:
 * - its span (thirdweb "Maximum allowed number of requested blocks is 1000", QuickNode "limited to
 *   a 10,000 range", public nodes "block range exceeds 2000"…): a fact about the node, remembered
 *   in a store shared by every process (Redis, forgotten after a day) and used by every later
 *   query; a span found by halving (the node did not say it) is tried twice as wide again after
 *   a run of accepted calls;
 * - the number of logs in the range (Infura "query returned more than 10000 results. Try with
 *   this block range [0x…, 0x…]", Alchemy "this block range should work: [0x…, 0x…]", reth "retry
 *   with the range A-B"): a fact about those blocks for this query. The suggested range is asked
 *   as given, the rest of the scan goes on at that width and widens again after accepted calls,
 *   and nothing of it is remembered, so a dense collection never narrows a sparse wallet scan.
 */
export class LogScanner implements LogSource {
  private span: bigint | null;
  private stated: boolean;
  private readonly configured: bigint | null;
  private readonly limits: LogLimitsStore;
  private readonly parallel: number;
  /** Refusals since the last accepted call: a node that refuses everything must not be split forever. */
  private refusalsInARow = 0;
  private acceptedAtSpan = 0;
  /** A wider span is being tried: one call at a time until it is accepted or refused. */
  private probing = false;
  private syncedAt = Number.NEGATIVE_INFINITY;
  private learntAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly client: PublicClient,
    private readonly stats: RpcStats,
    options: { initialSpan?: number; parallel?: number; limits?: LogLimitsStore } = {},
  ) {
    this.configured = options.initialSpan ? BigInt(options.initialSpan) : null;
    this.span = this.configured;
    // A configured span is the operator's word for the node's cap, as a stated one.
    this.stated = this.configured !== null;
    this.parallel = options.parallel ?? 4;
    this.limits = options.limits ?? new MemoryLogLimits();
  }

  /** The node's span cap as known so far (null: no limit met yet). */
  get learnedSpan(): bigint | null {
    return this.span;
  }

  async scan(query: LogQuery, options: LogScanOptions = {}): Promise<RpcLog[]> {
    if (query.toBlock < query.fromBlock) return [];
    await this.sync();
    const parts = await this.fetchRange(query, query.fromBlock, query.toBlock, {
      window: null,
      streak: 0,
      refused: null,
      ...(options.onIncomplete ? { onIncomplete: options.onIncomplete } : {}),
    });
    const logs = parts.flat();
    logs.sort((a, b) => {
      const byBlock = BigInt(a.blockNumber ?? '0x0') - BigInt(b.blockNumber ?? '0x0');
      if (byBlock !== 0n) return byBlock < 0n ? -1 : 1;
      return Number(BigInt(a.logIndex ?? '0x0') - BigInt(b.logIndex ?? '0x0'));
    });
    return logs;
  }

  /** Takes up what other processes learnt of this node (or that the shared copy was forgotten). */
  private async sync(): Promise<void> {
    const now = performance.now();
    if (now - this.syncedAt < SYNC_MS) return;
    this.syncedAt = now;
    let learnt;
    try {
      learnt = await this.limits.read();
    } catch {
      return; // The store is away: go on with what this process knows.
    }
    if (learnt) {
      if (learnt.span !== this.span || learnt.stated !== this.stated) this.probing = false;
      this.span = learnt.span;
      this.stated = learnt.stated;
    } else if (now - this.learntAt > LEARNT_LIMIT_TTL_SECONDS * 1000) {
      this.span = this.configured;
      this.stated = this.configured !== null;
      this.probing = false;
    }
  }

  private remember(): void {
    if (this.span === null) return;
    this.learntAt = performance.now();
    this.limits.write({ span: this.span, stated: this.stated }).catch(() => undefined);
  }

  private width(state: ScanState): bigint | null {
    if (this.span === null) return state.window;
    if (state.window === null) return this.span;
    return state.window < this.span ? state.window : this.span;
  }

  /** A range in windows of the current width, a few at a time; the width is read again per batch. */
  private async fetchRange(query: LogQuery, from: bigint, to: bigint, state: ScanState): Promise<RpcLog[][]> {
    const out: RpcLog[][] = [];
    let cursor = from;
    while (cursor <= to) {
      const width = this.width(state);
      const count = width === null || this.probing ? 1 : this.parallel;
      const batch: Array<[bigint, bigint]> = [];
      let start = cursor;
      for (let i = 0; i < count && start <= to; i++) {
        const end = width === null || to - start < width ? to : start + width - 1n;
        batch.push([start, end]);
        start = end + 1n;
      }
      const parts = await Promise.all(batch.map(([low, high]) => this.fetchOne(query, low, high, state)));
      for (const part of parts) out.push(...part);
      cursor = start;
    }
    return out;
  }

  private async fetchOne(query: LogQuery, from: bigint, to: bigint, state: ScanState): Promise<RpcLog[][]> {
    const size = to - from + 1n;
    let logs: RpcLog[];
    try {
      logs = await this.client.request({
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
    } catch (error) {
      const unreadable = this.unreadable(error, size);
      // Blocks refused one by one without end are a node refusing everything: it fails the scan.
      if (unreadable === 'range' && ++this.refusalsInARow > MAX_REFUSALS_IN_A_ROW) throw error;
      if (unreadable !== null && state.onIncomplete) {
        // Nothing narrower helps: the scan goes on without these blocks and its answer says so.
        state.onIncomplete(INCOMPLETE_REASONS[unreadable]);
        return [];
      }
      const refusal = size > 1n ? readLogRefusal(error) : null;
      if (!refusal) throw error;
      // A dead node times out on every range; splitting would multiply the calls without end.
      if (++this.refusalsInARow > MAX_REFUSALS_IN_A_ROW) throw error;
      this.stats.rangeSplits++;
      return refusal.kind === 'span'
        ? this.narrowSpan(query, from, to, refusal.maxSpan, state)
        : this.narrowResults(query, from, to, refusal, state);
    }
    this.refusalsInARow = 0;
    this.accepted(size, state);
    return [logs];
  }

  /**
   * Why a range cannot be read from this node whatever its width: a spent quota (until its reset),
   * blocks the node no longer keeps, or a refusal of a single block. Null for anything else.
   */
  private unreadable(error: unknown, size: bigint): 'quota' | 'history' | 'range' | null {
    if (isQuotaSpent(error)) return 'quota';
    if (isHistoryUnavailable(error)) return 'history';
    // A single block left unanswered is a node not answering, not a block it will not serve.
    if (size > 1n || collectAnswer(error).timeout) return null;
    return readLogRefusal(error) !== null ? 'range' : null;
  }

  private accepted(size: bigint, state: ScanState): void {
    if (state.window !== null && size >= state.window) {
      const wider = state.window * 2n;
      const known = state.refused !== null && wider >= state.refused;
      if (++state.streak >= (known ? WIDEN_AFTER * 4 : WIDEN_AFTER)) {
        state.window = wider;
        state.streak = 0;
        if (known) state.refused = null;
        if (this.span !== null && state.window >= this.span) state.window = null;
      }
    }
    if (this.span === null || size < this.span) return;
    if (this.probing) {
      this.probing = false;
      this.acceptedAtSpan = 0;
      this.remember();
    } else if (!this.stated && ++this.acceptedAtSpan >= GROW_SPAN_AFTER) {
      // A span found by halving may be narrower than the node's (a timeout, a busy moment): try wider.
      this.span *= 2n;
      this.acceptedAtSpan = 0;
      this.probing = true;
    }
  }

  /** The node capped the span: the whole scan (and every later one) goes at that span. */
  private async narrowSpan(
    query: LogQuery,
    from: bigint,
    to: bigint,
    maxSpan: bigint | null,
    state: ScanState,
  ): Promise<RpcLog[][]> {
    const size = to - from + 1n;
    this.probing = false;
    this.acceptedAtSpan = 0;
    if (maxSpan !== null) {
      // Said N and refused N: it counts `to - from`; one block fewer passes either way.
      const span = maxSpan < size ? maxSpan : size - 1n;
      if (this.span === null || span < this.span || !this.stated) {
        this.span = span;
        this.stated = true;
        this.remember();
      }
      return this.fetchRange(query, from, to, state);
    }
    const half = (size + 1n) / 2n;
    if (this.span === null || half < this.span) {
      this.span = half;
      this.stated = false;
      this.remember();
    }
    // Left half first: by the time it answers, the span it found cuts the right half into windows
    // fetched in parallel, instead of every sibling being refused level by level.
    const left = await this.fetchRange(query, from, from + half - 1n, state);
    const right = await this.fetchRange(query, from + half, to, state);
    return [...left, ...right];
  }

  /** Too many logs in these blocks: narrower for this scan only, at the range the node suggests. */
  private async narrowResults(
    query: LogQuery,
    from: bigint,
    to: bigint,
    refusal: Extract<LogRefusal, { kind: 'results' }>,
    state: ScanState,
  ): Promise<RpcLog[][]> {
    const size = to - from + 1n;
    const suggested = refusal.suggested;
    state.streak = 0;
    if (state.refused === null || size < state.refused) state.refused = size;
    if (suggested && suggested.from === from && suggested.to < to) {
      // Used as given: the node has counted these blocks' logs.
      state.window = suggested.to - from + 1n;
      const first = await this.fetchOne(query, from, suggested.to, state);
      const rest = await this.fetchRange(query, suggested.to + 1n, to, state);
      return [...first, ...rest];
    }
    const length = suggested ? suggested.to - suggested.from + 1n : size;
    const width = length < size ? length : (size + 1n) / 2n;
    state.window = width;
    // Left part first, as for a span: the width it settles on cuts the rest.
    const left = await this.fetchRange(query, from, from + width - 1n, state);
    const right = await this.fetchRange(query, from + width, to, state);
    return [...left, ...right];
  }
}
