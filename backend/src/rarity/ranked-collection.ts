import type { RarityMethodName, RarityResult } from '@nexus/contract';
import type { MethodWeights } from './rarity-method.js';
import type {
  RankedToken,
  RarityExplanation,
  RarityRanking,
  TraitContribution,
  TraitSummary,
} from './rarity.types.js';
import { isUnscoredAttribute, PairFlag, type TraitIndex } from './trait-index.js';
import { summarizeTraits } from './trait-summary.js';

/** A collection scored and ranked by one method; explanations and summaries are computed on demand. */
export class RankedCollection {
  private positions: Map<string, number> | undefined;

  constructor(
    readonly index: TraitIndex,
    readonly method: RarityMethodName,
    private readonly weighted: MethodWeights,
    /** Per token, in input order. */
    readonly scores: Float64Array,
    readonly uniqueCounts: Int32Array,
    readonly ranks: Int32Array,
    /** Token indices in rank order. */
    readonly order: Int32Array,
  ) {}

  /** Every token in rank order (input order among equals). */
  results(): RarityRanking[] {
    const tokens = this.index.tokens;
    const out = new Array<RarityRanking>(this.order.length);
    for (let position = 0; position < out.length; position++) {
      const t = this.order[position];
      out[position] = {
        tokenId: tokens[t].tokenId,
        rarityScore: this.scores[t],
        rarityRank: this.ranks[t],
      };
    }
    return out;
  }

  get size(): number {
    return this.index.tokenCount;
  }

  /** Divisor of every token's weight sum: the collection entropy for openrarity, else 1. */
  get normalizer(): number {
    return this.weighted.normalizer;
  }

  toRarityResult(): RarityResult {
    return { nfts: this.results() };
  }

  get(tokenId: string): RankedToken | undefined {
    const t = this.position(tokenId);
    return t === undefined ? undefined : this.rankedAt(t);
  }

  /** Why a token scores what it does: one line per trait type of the collection. */
  explain(tokenId: string): RarityExplanation | undefined {
    const t = this.position(tokenId);
    if (t === undefined) return undefined;
    const index = this.index;
    const { weights, counts, normalizer } = this.weighted;
    const tokenCount = index.tokenCount;
    const traits: TraitContribution[] = [];
    const base = t * index.typeCount;
    for (let type = 0; type < index.typeCount; type++) {
      const pair = index.slots[base + type];
      const flags = index.pairFlags[pair];
      const missing = (flags & PairFlag.Missing) !== 0;
      traits.push({
        traitType: index.typeLabels[type],
        key: index.typeKeys[type],
        kind: missing ? 'missing' : flags & PairFlag.TraitCount ? 'trait-count' : 'trait',
        value: index.pairLabels[pair],
        count: counts[pair],
        share: counts[pair] / tokenCount,
        contribution: weights[pair] / normalizer,
        unique: !missing && index.pairCount[pair] === 1,
      });
    }
    traits.sort((a, b) => b.contribution - a.contribution);
    return {
      ...this.rankedAt(t),
      method: this.method,
      tokenCount,
      normalizer,
      traits,
      unscored: index.hasUnscored[t] ? index.tokens[t].attributes.filter(isUnscoredAttribute) : [],
    };
  }

  traitSummary(): TraitSummary {
    return summarizeTraits(this.index);
  }

  private rankedAt(t: number): RankedToken {
    return {
      tokenId: this.index.tokens[t].tokenId,
      rarityScore: this.scores[t],
      rarityRank: this.ranks[t],
      uniqueAttributeCount: this.uniqueCounts[t],
    };
  }

  private position(tokenId: string): number | undefined {
    if (!this.positions) {
      this.positions = new Map();
      const tokens = this.index.tokens;
      // The first token wins if an id repeats.
      for (let t = tokens.length - 1; t >= 0; t--) this.positions.set(tokens[t].tokenId, t);
    }
    return this.positions.get(tokenId);
  }
}
