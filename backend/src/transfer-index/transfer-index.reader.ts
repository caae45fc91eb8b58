import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import { executeBound } from '../platform/database/index.js';
import {
  readCoverage,
  readCursor,
  ZERO,
  type IndexedCollectionTokens,
  type IndexedHoldings,
} from './transfer-index.rows.js';

/**
 * What the transfer index knows of wallets, collections and tokens: the chain's wallet scans and
 * collection enumerations read it (through the chain's index port) for the blocks it covers.
 */
@Injectable()
export class TransferIndexReader {
  constructor(private readonly em: EntityManager) {}

  /** A wallet's tokens as the index knows them (ERC-721 held, ERC-1155 with a positive balance). */
  async holdings(network: Network, wallet: string): Promise<IndexedHoldings | null> {
    const cursor = await readCursor(this.em.fork(), network);
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
   * The token ids of one collection a holder owns (ERC-721) or holds a positive balance of
   * (ERC-1155), in token id order; null when neither the network's index nor the collection's own
   * history covers it yet.
   */
  async ownedTokens(network: Network, contract: string, owner: string): Promise<string[] | null> {
    if (!(await readCoverage(this.em.fork(), network, contract.toLowerCase()))) return null;
    const rows = await executeBound<{ token_id: string }>(
      this.em.fork(),
      `select token_id::text from (
         select token_id from nft_owner where network = $1 and owner = $2 and contract = $3
         union
         select token_id from nft_balance where network = $1 and owner = $2 and contract = $3 and balance > 0) owned
        order by token_id`,
      [network, owner.toLowerCase(), contract.toLowerCase()],
    );
    return rows.map((row) => row.token_id);
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
    const cursor = await readCursor(this.em.fork(), network);
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
}
