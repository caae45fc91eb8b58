import type { Address } from 'viem';

/** The networks of the dev chains; the same names as the wire contract's `Network`. */
export const DEVCHAIN_NETWORKS = ['ethereum', 'polygon', 'cronos'] as const;
export type Network = (typeof DEVCHAIN_NETWORKS)[number];

/** Real chain ids, so that wallets and code paths keyed by chain id behave as on the real networks. */
export const DEVCHAIN_CHAIN_IDS: Record<Network, number> = { ethereum: 1, polygon: 137, cronos: 25 };

export interface DevchainPorts {
  ethereum: number;
  polygon: number;
  cronos: number;
  gateway: number;
  /** The public-node front of cronos (dev world only; default 8548). */
  publicNode?: number;
  /** First of the 12 ports of the messy metadata hosts (dev world only; default gateway + 20). */
  messyMetadata?: number;
}

export const DEFAULT_PORTS: DevchainPorts = {
  ethereum: 8545,
  polygon: 8546,
  cronos: 8547,
  gateway: 8580,
  publicNode: 8548,
};

/** The network served through a public node's limits in the dev world. */
export const PUBLIC_NODE_NETWORK: Network = 'cronos';

/** Canonical Multicall3 address; our aggregator is installed there with anvil_setCode. */
export const MULTICALL3_ADDRESS: Address = '0xca11bde05977b3631167028862be2a173976ca11';

/** Block gas limit of the dev chains: one mint transaction carries hundreds of enumerable mints. */
export const BLOCK_GAS_LIMIT = 1_000_000_000n;

/** The mnemonic anvil uses by default, passed explicitly so the accounts never drift. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** Accounts 0..9 of ANVIL_MNEMONIC (lower-case), unlocked on every anvil we start. */
export const ANVIL_ACCOUNTS: readonly Address[] = [
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65',
  '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc',
  '0x976ea74026e726554db657fa54763abd0c3a0aa9',
  '0x14dc79964da2c08b23698b3d3cc7ca32193d9955',
  '0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f',
  '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
];

function account(index: number): Address {
  const address = ANVIL_ACCOUNTS[index];
  if (!address) throw new Error(`no anvil account ${index}`);
  return address;
}

/**
 * One deployer per network: contract addresses derive from (deployer, nonce), so a different
 * deployer on each network gives different addresses across networks, yet the same ones on
 * every restart.
 */
export const DEPLOYERS: Record<Network, Address> = {
  ethereum: account(0),
  polygon: account(1),
  cronos: account(2),
};

/**
 * Deployer of the ENS contracts on ethereum: an account of its own, so that the collections keep
 * the addresses of the deployer's nonces and the ENS addresses never depend on the collections.
 */
export const ENS_DEPLOYER: Address = account(3);

export type DemoWalletKey = 'collector' | 'trader' | 'newcomer';

export interface DemoWallet {
  key: DemoWalletKey;
  label: string;
  address: Address;
}

/** Wallets a visitor can search for; anvil accounts that never deploy anything. */
export const DEMO_WALLETS: readonly DemoWallet[] = [
  { key: 'collector', label: 'Demo collector', address: account(5) },
  { key: 'trader', label: 'Demo trader', address: account(6) },
  { key: 'newcomer', label: 'Demo newcomer', address: account(7) },
];

export function demoWallet(key: DemoWalletKey): Address {
  const wallet = DEMO_WALLETS.find((candidate) => candidate.key === key);
  if (!wallet) throw new Error(`unknown demo wallet ${key}`);
  return wallet.address;
}
