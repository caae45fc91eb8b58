import type { ActivityReorg, Network, TransfersIndexed } from '@nexus/contract';
import { TransferDigest } from './transfer-digest.js';
import type { TransferIndexRepository } from './transfer-index.repository.js';
import { scopeKey, type IndexCursor, type IndexScope, type TransferRow } from './transfer-index.rows.js';

/** What the indexer needs of a node (TransferLogFeed over the network's JSON-RPC client). */
export interface TransferFeed {
  head(): Promise<bigint>;
  blockHash(number: bigint): Promise<string | null>;
  read(
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<{ transfers: Iterable<TransferRow>; logs: number; lastBlockHash: string }>;
  /** The span the node accepts for one eth_getLogs, once learnt. */
  readonly learnedSpan: bigint | null;
}

export interface IndexSettings {
  /** First block to index (0: genesis). */
  fromBlock: bigint;
  /** Blocks a block needs on top of it before it is indexed. */
  confirmations: number;
}

export interface PassResult {
  network: Network;
  /** Blocks indexed by this pass. */
  blocks: number;
  logs: number;
  transfers: number;
  /** Block the index was rolled back to, when the pass found a reorganisation. */
  rolledBackTo: bigint | null;
  cursor: IndexCursor;
}

/** Where a pass stands after a window: blocks fromBlock..indexedTo of fromBlock..target are indexed. */
export interface WindowProgress {
  fromBlock: bigint;
  indexedTo: bigint;
  target: bigint;
}

export interface TransferIndexerOptions {
  /** Blocks stored per transaction before the node's log span is known (default 50,000). */
  firstWindow?: bigint;
  /** Log requests per window once the span is known (default 32). */
  requestsPerWindow?: number;
  /** A pass stops starting windows after this long; the next pass goes on (default 20 s). */
  budgetMs?: number;
  /** Called after each stored window (the service renews its lock there, and tells the progress). */
  onWindow?: (progress: WindowProgress) => Promise<void>;
  /** Called once a window with transfers is stored: a digest per collection and wallet (live events). */
  onTransfers?: (events: TransfersIndexed[]) => void;
  /** Called once a reorganisation's blocks are undone. */
  onRollback?: (reorg: ActivityReorg) => void;
}

/**
 * One pass of a scope's transfer index (a network, or one contract's history): checks that the latest indexed block still stands (a
 * different hash is a reorganisation: the index rolls back to the newest block that still stands),
 * then indexes confirmed blocks window by window from the cursor towards head - confirmations.
 */
export class TransferIndexer {
  constructor(
    private readonly repository: TransferIndexRepository,
    private readonly options: TransferIndexerOptions = {},
  ) {}

  async pass(scope: IndexScope, feed: TransferFeed, settings: IndexSettings): Promise<PassResult> {
    const { network } = scopeKey(scope);
    let cursor = await this.repository.open(scope, settings.fromBlock, settings.confirmations);
    const head = await feed.head();
    const rolledBackTo = await this.checkReorg(scope, feed, cursor, head);
    if (rolledBackTo !== null) cursor = (await this.repository.cursor(scope))!;

    const target = head - BigInt(settings.confirmations);
    const started = performance.now();
    const budget = this.options.budgetMs ?? 20_000;
    let blocks = 0;
    let logs = 0;
    let transfers = 0;
    let indexedTo = cursor.indexedTo;
    while (indexedTo < target && performance.now() - started < budget) {
      const from = indexedTo + 1n;
      const span = feed.learnedSpan;
      const size =
        span === null
          ? (this.options.firstWindow ?? 50_000n)
          : span * BigInt(this.options.requestsPerWindow ?? 32);
      const to = from + size - 1n < target ? from + size - 1n : target;
      const window = await feed.read(from, to);
      blocks += Number(to - from + 1n);
      logs += window.logs;
      const seconds = Math.max((performance.now() - started) / 1000, 1e-3);
      const digest = new TransferDigest();
      transfers += await this.repository.apply(
        scope,
        { toBlock: to, toBlockHash: window.lastBlockHash, head, transfers: digest.watch(window.transfers) },
        { blocksPerSecond: blocks / seconds, logsPerSecond: logs / seconds },
      );
      // Told after the commit: a browser that reads its lists again finds the new rows.
      if (!digest.empty) this.options.onTransfers?.(digest.events(network));
      indexedTo = to;
      await this.options.onWindow?.({ fromBlock: cursor.fromBlock, indexedTo, target });
    }
    if (blocks === 0) await this.repository.touch(scope, head);
    return {
      network,
      blocks,
      logs,
      transfers,
      rolledBackTo,
      cursor: (await this.repository.cursor(scope))!,
    };
  }

  /**
   * Compares the stored hashes of the latest indexed blocks with the node's, newest first; the
   * first one that matches is where the index still holds. Rolls back past every one that does not.
   */
  private async checkReorg(
    scope: IndexScope,
    feed: TransferFeed,
    cursor: IndexCursor,
    head: bigint,
  ): Promise<bigint | null> {
    const stored = await this.repository.blockHashes(scope);
    if (stored.length === 0) return null;
    for (const [index, block] of stored.entries()) {
      // Above the head: gone. Below it, '' stands for a number before the chain's genesis.
      const hash = block.number > head ? null : ((await feed.blockHash(block.number)) ?? '');
      if (hash !== null && hash.toLowerCase() === block.hash.toLowerCase()) {
        if (index === 0) return null;
        return this.rollback(scope, block.number);
      }
    }
    // Nothing stored still stands: deeper than the kept hashes, index again from the start.
    return this.rollback(scope, cursor.fromBlock - 1n);
  }

  private async rollback(scope: IndexScope, toBlock: bigint): Promise<bigint> {
    const removed = await this.repository.rollback(scope, toBlock);
    this.options.onRollback?.({ network: scopeKey(scope).network, toBlock: Number(toBlock), removed });
    return toBlock;
  }
}
