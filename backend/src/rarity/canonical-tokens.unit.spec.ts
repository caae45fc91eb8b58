import { canonicalTokens, TokenSetHash } from './canonical-tokens.js';
import type { RarityToken } from './rarity.types.js';

const tokens: RarityToken[] = [
  { tokenId: '10', attributes: [{ trait_type: 'Hat', value: 'Cap' }] },
  { tokenId: '9', attributes: [{ trait_type: 'Hat', value: 'Crown' }] },
  { tokenId: '100', attributes: [{ trait_type: 'Level', value: 3, display_type: 'number' }] },
];

describe(canonicalTokens.name, () => {
  it('orders by token id numerically and fingerprints the set, whatever order it came in', () => {
    const sut = canonicalTokens(tokens);
    expect(sut.tokens.map((t) => t.tokenId)).toEqual(['9', '10', '100']);
    expect(canonicalTokens([...tokens].reverse()).hash).toBe(sut.hash);
    expect(sut.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('ignores key order and extra fields, as PostgreSQL jsonb and whole NFTs would change them', () => {
    const reordered = tokens.map((t) => ({
      tokenId: t.tokenId,
      name: `#${t.tokenId}`,
      attributes: t.attributes.map((a) => ({
        display_type: a.display_type,
        value: a.value,
        trait_type: a.trait_type,
      })),
    }));
    expect(canonicalTokens(reordered).hash).toBe(canonicalTokens(tokens).hash);
  });

  it('tells apart a changed value, a value of another type, a changed display type and a missing token', () => {
    const base = canonicalTokens(tokens).hash;
    const variants: RarityToken[][] = [
      tokens.map((t) =>
        t.tokenId === '9' ? { ...t, attributes: [{ trait_type: 'Hat', value: 'crown' }] } : t,
      ),
      tokens.map((t) =>
        t.tokenId === '100'
          ? { ...t, attributes: [{ trait_type: 'Level', value: '3', display_type: 'number' }] }
          : t,
      ),
      tokens.map((t) =>
        t.tokenId === '100' ? { ...t, attributes: [{ trait_type: 'Level', value: 3 }] } : t,
      ),
      tokens.slice(1),
    ];
    const hashes = variants.map((v) => canonicalTokens(v).hash);
    expect(new Set([base, ...hashes]).size).toBe(5);
  });
});

describe(TokenSetHash.name, () => {
  it('fed token by token in token id order, answers the hash of canonicalTokens', () => {
    const sut = new TokenSetHash();
    for (const token of canonicalTokens(tokens).tokens) sut.add(token);
    expect(sut.digest()).toBe(canonicalTokens(tokens).hash);
  });

  it('refuses a token out of token id order: its hash would name another set', () => {
    const sut = new TokenSetHash();
    sut.add(tokens[0]!);
    expect(() => sut.add(tokens[1]!)).toThrow('not in token id order');
  });
});
