import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Network } from '@nexus/contract';

/** The column types the index tables share: a fresh object each (the ORM writes into its options). */
/** The mint and burn address (partial indexes hold a collection's mints and burns apart). */
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const NETWORK = () => ({ type: 'string', length: 32 }) as const;
const ADDRESS = () => ({ type: 'string', length: 42 }) as const;
/** A block number or a count. */
const BIGINT = () => ({ type: 'bigint' }) as const;
/** A uint256 (token id, amount, balance). */
const UINT256 = () => ({ type: 'decimal', precision: 78, scale: 0 }) as const;
/** 'ERC-721' or 'ERC-1155'. */
const STANDARD = () => ({ type: 'string', length: 16 }) as const;

/** Every index table is keyed by network first (the large ones are partitioned by it). */
abstract class NetworkRow {
  @PrimaryKey(NETWORK())
  network!: Network;
}

/** One token of one contract: the key of owners and balances. */
abstract class TokenRow extends NetworkRow {
  @PrimaryKey(ADDRESS())
  contract!: string;

  @PrimaryKey(UINT256())
  tokenId!: string;
}

/**
 * Where the transfer index of one network stands. The index tables below are written with SQL
 * (batches of thousands of rows); these entities state their schema for the ORM and the schema test.
 */
@Entity({ tableName: 'transfer_index_cursor' })
export class TransferIndexCursorEntity extends NetworkRow {
  /** The one contract whose history the cursor follows; '' for every contract of the network. */
  @PrimaryKey({ ...ADDRESS(), default: '' })
  contract!: string;

  @Property(BIGINT())
  fromBlock!: string;

  /** Every block up to this one is indexed; fromBlock - 1 before the first pass. */
  @Property(BIGINT())
  indexedTo!: string;

  @Property(BIGINT())
  head!: string;

  @Property({ type: 'integer' })
  confirmations!: number;

  @Property(BIGINT())
  transfers!: string;

  @Property({ type: 'integer' })
  reorgs!: number;

  @Property({ type: 'double', nullable: true })
  blocksPerSecond: number | null = null;

  @Property({ type: 'double', nullable: true })
  logsPerSecond: number | null = null;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  /** When the cursor first reached the confirmed head: a contract's history is shown from then on. */
  @Property({ type: 'datetime', nullable: true })
  caughtUpAt: Date | null = null;
}

/** Hashes of the latest indexed blocks: a different hash at the same height is a reorganisation. */
@Entity({ tableName: 'transfer_index_block' })
export class TransferIndexBlockEntity extends NetworkRow {
  /** The cursor's contract ('' for a whole network's). */
  @PrimaryKey({ ...ADDRESS(), default: '' })
  contract!: string;

  /** Not a sequence: the ORM would make a lone numeric key of its own class one. */
  @PrimaryKey({ ...BIGINT(), autoincrement: false })
  number!: string;

  @Property({ type: 'string', length: 66 })
  hash!: string;
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
@Index({
  name: 'nft_transfer_contract_mints_index',
  expression: `create index "nft_transfer_contract_mints_index" on "nft_transfer" ("network", "contract", "block_number", "log_index", "position") where "from_address" = '${ZERO_ADDRESS}'`,
})
@Index({
  name: 'nft_transfer_contract_burns_index',
  expression: `create index "nft_transfer_contract_burns_index" on "nft_transfer" ("network", "contract", "block_number", "log_index", "position") where "to_address" = '${ZERO_ADDRESS}'`,
})
@Index({
  name: 'nft_transfer_sender_feed_index',
  properties: ['network', 'fromAddress', 'blockNumber', 'logIndex', 'position'],
})
@Index({
  name: 'nft_transfer_recipient_feed_index',
  properties: ['network', 'toAddress', 'blockNumber', 'logIndex', 'position'],
})
export class NftTransferEntity extends NetworkRow {
  @PrimaryKey(BIGINT())
  blockNumber!: string;

  @PrimaryKey({ type: 'integer' })
  logIndex!: number;

  @PrimaryKey({ type: 'integer' })
  position!: number;

  @Property(ADDRESS())
  contract!: string;

  @Property(UINT256())
  tokenId!: string;

  @Property(ADDRESS())
  fromAddress!: string;

  @Property(ADDRESS())
  toAddress!: string;

  @Property(UINT256())
  amount!: string;

  @Property(STANDARD())
  standard!: string;

  /** Null for rows indexed before transaction hashes were kept. */
  @Property({ type: 'string', length: 66, nullable: true })
  txHash: string | null = null;

  /** The block's timestamp; null for rows indexed before block times were kept. */
  @Property({ type: 'datetime', nullable: true })
  blockTime: Date | null = null;
}

/** The holder of each ERC-721 token as the index knows it (the zero address once burned). */
@Entity({ tableName: 'nft_owner' })
@Index({ name: 'nft_owner_network_owner_index', properties: ['network', 'owner', 'contract', 'tokenId'] })
@Index({ name: 'nft_owner_contract_holder_index', properties: ['network', 'contract', 'owner'] })
export class NftOwnerEntity extends TokenRow {
  @Property(ADDRESS())
  owner!: string;

  /** The transfer that made `owner` the holder: its block, log index and position. */
  @Property(BIGINT())
  blockNumber!: string;

  @Property({ type: 'integer' })
  logIndex!: number;

  @Property({ type: 'integer' })
  position!: number;
}

/** ERC-1155 balances as the index knows them. */
@Entity({ tableName: 'nft_balance' })
@Index({ properties: ['network', 'owner'] })
@Index({
  name: 'nft_balance_contract_holder_index',
  expression: `create index "nft_balance_contract_holder_index" on "nft_balance" ("network", "contract", "owner") where "balance" > 0`,
})
export class NftBalanceEntity extends TokenRow {
  @PrimaryKey(ADDRESS())
  owner!: string;

  @Property(UINT256())
  balance!: string;
}

/**
 * What each holder holds of a collection (ERC-721: tokens; ERC-1155: units of its positive
 * balances), kept by the window writes and rollbacks: the holders pages walk it by size.
 */
@Entity({ tableName: 'nft_holder' })
@Index({
  name: 'nft_holder_contract_tokens_index',
  expression: `create index "nft_holder_contract_tokens_index" on "nft_holder" ("network", "contract", "tokens" desc, "owner")`,
})
@Index({
  name: 'nft_holder_empty_index',
  expression: `create index "nft_holder_empty_index" on "nft_holder" ("network") where "tokens" <= 0`,
})
export class NftHolderEntity extends NetworkRow {
  @PrimaryKey(ADDRESS())
  contract!: string;

  @PrimaryKey(ADDRESS())
  owner!: string;

  @Property(UINT256())
  tokens!: string;
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
export class IndexedContractEntity extends NetworkRow {
  @PrimaryKey(ADDRESS())
  address!: string;

  @Property(BIGINT())
  firstBlock!: string;

  /** What the contract answers to ERC-165, else what its events are. */
  @Property(STANDARD())
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
