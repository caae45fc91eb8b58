import { Injectable, Logger } from '@nestjs/common';
import type { Network, TransferIndexStats } from '@nexus/contract';
import { AppConfig } from '../platform/config/index.js';
import { TransferIndexRepository } from './transfer-index.repository.js';
import { ContractNamer } from './contract-namer.js';
import type { PassResult } from './transfer-indexer.js';
import { TransferPasses } from './transfer-passes.js';

/**
 * The transfer index of every configured network: one pass at a time per network whichever worker
 * runs it (TransferPasses), then the names of the contracts it first saw.
 */
@Injectable()
export class TransferIndexService {
  private readonly logger = new Logger(TransferIndexService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly passes: TransferPasses,
    private readonly namer: ContractNamer,
    private readonly repository: TransferIndexRepository,
  ) {}

  /** The networks being indexed. */
  networks(): Network[] {
    return Object.keys(this.config.transferIndex) as Network[];
  }

  /** One pass over a network; null when the network is not indexed or another worker is on it. */
  async pass(network: Network): Promise<PassResult | null> {
    const settings = this.config.transferIndex[network];
    if (!settings) return null;
    return this.passes.run(network, ['transfer-index', network], async (indexer, feed, renew) => {
      const result = await indexer({ onWindow: renew }).pass(network, feed, settings);
      if (result.rolledBackTo !== null) {
        this.logger.warn(`${network}: reorganisation, index rolled back to block ${result.rolledBackTo}`);
      }
      // Names of the contracts first seen, for discovery: a bounded step, the next pass goes on.
      await renew();
      try {
        await this.namer.name(network);
      } catch (error) {
        this.logger.warn(`${network}: contract names not read (${(error as Error).message})`);
      }
      return result;
    });
  }

  /** Progress of each indexed network, for the admin cache statistics. */
  async stats(): Promise<TransferIndexStats[]> {
    const indexed = new Set(this.networks());
    const cursors = await this.repository.cursors();
    return cursors
      .filter((cursor) => indexed.has(cursor.network))
      .map((cursor) => {
        const indexedTo = cursor.indexedTo < cursor.fromBlock ? cursor.fromBlock - 1n : cursor.indexedTo;
        const head = cursor.head > indexedTo ? cursor.head : indexedTo;
        return {
          network: cursor.network,
          fromBlock: Number(cursor.fromBlock),
          indexedTo: Number(indexedTo),
          head: Number(head),
          lag: Number(head - indexedTo),
          confirmations: cursor.confirmations,
          blocksPerSecond: cursor.blocksPerSecond,
          logsPerSecond: cursor.logsPerSecond,
          transfers: cursor.transfers,
          reorgs: cursor.reorgs,
          updatedAt: cursor.updatedAt.toISOString(),
        };
      });
  }
}
