import type { RarityMethodName } from '@nexus/contract';
import type { TraitIndex } from './trait-index.js';

/** Per-pair figures a method derives from the counts; a token's score is Σ weights / normalizer. */
export interface MethodWeights {
  /** Weight of each pair of the index, before normalisation. */
  weights: Float64Array;
  /** Size of the bucket the method counts each pair in. */
  counts: Int32Array;
  normalizer: number;
}

export interface RarityMethod {
  readonly name: RarityMethodName;
  weigh(index: TraitIndex): MethodWeights;
}
