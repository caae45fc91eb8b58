/** Injection tokens of the chain module's outside-world adapters. */
export const NFT_SOURCE = Symbol('NFT_SOURCE');
export const METADATA_RESOLVER = Symbol('METADATA_RESOLVER');
export const ADDRESS_PROBE = Symbol('ADDRESS_PROBE');
/** The JSON-RPC source itself (RpcNftSource), whichever source serves a network's scans. */
export const RPC_SOURCE = Symbol('RPC_SOURCE');
