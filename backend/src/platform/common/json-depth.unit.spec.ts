import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('exceedsJsonDepth', () => {
  it('allows 32 levels and refuses 33', () => {
    expect(exceedsJsonDepth(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(exceedsJsonDepth(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(exceedsJsonDepth(bytes('{"a":'.repeat(40) + '1' + '}'.repeat(40)))).toBe(true);
  });

  it('counts levels, not brackets: siblings do not add up', () => {
    const wide = JSON.stringify({
      tokens: Array.from({ length: 500 }, (_, i) => ({ id: i, traits: [[i]] })),
    });
    expect(exceedsJsonDepth(bytes(wide))).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ name: '['.repeat(100), quote: 'say \\"[[[[" please', deep: [[1]] });
    expect(exceedsJsonDepth(bytes(text))).toBe(false);
  });

  it('refuses 3,000 unclosed brackets (malformed and deep)', () => {
    expect(exceedsJsonDepth(bytes('['.repeat(3000)))).toBe(true);
  });
});
