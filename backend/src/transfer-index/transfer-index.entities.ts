import { Entity, Index } from '@mikro-orm/decorators/legacy';
import type { Network } from '@nexus/contract';
import { Column, sqlIndex } from '../platform/database/index.js';

/** The mint and burn address (partial indexes hold a collection's mints and burns apart). */
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Every index table is keyed by network first (the large ones are partitioned by it). */
abstract class NetworkRow {
  @Column.Network({ primary: true }) network!: Network;
}

/** One contract of a network: the key of its holders. */
abstract class ContractRow extends NetworkRow {
  @Column.Address({ primary: true }) contract!: string;
}

/** One token of one contract: the key of owners and balances. */
abstract class TokenRow extends ContractRow {
  @Column.Uint256({ primary: true }) tokenId!: string;
}

/**
 * Where the transfer index of one network stands. The index tables below are written with SQL
 * (batches of thousands of rows); these entities state their schema for the ORM and the schema test.
 */
@Entity({ tableName: 'transfer_index_cursor' })
export class TransferIndexCursorEntity extends NetworkRow {
  /** The one contract whose history the cursor follows; '' for every contract of the network. */
  @Column.Address({ primary: true, default: '' }) contract!: string;
  @Column.Bigint() fromBlock!: string;

  /** Every block up to this one is indexed; fromBlock - 1 before the first pass. */
  @Column.Bigint() indexedTo!: string;
  @Column.Bigint() head!: string;
  @Column.Double({ nullable: true }) blocksPerSecond: number | null = null;
  @Column.Double({ nullable: true }) logsPerSecond: number | null = null;
  @Column.Integer() confirmations!: number;
  @Column.Bigint() transfers!: string;
  @Column.Integer() reorgs!: number;
  @Column.Timestamp() updatedAt!: Date;

  /** When the cursor first reached the confirmed head: a contract's history is shown from then on. */
  @Column.Timestamp({ nullable: true }) caughtUpAt: Date | null = null;
}

/** Hashes of the latest indexed blocks: a different hash at the same height is a reorganisation. */
@Entity({ tableName: 'transfer_index_block' })
export class TransferIndexBlockEntity extends NetworkRow {
  /** The cursor's contract ('' for a whole network's). */
  @Column.Address({ primary: true, default: '' }) contract!: string;

  /** Not a sequence: the ORM would make a lone numeric key of its own class one. */
  @Column.Bigint({ primary: true, autoincrement: false }) number!: string;
  @Column.String(66) hash!: string;
}

/**
 * Every NFT transfer of an indexed network, one row per token moved (a batch mint is one row per
 * token, `position` its place in the event). Partitioned by network (LIST): one partition each.
 */
@Entity({ tableName: 'nft_transfer' })
@Index({
  name: 'nft_transfer_token_history_index',
  properties: ['network', 'contract', 'tokenId', 'blockNumber', 'logIndex', 'position'],
})
@Index({
  name: 'nft_transfer_contract_feed_index',
  properties: ['network', 'contract', 'blockNumber', 'logIndex', 'position'],
})
@Index(
  sqlIndex(
    'nft_transfer',
    'contract_mints',
    `("network", "contract", "block_number", "log_index", "position") where "from_address" = '${ZERO_ADDRESS}'`,
  ),
)
@Index(
  sqlIndex(
    'nft_transfer',
    'contract_burns',
    `("network", "contract", "block_number", "log_index", "position") where "to_address" = '${ZERO_ADDRESS}'`,
  ),
)
@Index({
  name: 'nft_transfer_sender_feed_index',
  properties: ['network', 'fromAddress', 'blockNumber', 'logIndex', 'position'],
})
@Index({
  name: 'nft_transfer_recipient_feed_index',
  properties: ['network', 'toAddress', 'blockNumber', 'logIndex', 'position'],
})
export class NftTransferEntity extends NetworkRow {
  @Column.Bigint({ primary: true }) blockNumber!: string;
  @Column.Integer({ primary: true }) logIndex!: number;
  @Column.Integer({ primary: true }) position!: number;
  @Column.Address() contract!: string;
  @Column.Uint256() tokenId!: string;
  @Column.Address() fromAddress!: string;
  @Column.Address() toAddress!: string;
  @Column.Uint256() amount!: string;
  @Column.Standard() standard!: string;

  /** Null for rows indexed before transaction hashes were kept. */
  @Column.String(66, { nullable: true }) txHash: string | null = null;

  /** The block's timestamp; null for rows indexed before block times were kept. */
  @Column.Timestamp({ nullable: true }) blockTime: Date | null = null;
}

/** The holder of each ERC-721 token as the index knows it (the zero address once burned). */
@Entity({ tableName: 'nft_owner' })
@Index({ name: 'nft_owner_network_owner_index', properties: ['network', 'owner', 'contract', 'tokenId'] })
@Index({ name: 'nft_owner_contract_holder_index', properties: ['network', 'contract', 'owner'] })
export class NftOwnerEntity extends TokenRow {
  @Column.Address() owner!: string;

  /** The transfer that made `owner` the holder: its block, log index and position. */
  @Column.Bigint() blockNumber!: string;
  @Column.Integer() logIndex!: number;
  @Column.Integer() position!: number;
}

/** ERC-1155 balances as the index knows them. */
@Entity({ tableName: 'nft_balance' })
@Index(sqlIndex('nft_balance', 'contract_holder', '("network", "contract", "owner") where "balance" > 0'))
@Index({ properties: ['network', 'owner'] })
export class NftBalanceEntity extends TokenRow {
  @Column.Address({ primary: true }) owner!: string;
  @Column.Uint256() balance!: string;
}

/**
 * What each holder holds of a collection (ERC-721: tokens; ERC-1155: units of its positive
 * balances), kept by the window writes and rollbacks: the holders pages walk it by size.
 */
@Entity({ tableName: 'nft_holder' })
@Index(sqlIndex('nft_holder', 'contract_tokens', '("network", "contract", "tokens" desc, "owner")'))
@Index(sqlIndex('nft_holder', 'empty', '("network") where "tokens" <= 0'))
export class NftHolderEntity extends ContractRow {
  @Column.Address({ primary: true }) owner!: string;
  @Column.Uint256() tokens!: string;
}

/**
 * Every contract the index has seen an NFT transfer of, with its name, symbol and standard once
 * read (a bounded step after each pass): collection discovery finds a contract by name here even
 * when no wallet holding it was ever scanned. `firstBlock` is the block of its first indexed
 * transfer: a rollback below it removes the contract with its transfers.
 */
@Entity({ tableName: 'indexed_contract' })
@Index(sqlIndex('indexed_contract', 'unnamed', '("network", "first_block") where "named_at" is null'))
export class IndexedContractEntity extends NetworkRow {
  @Column.Address({ primary: true }) address!: string;
  @Column.Bigint() firstBlock!: string;

  /** What the contract answers to ERC-165, else what its events are. */
  @Column.Standard() standard!: string;

  /** Cut to 200 characters, as collections are (spam contracts answer paragraphs). */
  @Column.Name({ default: '' }) name: string = '';
  @Column.String(100, { default: '' }) symbol: string = '';

  /** When name and symbol were read; null until then. */
  @Column.Timestamp({ nullable: true }) namedAt: Date | null = null;
}

/** The index's entities, in the order the ORM configuration lists them. */
export const TRANSFER_INDEX_ENTITIES = [
  TransferIndexCursorEntity,
  TransferIndexBlockEntity,
  NftTransferEntity,
  NftOwnerEntity,
  NftBalanceEntity,
  NftHolderEntity,
  IndexedContractEntity,
];
