import { Logger } from '@nestjs/common';
import { SearchRepository, type PendingSearch, type SearchStore } from './search.repository.js';

/** PostgreSQL's search table and the Redis spool, in memory; either can be taken away. */
class FakeStore implements SearchStore {
  readonly rows: PendingSearch[] = [];
  readonly spooled: PendingSearch[][] = [];
  databaseUp = true;
  redisUp = true;

  async insert(batch: PendingSearch[]): Promise<void> {
    if (!this.databaseUp) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    this.rows.push(...batch);
  }

  async spool(batch: PendingSearch[]): Promise<void> {
    if (!this.redisUp) throw new Error("Stream isn't writeable");
    this.spooled.push(batch);
  }

  async unspool(): Promise<PendingSearch[] | null> {
    if (!this.redisUp) throw new Error("Stream isn't writeable");
    return this.spooled.shift() ?? null;
  }

  async respool(batch: PendingSearch[]): Promise<void> {
    if (!this.redisUp) throw new Error("Stream isn't writeable");
    this.spooled.unshift(batch);
  }
}

describe(SearchRepository.name, () => {
  let store: FakeStore;
  let sut: SearchRepository;

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(() => {
    store = new FakeStore();
    sut = new SearchRepository(store);
  });

  afterEach(async () => {
    store.databaseUp = store.redisUp = true;
    await sut.onApplicationShutdown();
  });

  const search = (i: number) => sut.record(`0xTerm${i}`, 'ethereum', 'collection', i % 2 === 0);

  it('writes searches in one batch per flush, terms lower-case', async () => {
    search(1);
    search(2);
    await sut.flush();

    expect(store.rows.map((r) => r.term)).toEqual(['0xterm1', '0xterm2']);
  });

  it('spools the searches PostgreSQL refuses and writes them once it answers again', async () => {
    store.databaseUp = false;
    for (let i = 0; i < 3; i++) search(i);
    await sut.flush();
    expect(store.rows).toEqual([]);
    expect(store.spooled.flat()).toHaveLength(3);

    store.databaseUp = true;
    search(3);
    await sut.flush();
    // The first write that succeeds sends the spool after it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await sut.flush();

    expect(store.rows.map((r) => r.term).sort()).toEqual(['0xterm0', '0xterm1', '0xterm2', '0xterm3']);
    expect(store.spooled).toEqual([]);
  });

  it('keeps them in memory when Redis is away as well', async () => {
    store.databaseUp = false;
    store.redisUp = false;
    search(1);
    search(2);
    await sut.flush();
    expect(sut.heldSearches).toBe(2);

    store.databaseUp = true;
    await expect(sut.drain()).resolves.toBe(true);

    expect(store.rows).toHaveLength(2);
    expect(sut.heldSearches).toBe(0);
  });

  it('puts a batch PostgreSQL still refuses back at the head of the spool, in order', async () => {
    const batch = (term: string): PendingSearch[] => [
      {
        term,
        network: 'ethereum',
        search_type: 'collection',
        from_cache: false,
        created_at: '2026-11-23T00:00:00Z',
      },
    ];
    store.spooled.push(batch('a'), batch('b'));
    store.databaseUp = false;

    await expect(sut.drain()).resolves.toBe(false);

    expect(store.spooled.map((b) => b[0]!.term)).toEqual(['a', 'b']);
  });
});
