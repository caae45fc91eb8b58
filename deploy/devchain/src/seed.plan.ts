// Over 400 lines for that reason: the plan, its token metadata and the SVG art drawn from it are one
// deterministic replay of seed.collections.json.
import { getContractAddress, keccak256, toHex, type Address } from 'viem';
import { cidV1 } from './cid.util.js';
import { buildEnsPlan, type EnsPlan } from './ens.plan.js';
import type {
  DevchainCollection,
  DevchainEdgeCases,
  DevchainHolding,
  DevchainWallet,
  TokenStandard,
} from './manifest.js';
import {
  DEMO_WALLETS,
  DEPLOYERS,
  DEVCHAIN_CHAIN_IDS,
  demoWallet,
  type DemoWalletKey,
  type Network,
} from './networks.config.js';
import { seededRandom } from './random.util.js';
import { renderTokenSvg, type ArtStyle } from './token-art.svg.js';
import { worldShape, type WorldScale } from './world.config.js';
import {
  distributionSampler,
  generateTraits,
  TRAIT_SCHEMAS,
  traitsFromDatasetOrGenerated,
  traitsFromDistributions,
  type TokenAttribute,
  type TraitTable,
} from './trait.source.js';
import seedCollections from './seed.collections.json' with { type: 'json' };

/**
 * The dev chains' content as data (`seed.collections.json`: which contracts, which tokens to whom,
 * which awkward cases) turned into a plan. Pure and deterministic: the seeder executes it, the gateway serves its metadata, and the
 * manifest's expected holdings come from replaying it, never from reading the chain back.
 */

export type ContractKind =
  'NexusEnumerable721' | 'NexusPlain721' | 'NexusConsecutive721' | 'NexusEditions1155';

/** Tokens per mint transaction: ~58 M gas for an enumerable ERC-721 batch, fine under our block gas limit. */
export const MINT_BATCH_721 = 500;
export const MINT_BATCH_1155 = 200;

export interface PlannedToken {
  tokenId: number;
  name: string;
  attributes: TokenAttribute[];
}

/**
 * The tokens of a collection too large to hold one object each (the huge dev world's million): ids
 * `firstId …` made on demand from their id, the same on every call and machine, all minted at
 * construction in EIP-2309 `batches` to community holders (no demo wallet holds one).
 */
export interface GeneratedTokens {
  firstId: number;
  count: number;
  token(tokenId: number): PlannedToken | undefined;
  batches: Array<{ to: Address; size: number }>;
}

export type HolderOp =
  | { kind: 'transfer'; from: Address; to: Address; tokenId: number; amount: number }
  | { kind: 'burn'; from: Address; tokenId: number; amount: number };

export type OwnerOp =
  { kind: 'uriOverride'; tokenId: number; uri: string } | { kind: 'uriReverts'; tokenId: number };

export interface CollectionPlan {
  key: string;
  network: Network;
  contract: ContractKind;
  address: Address;
  name: string;
  symbol: string;
  description: string;
  standard: TokenStandard;
  enumerable: boolean;
  traitSource: 'dataset' | 'generated';
  artStyle: ArtStyle;
  /** Every token with its metadata, ascending ids (none listed for a `generated` collection). */
  tokens: PlannedToken[];
  /** Set for a collection whose tokens are made on demand: `tokens` and `mints` are empty. */
  generated?: GeneratedTokens;
  /** ERC-721: recipients of ids first, first+1, …; ERC-1155: (to, id, amount). */
  mints: Array<{ tokenId: number; to: Address; amount: number }>;
  ownerOps: OwnerOp[];
  holderOps: HolderOp[];
  spam: boolean;
  metadataCid: string;
  imageCid: string;
  /** ERC-721: base URI (`ipfs://<cid>/`); ERC-1155: the uri template with `{id}`. */
  tokenUri: string;
  /** Recorded in the manifest. */
  edgeCases?: DevchainEdgeCases;
}

