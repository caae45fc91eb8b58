import { MISSING_VALUE_KEY } from '@nexus/contract';
import { CollectionPageIndex, foldCase, type IndexRow } from './collection-page.index.js';
import { seededRandom } from '../platform/common/index.js';

const SEP = '\u001f';

/** NFTs over many trait types (`t0`..`t39`, values `a` `b` `c`, often missing), in token id order. */
function rows(
  count: number,
  types: number,
  random: () => number,
): Array<IndexRow & { traits: Map<string, string> }> {
  return Array.from({ length: count }, (_, i) => {
    const traits = new Map<string, string>();
    for (let t = 0; t < types; t++)
      if (random() < 0.85) traits.set(`t${t}`, 'abc'[Math.floor(random() * 3)]!);
    const facets = [...traits].flatMap(([type, value]) => [
      type,
      `${type}${SEP}${value}${SEP}${type.toUpperCase()}${SEP}${value.toUpperCase()}`,
    ]);
    const rank = random() < 0.2 ? null : 1 + Math.floor(random() * 20);
    return {
      token_id: String(i),
      name: `N ${i % 7}`,
      facets_text: facets.join('\u001e'),
      facets: null,
      rarity_rank: rank,
      rarity_score: rank === null ? null : 100 / rank,
      name_group: (i % 7) + 1,
      traits,
    };
  });
}

