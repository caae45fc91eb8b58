import type { CollectionIndex } from './rpc/collection.enumerator.js';
import type { WalletIndex } from './rpc/wallet-holdings.reader.js';

/** Injection tokens of the chain module's outside-world adapters. */
export const NFT_SOURCE = Symbol('NFT_SOURCE');
export const METADATA_RESOLVER = Symbol('METADATA_RESOLVER');
export const ADDRESS_PROBE = Symbol('ADDRESS_PROBE');
/** The JSON-RPC source itself (RpcNftSource), whichever source serves a network's scans. */
export const RPC_SOURCE = Symbol('RPC_SOURCE');

/**
 * The transfer index as the chain reads it (wallet scans, enumerations of collections without
 * ERC721Enumerable): a port the transfer-index module provides (TransferIndexStoreModule), so that
 * the chain never imports that domain.
 */
export const TRANSFER_INDEX = Symbol('TRANSFER_INDEX');
export type TransferIndexPort = WalletIndex & CollectionIndex;
