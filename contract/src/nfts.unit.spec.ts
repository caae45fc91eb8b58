import { compareTokenIds } from './nfts.js';

describe(compareTokenIds.name, () => {
  it('puts decimal ids in numeric order, beyond what a JS number holds', () => {
    const big = (2n ** 256n - 1n).toString();
    expect(['10', '9', big, '100', '0'].sort(compareTokenIds)).toEqual(['0', '9', '10', '100', big]);
  });

  it('compares ids by length, then by text', () => {
    expect(['2', '10', '1', 'b', 'a1'].sort(compareTokenIds)).toEqual(['1', '2', 'b', '10', 'a1']);
  });

  it('answers 0 for the same id only', () => {
    expect(compareTokenIds('42', '42')).toBe(0);
    expect(Math.sign(compareTokenIds('42', '43'))).toBe(-1);
    expect(Math.sign(compareTokenIds('43', '42'))).toBe(1);
  });
});