describe(CollectionPageIndex.name, () => {
  const random = seededRandom(3);
  const data = rows(300, 40, random);
  const index = new CollectionPageIndex(data, 'Many');
  const keeps = (row: (typeof data)[number], traits: Record<string, string[]>) =>
    Object.entries(traits).every(([type, values]) => {
      const value = row.traits.get(type);
      return value === undefined ? values.includes(MISSING_VALUE_KEY) : values.includes(value);
    });

  it('counts a filter over more chosen types than fit in bits like a plain reading of the rows', () => {
    for (const chosen of [3, 29, 30, 31, 35, 40]) {
      const traits: Record<string, string[]> = {};
      for (let t = 0; t < chosen; t++)
        traits[`t${t}`] = random() < 0.5 ? ['a', 'b', 'c', MISSING_VALUE_KEY] : ['a', 'b', MISSING_VALUE_KEY];
      const counts = index.counts({ search: '', traits });
      const kept = data.filter((row) => keeps(row, traits));
      expect(counts.total).toBe(kept.length);
      expect([...counts.kept].flatMap((k, i) => (k ? [String(i)] : []))).toEqual(kept.map((r) => r.token_id));
      // A chosen type's values among the NFTs the other choices keep.
      const { t0: _own, ...others } = traits;
      const rest = data.filter((row) => keeps(row, others));
      const t0 = counts.traitTypes.find((type) => type.key === 't0')!;
      for (const value of t0.values)
        expect(value.count).toBe(rest.filter((row) => row.traits.get('t0') === value.key).length);
      expect(t0.missing).toBe(rest.filter((row) => !row.traits.has('t0')).length);
      expect(t0.traitType).toBe('T0');
    }
  });

  it('counts random filters, searches and absences like a plain reading of the rows', () => {
    // Few types and values, some NFTs with two values of a type, names to search (some unnamed).
    const pick = () => 'abcd'[Math.floor(random() * 4)]!;
    const sample = Array.from({ length: 400 }, (_, i) => {
      const traits = new Map<string, string[]>();
      for (let t = 0; t < 5; t++) {
        if (random() < 0.2) continue;
        const values = [pick()];
        if (random() < 0.1) values.push(pick());
        traits.set(`t${t}`, [...new Set(values)]);
      }
      const facets = [...traits].flatMap(([type, values]) => [
        type,
        ...values.map((v) => `${type}${SEP}${v}${SEP}${type.toUpperCase()}${SEP}${v.toUpperCase()}`),
      ]);
      return {
        token_id: String(i),
        name: i % 9 === 0 ? '' : `Ape ${(i * 7) % 101}`,
        facets_text: facets.join('\u001e'),
        facets: null,
        rarity_rank: i + 1,
        rarity_score: 1 / (i + 1),
        name_group: i + 1,
        traits,
      };
    });
    const sampleIndex = new CollectionPageIndex(sample, 'Many');
    type Row = (typeof sample)[number];
    const passes = (row: Row, traits: Record<string, string[]>, search: string) =>
      (!search ||
        (row.name || `Many #${row.token_id}`).toLowerCase().includes(search) ||
        row.token_id.includes(search)) &&
      Object.entries(traits).every(([type, values]) => {
        const carried = row.traits.get(type);
        return carried ? carried.some((v) => values.includes(v)) : values.includes(MISSING_VALUE_KEY);
      });
    for (let round = 0; round < 150; round++) {
      const traits: Record<string, string[]> = {};
      for (let c = round % 4; c > 0; c--) {
        const type = `t${Math.floor(random() * 6)}`; // t5: a type no NFT carries
        // Every fifth round chooses most values: the kept NFTs are most of the collection, whose
        // counts are taken from the whole collection's less those of the NFTs left out.
        const values = round % 5 === 4 ? ['a', 'b', 'c'] : [pick()];
        if (random() < 0.4) values.push(pick());
        if (random() < 0.25) values.push(MISSING_VALUE_KEY);
        traits[type] = [...new Set(values)];
      }
      const search = round % 3 === 1 ? ['1', '3', 'ape 4', 'many #', '9', 'zz'][round % 6]! : '';
      const counts = sampleIndex.counts({ search, traits });
      const kept = sample.filter((row) => passes(row, traits, search)).map((row) => row.token_id);
      expect([...counts.kept].flatMap((k, i) => (k ? [String(i)] : []))).toEqual(kept);
      expect(counts.total).toBe(kept.length);
      for (const type of counts.traitTypes) {
        const { [type.key]: _own, ...others } = traits;
        const set = sample.filter((row) => passes(row, type.key in traits ? others : traits, search));
        const expected = type.values
          .map((v) => [v.key, set.filter((row) => row.traits.get(type.key)?.includes(v.key)).length])
          .filter(([, n]) => n !== 0);
        expect(type.values.map((v) => [v.key, v.count]).filter(([, n]) => n !== 0)).toEqual(expected);
        expect(type.missing).toBe(set.filter((row) => !row.traits.has(type.key)).length);
      }
    }
  });

  it('orders by rank and score with the unranked last and ties by token id', () => {
    const ranked = data.filter((r) => r.rarity_rank !== null);
    const byRank = [...ranked].sort(
      (a, b) => a.rarity_rank! - b.rarity_rank! || Number(a.token_id) - Number(b.token_id),
    );
    const unranked = data.filter((r) => r.rarity_rank === null).map((r) => r.token_id);
    const all = new Uint8Array(data.length).fill(1);
    expect(index.page(all, { sort: 'rarity-rank', order: 'asc' }, 0, 300)).toEqual([
      ...byRank.map((r) => r.token_id),
      ...unranked,
    ]);
    const byRankDesc = [...ranked].sort(
      (a, b) => b.rarity_rank! - a.rarity_rank! || Number(a.token_id) - Number(b.token_id),
    );
    expect(index.page(all, { sort: 'rarity-rank', order: 'desc' }, 0, 300)).toEqual([
      ...byRankDesc.map((r) => r.token_id),
      ...unranked,
    ]);
    expect(index.page(all, { sort: 'rarity-score', order: 'desc' }, 0, 300)).toEqual(
      index.page(all, { sort: 'rarity-rank', order: 'asc' }, 0, 300),
    );
    expect(index.page(all, { sort: 'name', order: 'desc' }, 0, 3)).toEqual(['6', '13', '20']);
    expect(index.page(all, { sort: 'tokenId', order: 'desc' }, 2, 2)).toEqual(['297', '296']);
  });

  it('lower-cases one code point to one, as ILIKE compares', () => {
    expect(foldCase('ÜNDER Ape')).toBe('ünder ape');
    expect(foldCase('İx')).toBe('ix');
    expect(foldCase('ΟΔΟΣ')).toBe('οδοσ');
  });
});
