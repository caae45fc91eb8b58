import { getContractAddress, keccak256, labelhash, namehash, toBytes, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import type { DevchainEns, DevchainWallet } from './manifest.js';
import { DEFAULT_PORTS, DEMO_WALLETS, ENS_DEPLOYER } from './networks.config.js';
import type { CollectionPlan } from './seed.plan.js';

/**
 * ENS on the ethereum dev chain as data: our registry, public resolver and universal resolver,
 * an offchain (CCIP-Read) resolver and a wildcard resolver, deployed by an account of their own;
 * the demo names, reverse records (primary names) and avatars. Pure and deterministic like the
 * rest of the seed plan: the same addresses and transactions on every start.
 */

export type EnsContract =
  | 'NexusEnsRegistry'
  | 'NexusEnsPublicResolver'
  | 'NexusEnsUniversalResolver'
  | 'NexusEnsOffchainResolver'
  | 'NexusEnsWildcardResolver';

/**
 * Key the dev gateway signs its CCIP-Read answers with; the offchain resolver trusts its address.
 * A dev-world constant (never funded, never used on a real network).
 */
export const ENS_GATEWAY_SIGNER_KEY: Hex = keccak256(toBytes('nexus dev world ENS gateway signer'));

/** The offchain resolver's gateway on the dev gateway's port (ERC-3668 GET form). */
export function ensGatewayUrl(port: number = DEFAULT_PORTS.gateway): string {
  return `http://127.0.0.1:${port}/ccip/{sender}/{data}.json`;
}

/** A name answered by the gateway (`offchain`) or by the wildcard resolver (`wildcard`). */
export interface EnsSubname {
  name: string;
  node: Hex;
  address: Address;
}

/** A reverse record: `<address>.addr.reverse` names `name`; `verified` when `name` resolves back. */
export interface EnsReverseRecord {
  address: Address;
  name: string;
  verified: boolean;
}

/** An ENSIP-12 `avatar` text record of a name. */
export interface EnsAvatarRecord {
  name: string;
  record: string;
  /** What the avatar shows: the NFT's image, or the URL itself. */
  image: string;
}

export interface EnsName {
  /** Normalised name, e.g. `demo.eth`. */
  name: string;
  /** Its only label below `eth`, e.g. `demo`. */
  label: string;
  /** namehash(name). */
  node: Hex;
  /** Lower-case address the name resolves to. */
  address: Address;
}

/** One transaction of the ENS deployer, in nonce order. */
export type EnsTx =
  | { kind: 'deploy'; contract: EnsContract; address: Address; args: ReadonlyArray<Address | string> }
  | {
      kind: 'call';
      contract: EnsContract;
      to: Address;
      functionName: 'setSubnodeOwner' | 'setSubnodeRecord' | 'setAddr' | 'setOwner' | 'setName' | 'setText';
      args: ReadonlyArray<Hex | bigint | string>;
    };

export interface EnsPlan {
  deployer: Address;
  registry: Address;
  publicResolver: Address;
  universalResolver: Address;
  offchainResolver: Address;
  wildcardResolver: Address;
  /** Gateway URL template of the offchain resolver. */
  gatewayUrl: string;
  /** Address whose signature the offchain resolver accepts. */
  gatewaySigner: Address;
  names: EnsName[];
  /** Subnames of `offchain.eth`, answered by the gateway. */
  offchainNames: EnsSubname[];
  /** Subnames of `wild.eth`, absent from the registry, answered by the wildcard resolver. */
  wildcardNames: EnsSubname[];
  reverse: EnsReverseRecord[];
  avatars: EnsAvatarRecord[];
  txs: EnsTx[];
}

/** Parent of the offchain names (a name such as `cb.id` on mainnet). */
export const OFFCHAIN_PARENT = 'offchain.eth';
/** Parent of the wildcard names. */
export const WILDCARD_PARENT = 'wild.eth';

const ROOT_NODE: Hex = `0x${'0'.repeat(64)}`;

function lower(address: Address): Address {
  return address.toLowerCase() as Address;
}

/**
 * The demo wallets with the most holdings on ethereum first (the same ordering as the scan bench's
 * "richest wallet"), ties broken by the number of units held.
 */
function richest(wallets: DevchainWallet[]): Address {
  const units = (wallet: DevchainWallet): number =>
    wallet.holdings.reduce((sum, holding) => sum + holding.balance, 0);
  const ranked = wallets
    .filter((wallet) => wallet.network === 'ethereum')
    .sort((a, b) => b.holdings.length - a.holdings.length || units(b) - units(a));
  const top = ranked[0];
  if (!top) throw new Error('no demo wallet on ethereum to name demo.eth');
  return lower(top.address as Address);
}

/**
 * `demo.eth` names the richest demo wallet on ethereum; `collector.eth`, `trader.eth` and
 * `newcomer.eth` name the demo wallets of those keys.
 */
export function ensNames(ethereumWallets: DevchainWallet[]): EnsName[] {
  const entries: Array<[string, Address]> = [
    ['demo', richest(ethereumWallets)],
    ...DEMO_WALLETS.map((wallet): [string, Address] => [wallet.key, lower(wallet.address)]),
  ];
  return entries.map(([label, address]) => {
    const name = `${label}.eth`;
    return { name, label, node: namehash(name), address };
  });
}

function subname(name: string, address: Address): EnsSubname {
  return { name, node: namehash(name), address };
}

/** Lower-case hex of an address without 0x: the label of its reverse node. */
export function reverseNode(address: Address): Hex {
  return namehash(`${address.slice(2).toLowerCase()}.addr.reverse`);
}

/**
 * Avatars: `demo.eth` shows an ERC-721 token its wallet holds on ethereum (ENSIP-12 NFT form, the
 * first one of a collection whose tokens all have metadata); the first other demo name an `ipfs://`
 * image.
 */
function avatarRecords(names: EnsName[], collections: readonly CollectionPlan[], wallets: DevchainWallet[]) {
  // Collections whose tokens all have metadata and an image (no spam, no broken token URIs).
  const plain = collections.filter(
    (collection) =>
      collection.network === 'ethereum' &&
      !collection.edgeCases?.spam &&
      !collection.edgeCases?.tokenUriReverts &&
      !collection.edgeCases?.brokenCid &&
      !collection.edgeCases?.dataUri,
  );
  const records: EnsAvatarRecord[] = [];
  const demo = names[0]!;
  const holder = wallets.find((wallet) => wallet.address.toLowerCase() === demo.address);
  const nft = holder?.holdings
    .map((holding) => ({
      holding,
      collection: plain.find((c) => c.address.toLowerCase() === holding.contract.toLowerCase()),
    }))
    .find((entry) => entry.collection?.standard === 'ERC-721');
  if (nft?.collection) {
    records.push({
      name: demo.name,
      record: `eip155:1/erc721:${nft.collection.address.toLowerCase()}/${nft.holding.tokenId}`,
      image: `ipfs://${nft.collection.imageCid}/${nft.holding.tokenId}.svg`,
    });
  }
  const other = names.slice(1).find((entry) => entry.address !== demo.address);
  const art = plain.find((collection) => collection.standard === 'ERC-721');
  const token = art?.tokens[0];
  if (other && art && token) {
    const image = `ipfs://${art.imageCid}/${token.tokenId}.svg`;
    records.push({ name: other.name, record: image, image });
  }
  return records;
}

/**
 * Reverse records: the `demo.eth` wallet's primary name is `demo.eth`, the next demo wallet's its
 * own name; the last one claims `demo.eth`, which resolves elsewhere (a primary name that fails
 * the forward check, shown nowhere).
 */
function reverseRecords(names: EnsName[]): EnsReverseRecord[] {
  const demo = names[0]!;
  const others = names.slice(1).filter((entry) => entry.address !== demo.address);
  const records: EnsReverseRecord[] = [{ address: demo.address, name: demo.name, verified: true }];
  if (others[0]) records.push({ address: others[0].address, name: others[0].name, verified: true });
  if (others[1]) records.push({ address: others[1].address, name: demo.name, verified: false });
  return records;
}

/**
 * Registry, resolver and universal resolver at nonces 0-2 of the ENS deployer, the offchain and
 * wildcard resolvers at 3-4; then `eth` for the deployer, and per name its record (owner: the
 * deployer, resolver: ours), its address, its avatar, and its transfer to the wallet it names, as
 * on mainnet where a name belongs to its holder; `offchain.eth` and `wild.eth` on their
 * resolvers; `addr.reverse` and the reverse records.
 */
export function buildEnsPlan(
  ethereumWallets: DevchainWallet[],
  options: { collections?: readonly CollectionPlan[]; gatewayUrl?: string } = {},
): EnsPlan {
  const deployer = lower(ENS_DEPLOYER);
  const at = (nonce: number): Address => lower(getContractAddress({ from: deployer, nonce: BigInt(nonce) }));
  const registry = at(0);
  const publicResolver = at(1);
  const universalResolver = at(2);
  const offchainResolver = at(3);
  const wildcardResolver = at(4);
  const gatewayUrl = options.gatewayUrl ?? ensGatewayUrl();
  const gatewaySigner = lower(privateKeyToAddress(ENS_GATEWAY_SIGNER_KEY));
  const names = ensNames(ethereumWallets);
  const wallet = (key: string): Address =>
    names.find((entry) => entry.label === key)?.address ?? names[0]!.address;
  const offchainNames = [
    subname(`alice.${OFFCHAIN_PARENT}`, wallet('collector')),
    subname(`bob.${OFFCHAIN_PARENT}`, wallet('trader')),
  ];
  const wildcardNames = [
    subname(`alice.${WILDCARD_PARENT}`, wallet('trader')),
    subname(`a.b.${WILDCARD_PARENT}`, wallet('newcomer')),
  ];
  const reverse = reverseRecords(names);
  const avatars = avatarRecords(names, options.collections ?? [], ethereumWallets);
  const ethNode = namehash('eth');
  const registryCall = (
    functionName: 'setSubnodeOwner' | 'setSubnodeRecord' | 'setOwner',
    args: ReadonlyArray<Hex | bigint>,
  ): EnsTx => ({ kind: 'call', contract: 'NexusEnsRegistry', to: registry, functionName, args });
  const resolverCall = (
    functionName: 'setAddr' | 'setName' | 'setText',
    args: ReadonlyArray<Hex | string>,
  ): EnsTx => ({
    kind: 'call',
    contract: 'NexusEnsPublicResolver',
    to: publicResolver,
    functionName,
    args,
  });
  const txs: EnsTx[] = [
    { kind: 'deploy', contract: 'NexusEnsRegistry', address: registry, args: [] },
    { kind: 'deploy', contract: 'NexusEnsPublicResolver', address: publicResolver, args: [registry] },
    { kind: 'deploy', contract: 'NexusEnsUniversalResolver', address: universalResolver, args: [registry] },
    {
      kind: 'deploy',
      contract: 'NexusEnsOffchainResolver',
      address: offchainResolver,
      args: [gatewayUrl, gatewaySigner],
    },
    { kind: 'deploy', contract: 'NexusEnsWildcardResolver', address: wildcardResolver, args: [] },
    registryCall('setSubnodeOwner', [ROOT_NODE, labelhash('eth'), deployer]),
  ];
  for (const entry of names) {
    txs.push(
      registryCall('setSubnodeRecord', [ethNode, labelhash(entry.label), deployer, publicResolver, 0n]),
      resolverCall('setAddr', [entry.node, entry.address]),
    );
    for (const avatar of avatars.filter((record) => record.name === entry.name))
      txs.push(resolverCall('setText', [entry.node, 'avatar', avatar.record]));
    txs.push(registryCall('setOwner', [entry.node, entry.address]));
  }
  txs.push(
    registryCall('setSubnodeRecord', [ethNode, labelhash('offchain'), deployer, offchainResolver, 0n]),
    registryCall('setSubnodeRecord', [ethNode, labelhash('wild'), deployer, wildcardResolver, 0n]),
  );
  for (const entry of wildcardNames) {
    txs.push({
      kind: 'call',
      contract: 'NexusEnsWildcardResolver',
      to: wildcardResolver,
      functionName: 'setAddr',
      args: [entry.node, entry.address],
    });
  }
  txs.push(
    registryCall('setSubnodeOwner', [ROOT_NODE, labelhash('reverse'), deployer]),
    registryCall('setSubnodeOwner', [namehash('reverse'), labelhash('addr'), deployer]),
  );
  for (const record of reverse) {
    txs.push(
      registryCall('setSubnodeRecord', [
        namehash('addr.reverse'),
        labelhash(record.address.slice(2).toLowerCase()),
        deployer,
        publicResolver,
        0n,
      ]),
      resolverCall('setName', [reverseNode(record.address), record.name]),
    );
  }
  for (const [nonce, tx] of txs.entries()) {
    if (tx.kind === 'deploy' && tx.address !== at(nonce))
      throw new Error(`ENS plan: ${tx.contract} out of order`);
  }
  return {
    deployer,
    registry,
    publicResolver,
    universalResolver,
    offchainResolver,
    wildcardResolver,
    gatewayUrl,
    gatewaySigner,
    names,
    offchainNames,
    wildcardNames,
    reverse,
    avatars,
    txs,
  };
}

export function manifestEns(plan: EnsPlan): DevchainEns {
  return {
    universalResolver: plan.universalResolver,
    registry: plan.registry,
    publicResolver: plan.publicResolver,
    offchainResolver: plan.offchainResolver,
    wildcardResolver: plan.wildcardResolver,
    gateway: plan.gatewayUrl,
    names: plan.names.map((entry) => ({ name: entry.name, address: entry.address })),
    offchainNames: plan.offchainNames.map((entry) => ({ name: entry.name, address: entry.address })),
    wildcardNames: plan.wildcardNames.map((entry) => ({ name: entry.name, address: entry.address })),
    primaryNames: plan.reverse.map((record) => ({ ...record })),
    avatars: plan.avatars.map((avatar) => ({ ...avatar })),
  };
}
