import { competitionRank } from './competition-rank.js';
import { InformationContentMethod } from './information-content.method.js';
import { RankedCollection } from './ranked-collection.js';
import type { RarityMethod } from './rarity-method.js';
import { DEFAULT_RARITY_METHOD, type RarityMethodName } from '@nexus/contract';
import type { RarityToken, TraitSummary } from './rarity.types.js';
import { StatisticalMethod } from './statistical.method.js';
import { PairFlag, TraitIndex } from './trait-index.js';
import { summarizeTraits } from './trait-summary.js';

export interface RankOptions {
  method?: RarityMethodName;
}

export const RARITY_METHODS: Readonly<Record<RarityMethodName, RarityMethod>> = {
  openrarity: new InformationContentMethod(),
  statistical: new StatisticalMethod(),
};

/** Scores and ranks whole collections in memory; holds no state between calls. */
export class RarityEngine {
  constructor(private readonly methods: Readonly<Record<RarityMethodName, RarityMethod>> = RARITY_METHODS) {}

  rank(tokens: readonly RarityToken[], options: RankOptions = {}): RankedCollection {
    return this.rankIndex(TraitIndex.build(tokens), options.method ?? DEFAULT_RARITY_METHOD);
  }

  /** Ranks an already indexed collection (to score one collection by several methods). */
  rankIndex(index: TraitIndex, method: RarityMethodName = DEFAULT_RARITY_METHOD): RankedCollection {
    const weighted = this.methods[method].weigh(index);
    const { weights, normalizer } = weighted;
    const tokenCount = index.tokenCount;
    const typeCount = index.typeCount;
    const slots = index.slots;

    // Unique attribute count: a value held by one token only; a missing trait never counts.
    const uniquePair = new Uint8Array(index.pairTotal);
    for (let pair = 0; pair < uniquePair.length; pair++) {
      uniquePair[pair] =
        index.pairCount[pair] === 1 && (index.pairFlags[pair] & PairFlag.Missing) === 0 ? 1 : 0;
    }

    const scores = new Float64Array(tokenCount);
    const uniqueCounts = new Int32Array(tokenCount);
    for (let t = 0, base = 0; t < tokenCount; t++, base += typeCount) {
      let sum = 0;
      let unique = 0;
      for (let type = 0; type < typeCount; type++) {
        const pair = slots[base + type];
        sum += weights[pair];
        unique += uniquePair[pair];
      }
      scores[t] = sum / normalizer;
      uniqueCounts[t] = unique;
    }

    const ranks = new Int32Array(tokenCount);
    const order = competitionRank(scores, uniqueCounts, ranks);
    return new RankedCollection(index, method, weighted, scores, uniqueCounts, ranks, order);
  }

  summarize(tokens: readonly RarityToken[]): TraitSummary {
    return summarizeTraits(TraitIndex.build(tokens));
  }
}
