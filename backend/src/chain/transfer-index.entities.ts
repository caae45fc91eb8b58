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