/** One transaction of the deployer, in nonce order. */
export type DeployerTx =
  | { kind: 'deploy'; collection: CollectionPlan }
  | { kind: 'mint721'; collection: CollectionPlan; firstId: number; recipients: Address[] }
  | {
      kind: 'mint1155';
      collection: CollectionPlan;
      mints: Array<{ tokenId: number; to: Address; amount: number }>;
    }
  | { kind: 'owner'; collection: CollectionPlan; op: OwnerOp };

export interface NetworkPlan {
  network: Network;
  chainId: number;
  deployer: Address;
  collections: CollectionPlan[];
  deployerTxs: DeployerTx[];
  /** Transactions of demo wallets after the deployer's, in order. */
  holderTxs: Array<{ collection: CollectionPlan; op: HolderOp }>;
  /** ENS contracts and demo names: ethereum only, sent by their own deployer. */
  ens?: EnsPlan;
}

/** Holders that are not demo wallets: addresses with no key, derived from a label. */
export function communityHolders(network: Network, count: number): Address[] {
  return Array.from(
    { length: count },
    (_, index) => `0x${keccak256(toHex(`nexus-holder:${network}:${index}`)).slice(-40)}` as Address,
  );
}

const COMMUNITY_SIZE = 600;

/**
 * Recipient of each id: a demo wallet when assigned, else a community holder picked with a skew
 * (r² favours low indices) so that a few holders own many tokens, as in real collections.
 */
function distribute(
  network: Network,
  key: string,
  ids: number[],
  assigned: Partial<Record<DemoWalletKey, number[]>>,
): Array<{ tokenId: number; to: Address; amount: number }> {
  const holders = communityHolders(network, COMMUNITY_SIZE);
  const random = seededRandom(`distribution:${network}:${key}`);
  const owners = new Map<number, Address>();
  for (const [wallet, walletIds] of Object.entries(assigned) as Array<[DemoWalletKey, number[]]>) {
    for (const id of walletIds) owners.set(id, demoWallet(wallet));
  }
  return ids.map((tokenId) => {
    const pick = random();
    const to = owners.get(tokenId) ?? holders[Math.floor(pick * pick * holders.length)]!;
    return { tokenId, to, amount: 1 };
  });
}

/** Mints of ids 0, 1, 2, … in runs: `[holder, count]` each. */
function consecutiveMints(
  runs: Array<[Address, number]>,
): Array<{ tokenId: number; to: Address; amount: number }> {
  const mints: Array<{ tokenId: number; to: Address; amount: number }> = [];
  for (const [to, count] of runs) {
    for (let i = 0; i < count; i++) mints.push({ tokenId: mints.length, to, amount: 1 });
  }
  return mints;
}

/**
 * EIP-2309 batches of a collection minted at construction: runs of consecutive ids going to the
 * same holder, at most 5,000 ids each (OpenZeppelin's ERC721Consecutive limit).
 */
export function consecutiveBatches(collection: CollectionPlan): Array<{ to: Address; size: number }> {
  if (collection.generated) return collection.generated.batches;
  const batches: Array<{ to: Address; size: number }> = [];
  collection.mints.forEach((mint, index) => {
    if (mint.tokenId !== index) throw new Error(`${collection.key}: batch mints must be ids 0, 1, 2, …`);
    const last = batches.at(-1);
    if (last && last.to === mint.to && last.size < 5_000) last.size++;
    else batches.push({ to: mint.to, size: 1 });
  });
  return batches;
}

