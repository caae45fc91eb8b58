import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import { countRows, executeBound } from '../platform/database/index.js';
import type { ContractNaming, UnnamedContract } from './transfer-index.rows.js';

/** The contracts the transfer index has seen, and their names once read (collection discovery). */
@Injectable()
export class IndexedContractsRepository {
  constructor(private readonly em: EntityManager) {}

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
    return countRows(this.em.fork(), 'indexed_contract', ['network', network], {
      contracts: '*',
      named: 'named_at',
    });
  }
}
