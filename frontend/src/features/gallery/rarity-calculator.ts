import {
  compareTokenIds,
  scanKey,
  type CalculateRarityRequest,
  type Network,
  type Nft,
  type NftAttribute,
  type RarityRequest,
  type RarityResult,
  type ScanStage,
} from '@nexus/contract';
import { nftTraits } from './gallery-logic';

export type RarityToken = RarityRequest['nfts'][number];

export interface RarityCalculationInput {
  network: Network;
  contractAddress: string;
  nfts: readonly Nft[];
}

export interface RarityCalculationOptions {
  /** Skip every cache, this browser's and the server's (the 'Recalculate' control). */
  forceRefresh?: boolean;
  /** Stages of this calculation, as SPEC §4 names them. */
  onStage?: (stage: Exclude<ScanStage, 'error'>) => void;
}

export type PostRarity = (body: CalculateRarityRequest) => Promise<RarityResult>;

/** One calculation per contract and network: the same key as the server's rarity job. */
export function rarityKey(network: Network, contractAddress: string): string {
  return scanKey('rarity', network, contractAddress);
}

function copyAttribute(attribute: NftAttribute): NftAttribute {
  const copy: NftAttribute = { trait_type: attribute.trait_type, value: attribute.value };
  if (typeof attribute.display_type === 'string') copy.display_type = attribute.display_type;
  return copy;
}

/**
 * What POST /api/calculate-rarity ranks: token id and attributes, as the API gave them (the server
 * fingerprints the set, so a set its rarity job already ranked is answered from its cache). NFTs
 * without attributes are left out, as the job leaves out tokens whose metadata did not resolve;
 * a token id met twice is sent once.
 */
export function rarityTokens(nfts: readonly Nft[]): RarityToken[] {
  const seen = new Set<string>();
  const tokens: RarityToken[] = [];
  for (const nft of nfts) {
    const attributes = nftTraits(nft);
    if (attributes.length === 0 || seen.has(nft.tokenId)) continue;
    seen.add(nft.tokenId);
    tokens.push({ tokenId: nft.tokenId, attributes: attributes.map(copyAttribute) });
  }
  return tokens;
}

function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Fingerprint of a token set (ids and attributes, in any order): a cached ranking is reused only for the same set. */
export function tokenSetSignature(tokens: readonly RarityToken[]): string {
  const lines = [...tokens]
    .sort((a, b) => compareTokenIds(a.tokenId, b.tokenId))
    .map((token) =>
      JSON.stringify([
        token.tokenId,
        token.attributes.map((a) => [a.trait_type, a.value, a.display_type ?? null]),
      ]),
    )
    .join('\n');
  const first = fnv1a(lines, 0x811c9dc5).toString(36);
  const second = fnv1a(lines, 0x01000193).toString(36);
  return `${tokens.length}:${first}${second}`;
}

/** The NFTs with the scores and ranks of a result; NFTs the result does not name keep theirs. */
export function mergeRarity(nfts: readonly Nft[], result: RarityResult | null): Nft[] {
  if (!result) return [...nfts];
  const byToken = new Map(result.nfts.map((entry) => [entry.tokenId, entry]));
  return nfts.map((nft) => {
    const entry = byToken.get(nft.tokenId);
    if (!entry || (entry.rarityRank === nft.rarityRank && entry.rarityScore === nft.rarityScore)) return nft;
    return { ...nft, rarityScore: entry.rarityScore, rarityRank: entry.rarityRank };
  });
}

interface Running {
  signature: string;
  promise: Promise<RarityResult>;
}

/**
 * This browser's rarity calculations: at most one per contract and network at a time, results
 * kept in memory per key (with the fingerprint of the token set they rank).
 */
export class RarityCalculator {
  private readonly results = new Map<string, { signature: string; result: RarityResult }>();
  private readonly running = new Map<string, Running>();
  /** Tokens and fingerprint per NFT list: a gallery asks about the same list several times. */
  private readonly prepared = new WeakMap<readonly Nft[], { tokens: RarityToken[]; signature: string }>();

  constructor(private readonly post: PostRarity) {}

  private prepare(nfts: readonly Nft[]): { tokens: RarityToken[]; signature: string } {
    let entry = this.prepared.get(nfts);
    if (!entry) {
      const tokens = rarityTokens(nfts);
      entry = { tokens, signature: tokenSetSignature(tokens) };
      this.prepared.set(nfts, entry);
    }
    return entry;
  }

  /** The kept result for exactly these NFTs, or null. */
  cached(input: RarityCalculationInput): RarityResult | null {
    const kept = this.results.get(rarityKey(input.network, input.contractAddress));
    if (!kept) return null;
    return kept.signature === this.prepare(input.nfts).signature ? kept.result : null;
  }

  isRunning(network: Network, contractAddress: string): boolean {
    return this.running.has(rarityKey(network, contractAddress));
  }

  /**
   * Ranks the NFTs. A call while the key's calculation runs joins it when it ranks the same set;
   * otherwise it waits for it to end, then runs (a kept result of the same set answers at once).
   */
  calculate(input: RarityCalculationInput, options: RarityCalculationOptions = {}): Promise<RarityResult> {
    const key = rarityKey(input.network, input.contractAddress);
    const { tokens, signature } = this.prepare(input.nfts);
    const current = this.running.get(key);
    if (current) {
      if (current.signature === signature && !options.forceRefresh) return current.promise;
      return current.promise.then(
        () => this.calculate(input, options),
        () => this.calculate(input, options),
      );
    }

    const promise = this.run(key, input, tokens, signature, options).finally(() => {
      if (this.running.get(key)?.promise === promise) this.running.delete(key);
    });
    this.running.set(key, { signature, promise });
    return promise;
  }

  private async run(
    key: string,
    input: RarityCalculationInput,
    tokens: RarityToken[],
    signature: string,
    options: RarityCalculationOptions,
  ): Promise<RarityResult> {
    const stage = options.onStage ?? (() => undefined);
    stage('initializing');
    // Let the caller's state settle before the request: the stages are reported in order.
    await Promise.resolve();
    stage('preparing');
    const kept = this.results.get(key);
    let result: RarityResult;
    if (!options.forceRefresh && kept?.signature === signature) {
      result = kept.result;
    } else if (tokens.length === 0) {
      // Nothing carries traits: nothing to rank, and nothing to ask.
      result = { nfts: [] };
    } else {
      stage('calculating');
      const body: CalculateRarityRequest = {
        nfts: tokens,
        contractAddress: input.contractAddress,
        network: input.network,
      };
      if (options.forceRefresh) body.forceRefresh = true;
      result = await this.post(body);
    }
    stage('finalizing');
    this.results.set(key, { signature, result });
    stage('complete');
    return result;
  }
}