function tokensFrom(table: TraitTable, firstId: number, name: string): PlannedToken[] {
  return table.map((attributes, index) => ({
    tokenId: firstId + index,
    name: `${name} #${firstId + index}`,
    attributes,
  }));
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Metadata JSON of one token as the gateway serves it. */
export function tokenMetadata(collection: CollectionPlan, token: PlannedToken): Record<string, unknown> {
  return {
    name: token.name,
    description: collection.description,
    image: `ipfs://${collection.imageCid}/${imageFileName(collection, token.tokenId)}`,
    attributes: token.attributes,
  };
}

export function imageFileName(collection: CollectionPlan, tokenId: number): string {
  return collection.standard === 'ERC-1155' ? `${hexId(tokenId)}.svg` : `${tokenId}.svg`;
}

/** ERC-1155 `{id}` substitution: 64 lower-case hex digits, no 0x. */
export function hexId(tokenId: number | bigint): string {
  return BigInt(tokenId).toString(16).padStart(64, '0');
}

/** A token of the plan by id, listed or generated. */
export function plannedToken(collection: CollectionPlan, tokenId: number): PlannedToken | undefined {
  if (collection.generated) return collection.generated.token(tokenId);
  return collection.tokens.find((token) => token.tokenId === tokenId);
}

/** The lowest token id of the plan. */
export function firstPlannedTokenId(collection: CollectionPlan): number {
  return collection.generated?.firstId ?? collection.tokens[0]!.tokenId;
}

export function tokenSvg(collection: CollectionPlan, token: PlannedToken): string {
  return renderTokenSvg(collection.artStyle, token.name, token.attributes);
}

interface CollectionDraft {
  key: string;
  contract: ContractKind;
  name: string;
  symbol: string;
  description: string;
  traitSource: 'dataset' | 'generated';
  artStyle: ArtStyle;
  tokens: PlannedToken[];
  mints: Array<{ tokenId: number; to: Address; amount: number }>;
  holderOps?: HolderOp[];
  spam?: boolean;
  /** Owner ops that need the collection's CIDs (broken CID, data: URI). */
  edges?: { reverts?: number[]; brokenCid?: number[]; dataUri?: number[] };
  generated?: GeneratedTokens;
}

function finishCollection(network: Network, draft: CollectionDraft, address: Address): CollectionPlan {
  const standard: TokenStandard = draft.contract === 'NexusEditions1155' ? 'ERC-1155' : 'ERC-721';
  const identity = { network, key: draft.key, name: draft.name, style: draft.artStyle };
  // A generated collection is identified by its range: its tokens follow from their ids.
  const tokens = draft.generated
    ? { firstId: draft.generated.firstId, count: draft.generated.count }
    : draft.tokens;
  const imageCid = cidV1(JSON.stringify({ ...identity, kind: 'images', tokens }));
  const metadataCid = cidV1(
    JSON.stringify({
      ...identity,
      kind: 'metadata',
      description: draft.description,
      imageCid,
      tokens,
    }),
  );
  const tokenUri = standard === 'ERC-1155' ? `ipfs://${metadataCid}/{id}.json` : `ipfs://${metadataCid}/`;
  const collection: CollectionPlan = {
    key: draft.key,
    network,
    contract: draft.contract,
    address,
    name: draft.name,
    symbol: draft.symbol,
    description: draft.description,
    standard,
    enumerable: draft.contract === 'NexusEnumerable721',
    traitSource: draft.traitSource,
    artStyle: draft.artStyle,
    tokens: draft.tokens,
    ...(draft.generated ? { generated: draft.generated } : {}),
    mints: draft.mints,
    ownerOps: [],
    holderOps: draft.holderOps ?? [],
    spam: draft.spam ?? false,
    metadataCid,
    imageCid,
    tokenUri,
  };

  const edgeCases: DevchainEdgeCases = {};
  for (const tokenId of draft.edges?.reverts ?? []) collection.ownerOps.push({ kind: 'uriReverts', tokenId });
  if (draft.edges?.reverts?.length) edgeCases.tokenUriReverts = draft.edges.reverts.map(String);
  for (const tokenId of draft.edges?.brokenCid ?? []) {
    // A well-formed CID that no gateway has: resolvers must give up cleanly on the 404.
    const uri = `ipfs://${cidV1(`nexus:missing:${network}:${draft.key}:${tokenId}`)}/${tokenId}`;
    collection.ownerOps.push({ kind: 'uriOverride', tokenId, uri });
    (edgeCases.brokenCid ??= []).push({ tokenId: String(tokenId), uri });
  }
  for (const tokenId of draft.edges?.dataUri ?? []) {
    const token = draft.tokens.find((candidate) => candidate.tokenId === tokenId);
    if (!token) throw new Error(`data: URI edge case on unknown token ${tokenId}`);
    const json = JSON.stringify({
      name: token.name,
      description: `${draft.description} This token carries its metadata on chain.`,
      image: `data:image/svg+xml;base64,${base64(renderTokenSvg(draft.artStyle, token.name, token.attributes))}`,
      attributes: token.attributes,
    });
    collection.ownerOps.push({
      kind: 'uriOverride',
      tokenId,
      uri: `data:application/json;base64,${base64(json)}`,
    });
    (edgeCases.dataUri ??= []).push(String(tokenId));
  }
  if (draft.contract === 'NexusConsecutive721') {
    let next = 0;
    edgeCases.consecutiveBatches = consecutiveBatches(collection).map(({ to, size }) => {
      const batch = { fromTokenId: String(next), toTokenId: String(next + size - 1), to };
      next += size;
      return batch;
    });
  }
  for (const op of collection.holderOps) {
    if (op.kind === 'burn') {
      (edgeCases.burned ??= []).push({
        tokenId: String(op.tokenId),
        from: op.from,
        ...(standard === 'ERC-1155' ? { amount: op.amount } : {}),
      });
    } else {
      (edgeCases.transferred ??= []).push({
        tokenId: String(op.tokenId),
        from: op.from,
        to: op.to,
        ...(standard === 'ERC-1155' ? { amount: op.amount } : {}),
      });
    }
  }
  if (collection.spam) edgeCases.spam = true;
  if (Object.keys(edgeCases).length > 0) collection.edgeCases = edgeCases;
  return collection;
}

function editionTokens(
  collectionName: string,
  editions: ReadonlyArray<readonly [string, 'Common' | 'Rare' | 'Legendary', string]>,
): PlannedToken[] {
  return editions.map(([edition, tier, season], index) => ({
    tokenId: index + 1,
    name: `${collectionName}: ${edition}`,
    attributes: [
      { trait_type: 'Edition', value: edition },
      { trait_type: 'Tier', value: tier },
      { trait_type: 'Season', value: season },
    ],
  }));
}

/** Community mints of an edition collection: a few holders per id, plus the demo wallets' lots. */
function editionMints(
  network: Network,
  key: string,
  ids: number[],
  demo: Array<{ wallet: DemoWalletKey; tokenId: number; amount: number }>,
): Array<{ tokenId: number; to: Address; amount: number }> {
  const holders = communityHolders(network, COMMUNITY_SIZE);
  const random = seededRandom(`editions:${network}:${key}`);
  const mints = demo.map((lot) => ({ tokenId: lot.tokenId, to: demoWallet(lot.wallet), amount: lot.amount }));
  for (const tokenId of ids) {
    const holdersOfId = 3 + Math.floor(random() * 12);
    for (let index = 0; index < holdersOfId; index++) {
      mints.push({
        tokenId,
        to: holders[Math.floor(random() * holders.length)]!,
        amount: 1 + Math.floor(random() * 25),
      });
    }
  }
  return mints;
}

/** A holder named in the seed data: a demo wallet, or `community:<n>`, the n-th community holder. */
type HolderName = DemoWalletKey | `community:${number}`;

/** One collection of `seed.collections.json`: what it is, its tokens, who gets them, its edge cases. */
interface CollectionSpec {
  key: string;
  contract: ContractKind;
  name: string;
  symbol: string;
  description: string;
  artStyle: ArtStyle;
  tokens:
    /** Ids firstId… with traits of a dataset file when present, else generated from the schema. */
    | { firstId: number; count: number; traits: keyof typeof TRAIT_SCHEMAS; dataset?: string }
    /** Ids firstId… that all carry the same attributes. */
    | { firstId: number; count: number; attributes: TokenAttribute[] }
    /** Ids 1… of an edition collection: [edition, tier, season] each. */
    | { editions: Array<[string, 'Common' | 'Rare' | 'Legendary', string]> };
  mints:
    /** Every id to a community holder, but for the demo wallets' ids. */
    | { distribute: Partial<Record<DemoWalletKey, number[]>> }
    /** A few community holders per edition, plus the demo wallets' lots. */
    | { editions: Array<{ wallet: DemoWalletKey; tokenId: number; amount: number }> }
    /** Ids 0, 1, 2, … in runs of [holder, count]. */
    | { runs: Array<[HolderName, number]> };
  holderOps?: Array<
    | { kind: 'transfer'; from: HolderName; to: HolderName; tokenId: number; amount: number }
    | { kind: 'burn'; from: HolderName; tokenId: number; amount: number }
  >;
  spam?: boolean;
  edges?: CollectionDraft['edges'];
}

/** The collections of each chain, in deployment order: a collection's address follows from its place. */
const SEED_COLLECTIONS = seedCollections as unknown as Record<Network, CollectionSpec[]>;

function holder(network: Network, name: HolderName): Address {
  const community = /^community:(\d+)$/.exec(name);
  if (community) return communityHolders(network, Number(community[1]) + 1).at(-1)!;
  if (!DEMO_WALLETS.some((wallet) => wallet.key === name))
    throw new Error(`unknown holder ${name} in seed data`);
  return demoWallet(name as DemoWalletKey);
}

function draftTokens(
  spec: CollectionSpec,
  log?: (line: string) => void,
): { tokens: PlannedToken[]; traitSource: 'dataset' | 'generated' } {
  const tokens = spec.tokens;
  if ('editions' in tokens)
    return { tokens: editionTokens(spec.name, tokens.editions), traitSource: 'generated' };
  if ('attributes' in tokens) {
    const table = Array.from({ length: tokens.count }, () => tokens.attributes.map((a) => ({ ...a })));
    return { tokens: tokensFrom(table, tokens.firstId, spec.name), traitSource: 'generated' };
  }
  const schema = TRAIT_SCHEMAS[tokens.traits];
  const traits = tokens.dataset
    ? traitsFromDatasetOrGenerated(tokens.dataset, tokens.count, schema, spec.key, log)
    : { table: generateTraits(schema, tokens.count, spec.key), source: 'generated' as const };
  return { tokens: tokensFrom(traits.table, tokens.firstId, spec.name), traitSource: traits.source };
}

function draftMints(
  network: Network,
  spec: CollectionSpec,
  ids: number[],
): Array<{ tokenId: number; to: Address; amount: number }> {
  const mints = spec.mints;
  if ('distribute' in mints) return distribute(network, spec.key, ids, mints.distribute);
  if ('editions' in mints) return editionMints(network, spec.key, ids, mints.editions);
  return consecutiveMints(mints.runs.map(([name, count]) => [holder(network, name), count]));
}

/**
 * The dev world's large collection: `count` tokens minted at construction in EIP-2309 batches (a
 * few to each demo wallet, the rest in runs of up to 5,000 to community holders), with traits drawn
 * from the ape dataset's distributions.
 */
function legionDraft(network: Network, count: number, log?: (line: string) => void): CollectionDraft {
  const traits = traitsFromDistributions('bayc-metadata.json', count, TRAIT_SCHEMAS.apes, 'legion', log);
  const holders = communityHolders(network, COMMUNITY_SIZE);
  const runs: Array<[Address, number]> = [
    [demoWallet('collector'), 30],
    [demoWallet('trader'), 20],
    [demoWallet('newcomer'), 10],
  ];
  let left = count - 60;
  for (let index = 0; left > 0; index++) {
    const size = Math.min(left, 5_000);
    runs.push([holders[index % holders.length]!, size]);
    left -= size;
  }
  return {
    key: 'legion',
    contract: 'NexusConsecutive721',
    name: 'Nexus Legion',
    symbol: 'NLGN',
    description: `Nexus Legion: ${count.toLocaleString('en-US')} apes of the Nexus dev world, minted in EIP-2309 batches, their traits drawn from a real collection's distributions.`,
    traitSource: traits.source,
    artStyle: 'ape',
    tokens: tokensFrom(traits.table, 0, 'Nexus Legion'),
    mints: consecutiveMints(runs),
  };
}

/**
 * The huge dev world's million-token collection (issue 22): minted at construction in EIP-2309
 * batches of 5,000 to community holders, its tokens (traits drawn from the mfers dataset's
 * distributions, seeded by token id) made only when the gateway is asked for one.
 */
function myriadDraft(network: Network, count: number, log?: (line: string) => void): CollectionDraft {
  const sampler = distributionSampler('mfers-metadata.json', TRAIT_SCHEMAS.mfers, log);
  const holders = communityHolders(network, COMMUNITY_SIZE);
  const batches: Array<{ to: Address; size: number }> = [];
  for (let left = count; left > 0; left -= 5_000)
    batches.push({ to: holders[batches.length % holders.length]!, size: Math.min(left, 5_000) });
  const name = 'Nexus Myriad';
  return {
    key: 'myriad',
    contract: 'NexusConsecutive721',
    name,
    symbol: 'NMYR',
    description: `${name}: ${count.toLocaleString('en-US')} tokens of the huge Nexus dev world, minted in EIP-2309 batches, their traits drawn from a real collection's distributions.`,
    traitSource: sampler.source,
    artStyle: 'mfer',
    tokens: [],
    mints: [],
    generated: {
      firstId: 0,
      count,
      batches,
      token: (tokenId) =>
        Number.isSafeInteger(tokenId) && tokenId >= 0 && tokenId < count
          ? {
              tokenId,
              name: `${name} #${tokenId}`,
              attributes: sampler.draw(seededRandom(`myriad:${tokenId}`)),
            }
          : undefined,
    },
  };
}

function drafts(
  network: Network,
  log?: (line: string) => void,
  world: WorldScale = 'off',
): CollectionDraft[] {
  const list = baseDrafts(network, log);
  const shape = worldShape(world);
  // Appended: the collections before keep their deployment nonces, hence their addresses.
  if (shape && network === 'polygon') list.push(legionDraft(network, shape.legionTokens, log));
  if (shape?.myriadTokens && network === 'polygon') list.push(myriadDraft(network, shape.myriadTokens, log));
  return list;
}

function baseDrafts(network: Network, log?: (line: string) => void): CollectionDraft[] {
  return SEED_COLLECTIONS[network].map((spec) => {
    const { tokens, traitSource } = draftTokens(spec, log);
    const holderOps = (spec.holderOps ?? []).map((op): HolderOp =>
      op.kind === 'transfer'
        ? { ...op, from: holder(network, op.from), to: holder(network, op.to) }
        : { ...op, from: holder(network, op.from) },
    );
    return {
      key: spec.key,
      contract: spec.contract,
      name: spec.name,
      symbol: spec.symbol,
      description: spec.description,
      traitSource,
      artStyle: spec.artStyle,
      tokens,
      mints: draftMints(
        network,
        spec,
        tokens.map((token) => token.tokenId),
      ),
      ...(spec.holderOps ? { holderOps } : {}),
      ...(spec.spam ? { spam: true } : {}),
      ...(spec.edges ? { edges: spec.edges } : {}),
    };
  });
}

/** Mint batches are small for the non-enumerable collection so its logs span many blocks. */
function mintBatchSize(collection: CollectionPlan): number {
  if (collection.standard === 'ERC-1155') return MINT_BATCH_1155;
  return collection.enumerable ? MINT_BATCH_721 : 100;
}

export function buildNetworkPlan(
  network: Network,
  log?: (line: string) => void,
  world: WorldScale = 'off',
  /** ENS offchain resolver's gateway URL (the dev gateway's port); the default port otherwise. */
  ensGatewayUrl?: string,
): NetworkPlan {
  const deployer = DEPLOYERS[network];
  const collections = drafts(network, log, world).map((draft, index) =>
    finishCollection(
      network,
      draft,
      getContractAddress({ from: deployer, nonce: BigInt(index) }).toLowerCase() as Address,
    ),
  );
  const deployerTxs: DeployerTx[] = collections.map((collection) => ({ kind: 'deploy', collection }));
  for (const collection of collections) {
    // EIP-2309 collections mint in their constructor.
    if (collection.contract === 'NexusConsecutive721') continue;
    const size = mintBatchSize(collection);
    for (let start = 0; start < collection.mints.length; start += size) {
      const chunk = collection.mints.slice(start, start + size);
      if (collection.standard === 'ERC-1155') {
        deployerTxs.push({ kind: 'mint1155', collection, mints: chunk });
      } else {
        deployerTxs.push({
          kind: 'mint721',
          collection,
          firstId: chunk[0]!.tokenId,
          recipients: chunk.map((mint) => mint.to),
        });
      }
    }
  }
  for (const collection of collections) {
    for (const op of collection.ownerOps) deployerTxs.push({ kind: 'owner', collection, op });
  }
  const holderTxs = collections.flatMap((collection) =>
    collection.holderOps.map((op) => ({ collection, op })),
  );
  const plan: NetworkPlan = {
    network,
    chainId: DEVCHAIN_CHAIN_IDS[network],
    deployer,
    collections,
    deployerTxs,
    holderTxs,
  };
  if (network === 'ethereum')
    plan.ens = buildEnsPlan(manifestWallets(plan), {
      collections,
      ...(ensGatewayUrl ? { gatewayUrl: ensGatewayUrl } : {}),
    });
  return plan;
}

/** Replays mints, transfers and burns: who holds what once the plan has run. */
export function finalBalances(collection: CollectionPlan): Map<number, Map<Address, number>> {
  const balances = new Map<number, Map<Address, number>>();
  const add = (tokenId: number, owner: Address, amount: number): void => {
    const holders = balances.get(tokenId) ?? new Map<Address, number>();
    const next = (holders.get(owner) ?? 0) + amount;
    if (next < 0)
      throw new Error(`plan of ${collection.key} spends token ${tokenId} that ${owner} does not hold`);
    if (next === 0) holders.delete(owner);
    else holders.set(owner, next);
    balances.set(tokenId, holders);
  };
  for (const mint of collection.mints) add(mint.tokenId, mint.to, mint.amount);
  for (const op of collection.holderOps) {
    add(op.tokenId, op.from, -op.amount);
    if (op.kind === 'transfer') add(op.tokenId, op.to, op.amount);
  }
  for (const [tokenId, holders] of balances) if (holders.size === 0) balances.delete(tokenId);
  return balances;
}

export function manifestCollection(collection: CollectionPlan): DevchainCollection {
  const balances = finalBalances(collection);
  const generated = collection.generated;
  const ids = generated
    ? [generated.firstId, generated.firstId + generated.count - 1]
    : collection.tokens.map((token) => token.tokenId);
  return {
    key: collection.key,
    network: collection.network,
    address: collection.address,
    name: collection.name,
    symbol: collection.symbol,
    description: collection.description,
    standard: collection.standard,
    totalSupply: generated ? generated.count : balances.size,
    enumerable: collection.enumerable,
    traitSource: collection.traitSource,
    tokenUri: collection.tokenUri,
    metadataCid: collection.metadataCid,
    imageCid: collection.imageCid,
    firstTokenId: String(Math.min(...ids)),
    lastTokenId: String(Math.max(...ids)),
    ...(collection.edgeCases ? { edgeCases: collection.edgeCases } : {}),
  };
}

export function manifestWallets(plan: NetworkPlan): DevchainWallet[] {
  const balancesByCollection = plan.collections.map((collection) => ({
    collection,
    balances: finalBalances(collection),
  }));
  return DEMO_WALLETS.map((wallet) => {
    const holdings: DevchainHolding[] = [];
    for (const { collection, balances } of balancesByCollection) {
      for (const [tokenId, holders] of [...balances].sort((a, b) => a[0] - b[0])) {
        const balance = holders.get(wallet.address);
        if (balance) {
          holdings.push({
            contract: collection.address,
            collection: collection.key,
            tokenId: String(tokenId),
            balance,
          });
        }
      }
    }
    return { network: plan.network, address: wallet.address, label: wallet.label, holdings };
  });
}
