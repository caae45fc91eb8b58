import { LruCache } from './lru-cache.js';

describe(LruCache.name, () => {
  it('drops the least recently used entry beyond the entry bound', () => {
    const sut = new LruCache<string, number>({ maxEntries: 2 });
    sut.set('a', 1);
    sut.set('b', 2);
    expect(sut.get('a')).toBe(1);
    sut.set('c', 3);
    expect([sut.get('a'), sut.get('b'), sut.get('c')]).toEqual([1, undefined, 3]);
    expect(sut.size).toBe(2);
  });

  it('keeps the summed weight under its bound, and never keeps a value heavier than the bound', () => {
    const sut = new LruCache<string, string>({ maxEntries: 10, maxWeight: 10, weigh: (v) => v.length });
    sut.set('a', 'xxxx');
    sut.set('b', 'yyyy');
    sut.set('c', 'zzzz');
    expect([sut.get('a'), sut.get('b'), sut.get('c')]).toEqual([undefined, 'yyyy', 'zzzz']);
    expect(sut.weight).toBe(8);
    sut.set('d', 'w'.repeat(11));
    expect(sut.get('d')).toBeUndefined();
    expect(sut.weight).toBe(8);
  });

  it('replaces an entry in place of adding one', () => {
    const sut = new LruCache<string, string>({ maxEntries: 2, maxWeight: 100, weigh: (v) => v.length });
    sut.set('a', 'xx');
    sut.set('a', 'xxx');
    expect([sut.size, sut.weight, sut.get('a')]).toEqual([1, 3, 'xxx']);
    sut.delete('a');
    expect([sut.size, sut.weight]).toEqual([0, 0]);
  });
});
