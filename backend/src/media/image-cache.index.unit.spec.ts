import { MemoryImageCacheIndex } from './image-cache.index.js';

describe(MemoryImageCacheIndex.name, () => {
  let sut: MemoryImageCacheIndex;

  beforeEach(() => {
    sut = new MemoryImageCacheIndex();
  });

  it('drops the least recently served entries once the total passes the bound', async () => {
    expect(await sut.add('a', 40, 1, 100)).toEqual([]);
    expect(await sut.add('b', 40, 2, 100)).toEqual([]);
    await sut.touch('a', 3);
    expect(await sut.add('c', 40, 4, 100)).toEqual(['b']);
    expect(await sut.totalBytes()).toBe(80);
    expect(await sut.has('a')).toBe(true);
    expect(await sut.has('b')).toBe(false);
  });

  it('answers the entry itself when it alone is larger than the bound, or the oldest', async () => {
    await sut.add('a', 40, 10, 100);
    expect(await sut.add('huge', 150, 11, 100)).toEqual(['a', 'huge']);
    expect(await sut.totalBytes()).toBe(0);
    await sut.add('new', 60, 20, 100);
    expect(await sut.add('old', 60, 5, 100)).toEqual(['old']);
  });

  it('counts an entry added twice once, and forgets a removed one', async () => {
    await sut.add('a', 40, 1, 100);
    await sut.add('a', 50, 2, 100);
    expect(await sut.totalBytes()).toBe(50);
    await sut.remove('a');
    await sut.touch('a', 3);
    expect(await sut.has('a')).toBe(false);
    expect(await sut.totalBytes()).toBe(0);
  });
});
