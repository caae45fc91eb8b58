import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Network } from '@nexus/contract';

/**
 * Where the transfer index of one network stands. The index tables below are written with SQL
 * (batches of thousands of rows); these entities state their schema for the ORM and the schema test.
 */
@Entity({ tableName: 'transfer_index_cursor' })
export class TransferIndexCursorEntity {
  @PrimaryKey({ type: 'string', length: 32 })
  network!: Network;

  @Property({ type: 'bigint' })
  fromBlock!: string;

  /** Every block up to this one is indexed; fromBlock - 1 before the first pass. */
  @Property({ type: 'bigint' })
  indexedTo!: string;

  @Property({ type: 'bigint' })
  head!: string;

  @Property({ type: 'integer' })
  confirmations!: number;

  @Property({ type: 'bigint' })
  transfers!: string;

  @Property({ type: 'integer' })
  reorgs!: number;

  @Property({ type: 'double', nullable: true })
  blocksPerSecond: number | null = null;

  @Property({ type: 'double', nullable: true })
  logsPerSecond: number | null = null;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}

/** Hashes of the latest indexed blocks: a different hash at the same height is a reorganisation. */
@Entity({ tableName: 'transfer_index_block' })
export class TransferIndexBlockEntity {
  @PrimaryKey({ type: 'string', length: 32 })
  network!: Network;

  @PrimaryKey({ type: 'bigint' })
  number!: string;

  @Property({ type: 'string', length: 66 })
  hash!: string;
}

/**
 * Every NFT transfer of an indexed network, one row per token moved (a batch mint is one row per
 * token, `position` its place in the event). Partitioned by network (LIST): one partition each.
 */
@Entity({ tableName: 'nft_transfer' })
@Index({ properties: ['network', 'contract', 'tokenId'] })
export class NftTransferEntity {
  @PrimaryKey({ type: 'string', length: 32 })
  network!: Network;

  @PrimaryKey({ type: 'bigint' })
  blockNumber!: string;

  @PrimaryKey({ type: 'integer' })
  logIndex!: number;

  @PrimaryKey({ type: 'integer' })
  position!: number;

  @Property({ type: 'string', length: 42 })
  contract!: string;

  @Property({ type: 'decimal', precision: 78, scale: 0 })
  tokenId!: string;

  @Property({ type: 'string', length: 42 })
  fromAddress!: string;

  @Property({ type: 'string', length: 42 })
  toAddress!: string;

  @Property({ type: 'decimal', precision: 78, scale: 0 })
  amount!: string;

  /** 'ERC-721' or 'ERC-1155'. */
  @Property({ type: 'string', length: 16 })
  standard!: string;
}

/** The holder of each ERC-721 token as the index knows it (the zero address once burned). */
@Entity({ tableName: 'nft_owner' })
@Index({ properties: ['network', 'owner'] })
export class NftOwnerEntity {
  @PrimaryKey({ type: 'string', length: 32 })
  network!: Network;

  @PrimaryKey({ type: 'string', length: 42 })
  contract!: string;

  @PrimaryKey({ type: 'decimal', precision: 78, scale: 0 })
  tokenId!: string;

  @Property({ type: 'string', length: 42 })
  owner!: string;

  /** The transfer that made `owner` the holder. */
  @Property({ type: 'bigint' })
  blockNumber!: string;

  @Property({ type: 'integer' })
  logIndex!: number;

  @Property({ type: 'integer' })
  position!: number;
}

/** ERC-1155 balances as the index knows them. */
@Entity({ tableName: 'nft_balance' })
@Index({ properties: ['network', 'owner'] })
export class NftBalanceEntity {
  @PrimaryKey({ type: 'string', length: 32 })
  network!: Network;

  @PrimaryKey({ type: 'string', length: 42 })
  contract!: string;

  @PrimaryKey({ type: 'decimal', precision: 78, scale: 0 })
  tokenId!: string;

  @PrimaryKey({ type: 'string', length: 42 })
  owner!: string;

  @Property({ type: 'decimal', precision: 78, scale: 0 })
  balance!: string;
}

/**
 * Every contract the index has seen an NFT transfer of, with its name, symbol and standard once
 * read (a bounded step after each pass): collection discovery finds a contract by name here even
 * when no wallet holding it was ever scanned. `firstBlock` is the block of its first indexed
 * transfer: a rollback below it removes the contract with its transfers.
 */
@Entity({ tableName: 'indexed_contract' })
@Index({
  name: 'indexed_contract_unnamed_index',
  expression: `create index "indexed_contract_unnamed_index" on "indexed_contract" ("network", "first_block") where "named_at" is null`,
})
export class IndexedContractEntity {
  @PrimaryKey({ type: 'string', length: 32 })
  network!: Network;

  @PrimaryKey({ type: 'string', length: 42 })
  address!: string;

  @Property({ type: 'bigint' })
  firstBlock!: string;

  /** 'ERC-721' or 'ERC-1155': what the contract answers to ERC-165, else what its events are. */
  @Property({ type: 'string', length: 16 })
  standard!: string;

  /** Cut to 200 characters, as collections are (spam contracts answer paragraphs). */
  @Property({ type: 'string', length: 200, default: '' })
  name: string = '';

  @Property({ type: 'string', length: 100, default: '' })
  symbol: string = '';

  /** When name and symbol were read; null until then. */
  @Property({ type: 'datetime', nullable: true })
  namedAt: Date | null = null;
}
