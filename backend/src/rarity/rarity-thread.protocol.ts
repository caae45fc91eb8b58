import type { RarityMethodName } from '@nexus/contract';
import type { RarityExplanation, RarityToken, TraitSummary } from './rarity.types.js';

/** What is asked of a stored collection the rarity thread keeps ranked. */
export type CollectionQuestion = { kind: 'traits' } | { kind: 'explain'; tokenId: string };

/**
 * A stored collection, by `key` (network, address and method) and `version` (its row's updated_at):
 * the thread answers from the ranking it keeps (that version or a newer one), else, given `tokens`
 * (JSON text `[{tokenId, attributes}, …]`), ranks and keeps it first, else answers `found: false`.
 */
export interface CollectionAsk {
  key: string;
  version: number;
  method: RarityMethodName;
  question: CollectionQuestion;
  tokens?: string;
}

/**
 * Messages to the rarity thread. `read` parses and checks a body and keeps its canonical token set
 * under the message id until a `rank` or `release` naming that id (`read`) follows.
 */
export type RarityThreadRequest =
  | { id: number; type: 'read'; bytes: Uint8Array }
  | { id: number; type: 'rank'; read: number; method: RarityMethodName }
  | { id: number; type: 'rank-tokens'; tokens: RarityToken[]; method: RarityMethodName }
  /** `tokens`: a JSON text `[{tokenId, attributes}, …]` (a stored collection, as PostgreSQL wrote it). */
  | { id: number; type: 'rank-json'; tokens: string; method: RarityMethodName }
  | { id: number; type: 'release'; read: number }
  | ({ id: number; type: 'collection' } & CollectionAsk);

/** Why a body was refused before validation: the exception filter's 400s for each. */
export type RarityReadRefusal = 'too-deep' | 'malformed' | 'not-object';

export type RarityThreadReply =
  | {
      id: number;
      type: 'read';
      /** Every own field of the body but `nfts`, as JSON text (own keys only, `__proto__` included). */
      fields: string;
      hasNfts: boolean;
      /** The first thing wrong with `nfts`, or null. */
      problem: string | null;
      /** The token set's fingerprint, when it was kept for ranking. */
      hash: string | null;
    }
  | { id: number; type: 'refused'; reason: RarityReadRefusal }
  | { id: number; type: 'ranked'; nftsJson: string; tokenCount: number; calculationTime: number }
  | { id: number; type: 'released' }
  | {
      id: number;
      type: 'collection';
      found: boolean;
      summary?: TraitSummary;
      /** Null for a token the ranking does not score (its metadata did not resolve). */
      explanation?: RarityExplanation | null;
    }
  | { id: number; type: 'failed'; message: string };
