import { competitionRank, scoresTie } from './competition-rank.js';

describe(competitionRank.name, () => {
  it('orders by unique count, then score, and gives competition ranks', () => {
    const scores = Float64Array.from([1, 3, 3, 0.5, 2]);
    const uniqueCounts = Int32Array.from([0, 0, 0, 0, 1]);
    const ranks = new Int32Array(5);

    const order = competitionRank(scores, uniqueCounts, ranks);

    expect(Array.from(order)).toEqual([4, 1, 2, 0, 3]);
    expect(Array.from(ranks)).toEqual([4, 2, 2, 5, 1]);
  });

  it('keeps input order among equal keys', () => {
    const ranks = new Int32Array(4);

    const order = competitionRank(Float64Array.from([1, 2, 1, 2]), new Int32Array(4), ranks);

    expect(Array.from(order)).toEqual([1, 3, 0, 2]);
    expect(Array.from(ranks)).toEqual([3, 1, 3, 1]);
  });

  it('orders exactly as a comparator on (unique desc, score desc, index asc) would', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const size = 5000;
    const pool = [0, -0, 1e-300, 0.5, 1, 1 + 2 ** -52, 3.25, 1e6, -2, -1e-9, 12345.678];
    const scores = Float64Array.from({ length: size }, () =>
      random() < 0.5 ? pool[Math.floor(random() * pool.length)] : (random() - 0.2) * 100,
    );
    const uniqueCounts = Int32Array.from({ length: size }, () =>
      random() < 0.9 ? 0 : Math.floor(random() * 4),
    );
    const expected = Array.from({ length: size }, (_, i) => i).sort(
      (a, b) => uniqueCounts[b] - uniqueCounts[a] || scores[b] - scores[a] || a - b,
    );

    const order = competitionRank(scores, uniqueCounts, new Int32Array(size));

    expect(Array.from(order)).toEqual(expected);
  });

  it('ties scores within a relative 1e-9 only', () => {
    const ranks = new Int32Array(3);

    competitionRank(Float64Array.from([1, 1 - 1e-12, 1 - 1e-6]), new Int32Array(3), ranks);

    expect(Array.from(ranks)).toEqual([1, 1, 3]);
  });
});

describe(scoresTie.name, () => {
  it('compares relative to the larger score, as math.isclose does', () => {
    expect(scoresTie(1e6, 1e6 + 1e-4)).toBe(true);
    expect(scoresTie(1e-6, 1e-6 + 1e-14)).toBe(false);
    expect(scoresTie(0, -0)).toBe(true);
    expect(scoresTie(0, 1e-300)).toBe(false);
  });
});
