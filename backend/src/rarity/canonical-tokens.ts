import { compareTokenIds } from '@nexus/contract';
import { createHash } from 'node:crypto';
import type { RarityToken } from './rarity.types.js';

const HASH_BLOCK = 64 * 1024;

export interface CanonicalTokens<T extends RarityToken = RarityToken> {
  /** Token id order: the same set ranks the same, in whatever order it was sent. */
  tokens: T[];
  /** SHA-256 of the ids and attributes, in that order: the cache key of this token set. */
  hash: string;
}

/**
 * Orders a token set and fingerprints it. Attributes are hashed as [trait_type, value, display_type]
 * tuples in their given order, so the fingerprint does not depend on how a JSON store orders keys
 * (PostgreSQL's jsonb reorders them); value types count ("1" and 1 differ).
 */
export function canonicalTokens<T extends RarityToken>(tokens: readonly T[]): CanonicalTokens<T> {
  const sorted = [...tokens].sort((a, b) => compareTokenIds(a.tokenId, b.tokenId));
  const hash = createHash('sha256');
  // Fed in blocks: one update per token costs more than the hashing.
  let block = '';
  for (const token of sorted) {
    const attributes = token.attributes.map((a) => [a.trait_type, a.value, a.display_type ?? null]);
    block += JSON.stringify([token.tokenId, attributes]) + '\n';
    if (block.length >= HASH_BLOCK) {
      hash.update(block);
      block = '';
    }
  }
  hash.update(block);
  return { tokens: sorted, hash: hash.digest('base64url') };
}
