import { Inject, Injectable } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import { RPC_SOURCE } from '../chain/index.js';
import { IndexedContractsRepository } from './indexed-contracts.repository.js';

/** What a contract answers about itself (CollectionFacts, as far as naming needs). */
export interface ContractFacts {
  address: string;
  erc721: boolean;
  erc1155: boolean;
  name: string;
  symbol: string;
}

/** Names, symbols and ERC-165 answers of many contracts through the node (batched through Multicall3). */
export interface ContractFactsSource {
  contractFacts(network: Network, addresses: string[]): Promise<Array<ContractFacts | null>>;
}

export interface ContractNamerOptions {
  /** Contracts read per batch (6 calls each through Multicall3; default 250). */
  batch?: number;
  /** Contracts named per call at most: the step stays bounded, the next pass goes on (default 2,000). */
  limit?: number;
  /** Stops starting batches after this long (default 10 s). */
  budgetMs?: number;
}

/**
 * Reads the name, symbol and standard of each contract the transfer index has newly seen, once,
 * and stores them for collection discovery. Bounded per call, through the same client as the
 * index (its request rate); a contract that answers nothing is stored with an empty name, which
 * discovery leaves out.
 */
@Injectable()
export class ContractNamer {
  constructor(
    private readonly repository: IndexedContractsRepository,
    @Inject(RPC_SOURCE) private readonly source: ContractFactsSource,
  ) {}

  /** Names the network's unnamed contracts, oldest first; answers how many were named. */
  async name(network: Network, options: ContractNamerOptions = {}): Promise<number> {
    const batch = options.batch ?? 250;
    const limit = options.limit ?? 2_000;
    const budget = options.budgetMs ?? 10_000;
    const started = performance.now();
    let named = 0;
    while (named < limit && performance.now() - started < budget) {
      const contracts = await this.repository.unnamedContracts(network, Math.min(batch, limit - named));
      if (contracts.length === 0) break;
      const facts = await this.source.contractFacts(
        network,
        contracts.map((contract) => contract.address),
      );
      await this.repository.nameContracts(
        network,
        contracts.map((contract, index) => {
          const fact = facts[index];
          return {
            address: contract.address,
            name: (fact?.name ?? '').trim(),
            symbol: (fact?.symbol ?? '').trim(),
            standard: fact?.erc721 ? 'ERC-721' : fact?.erc1155 ? 'ERC-1155' : null,
          };
        }),
      );
      named += contracts.length;
      if (contracts.length < batch) break;
    }
    return named;
  }
}
