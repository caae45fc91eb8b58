import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import { RPC_SOURCE, type RpcNftSource } from '../chain/index.js';
import { AppConfig } from '../platform/config/index.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { ActivityEventsRepository } from '../platform/realtime/index.js';
import { TransferIndexRepository } from './transfer-index.repository.js';
import type { IndexCursor } from './transfer-index.rows.js';
import { historyProgress, TransferHistoryWatch } from './transfer-history.watch.js';
import type { PassResult } from './transfer-indexer.js';
import { TransferPasses } from './transfer-passes.js';

/** A backfill pass stops starting windows after this long; the next job goes on at once. */
const BACKFILL_BUDGET_MS = 60_000;

/**
 * One collection's history where its network's index is off (issue 24 §5): its transfers read with
 * eth_getLogs on its address alone, from its deployment block (found by bisecting eth_getCode) to
 * the confirmed head, through the network's JSON-RPC client (its learnt log span, rate and
 * failover), into the index's tables under a cursor of its own; then followed at the head while
 * visitors look at it. Each window tells its progress live to the collection's rooms.
 */
@Injectable()
export class TransferHistoryService {
  private readonly logger = new Logger(TransferHistoryService.name);

  constructor(
    private readonly config: AppConfig,
    @Inject(RPC_SOURCE) private readonly source: RpcNftSource,
    private readonly passes: TransferPasses,
    private readonly repository: TransferIndexRepository,
    private readonly live: ActivityEventsRepository,
    private readonly watch: TransferHistoryWatch,
    private readonly queues: ScanQueueRepository,
  ) {}

  /** One pass over the collection's history; null when histories are off or another worker is on it. */
  async pass(network: Network, contract: string): Promise<PassResult | null> {
    const settings = this.config.transferHistory[network];
    if (!settings) return null;
    return this.passes.run(network, ['transfer-history', network, contract], async (indexer, feed, renew) => {
      const scope = { network, contract };
      const cursor = await this.repository.cursor(scope);
      const fromBlock = cursor?.fromBlock ?? (await this.source.deploymentBlock(network, contract));
      const result = await indexer({
        budgetMs: BACKFILL_BUDGET_MS,
        onWindow: async () => {
          await renew();
          this.tell(network, contract, await this.repository.cursor(scope));
        },
      }).pass(scope, feed.ofContract(contract as `0x${string}`), {
        fromBlock,
        confirmations: settings.confirmations,
      });
      if (result.rolledBackTo !== null) {
        this.logger.warn(
          `${network} ${contract}: reorganisation, history rolled back to block ${result.rolledBackTo}`,
        );
      }
      this.tell(network, contract, result.cursor);
      return result;
    });
  }

  /**
   * After a pass: the backfill goes on at once while it is behind; once caught up, the head is
   * followed every INDEX_INTERVAL_MS while a visitor looks at the collection, and no longer after.
   */
  async followUp(network: Network, contract: string): Promise<'backfill' | 'follow' | 'idle'> {
    if (!this.config.transferHistory[network]) return 'idle';
    const cursor = await this.repository.cursor({ network, contract });
    if (!cursor) return 'idle';
    // A backfill always finishes, looked at or not: the collection was scanned.
    if (cursor.caughtUpAt === null) {
      await this.queues.enqueueHistory(network, contract);
      return 'backfill';
    }
    if (await this.watch.watched(network, contract)) {
      await this.queues.enqueueHistory(network, contract, this.config.indexIntervalMs);
      return 'follow';
    }
    return 'idle';
  }

  private tell(network: Network, contract: string, cursor: IndexCursor | null): void {
    this.live.history(historyProgress(network, contract, cursor));
  }
}
