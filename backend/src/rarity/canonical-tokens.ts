import { compareTokenIds } from '@nexus/contract';
import { createHash, type Hash } from 'node:crypto';
import type { RarityToken } from './rarity.types.js';

const HASH_BLOCK = 64 * 1024;

export interface CanonicalTokens<T extends RarityToken = RarityToken> {
  /** Token id order: the same set ranks the same, in whatever order it was sent. */
  tokens: T[];
  /** SHA-256 of the ids and attributes, in that order: the cache key of this token set. */
  hash: string;
}

/**
 * The fingerprint of a token set fed token by token in token id order (a stored collection read in
 * batches): the same hash `canonicalTokens` answers for the same set. A token out of order throws.
 * Attributes are hashed as [trait_type, value, display_type] tuples in their given order, so the
 * fingerprint does not depend on how a JSON store orders keys (PostgreSQL's jsonb reorders them);
 * value types count ("1" and 1 differ).
 */
export class TokenSetHash {
  private readonly hash: Hash = createHash('sha256');
  // Fed in blocks: one update per token costs more than the hashing.
  private block = '';
  private last: string | null = null;

  add(token: RarityToken): void {
    if (this.last !== null && compareTokenIds(this.last, token.tokenId) > 0) {
      throw new Error(`token ${token.tokenId} after ${this.last}: not in token id order`);
    }
    this.last = token.tokenId;
    const attributes = token.attributes.map((a) => [a.trait_type, a.value, a.display_type ?? null]);
    this.block += JSON.stringify([token.tokenId, attributes]) + '\n';
    if (this.block.length >= HASH_BLOCK) {
      this.hash.update(this.block);
      this.block = '';
    }
  }

  digest(): string {
    this.hash.update(this.block);
    this.block = '';
    return this.hash.digest('base64url');
  }
}

/** Orders a token set and fingerprints it (see `TokenSetHash`). */
export function canonicalTokens<T extends RarityToken>(tokens: readonly T[]): CanonicalTokens<T> {
  const sorted = [...tokens].sort((a, b) => compareTokenIds(a.tokenId, b.tokenId));
  const hash = new TokenSetHash();
  for (const token of sorted) hash.add(token);
  return { tokens: sorted, hash: hash.digest() };
}
