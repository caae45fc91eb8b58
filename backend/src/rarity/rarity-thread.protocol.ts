import type { RarityMethodName } from '@nexus/contract';
import type { RarityToken } from './rarity.types.js';

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
  | { id: number; type: 'release'; read: number };

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
  | { id: number; type: 'failed'; message: string };
