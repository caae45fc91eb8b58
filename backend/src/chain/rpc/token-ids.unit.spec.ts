import { TokenIdList } from './token-ids.util.js';

describe(TokenIdList.name, () => {
  it('sorts, drops repeats and leaves out ids, past its first capacity', () => {
    const ids = new TokenIdList();
    for (let id = 3_000; id > 0; id--) ids.push(BigInt(id % 2_000));

    ids.sortUnique().without(new Set([0n, 5n]));

    expect(ids.length).toBe(1_998);
    expect(ids.slice(0, 4)).toEqual([1n, 2n, 3n, 4n]);
    expect(ids.slice(1_996, 2_000)).toEqual([1_998n, 1_999n]);
  });

  it('keeps ids wider than 64 bits, with the ones before them', () => {
    const ids = new TokenIdList();
    const hash = 2n ** 200n + 7n;
    ids.push(9n);
    ids.push(hash);
    ids.push(1n);
    ids.push(9n);

    ids.sortUnique();

    expect(ids.slice(0, 10)).toEqual([1n, 9n, hash]);
  });
});
