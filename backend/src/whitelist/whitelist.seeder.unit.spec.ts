import type { WhitelistedCollectionInput } from '@nexus/contract';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../platform/config/index.js';
import type { WhitelistRepository } from './whitelist.repository.js';
import { WhitelistSeeder, whitelistFromManifest } from './whitelist.seeder.js';
import type { WhitelistService } from './whitelist.service.js';

class FakeRepository {
  seeded: WhitelistedCollectionInput[][] = [];
  constructor(private readonly answer: number) {}
  async seedIfEmpty(rows: WhitelistedCollectionInput[]): Promise<number> {
    this.seeded.push(rows);
    return this.answer;
  }
}

class FakeWhitelist {
  refreshes = 0;
  async refresh(): Promise<void> {
    this.refreshes++;
  }
}

describe(WhitelistSeeder.name, () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nexus-seeder-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const make = (manifest: string, inserted = 0) => {
    const repository = new FakeRepository(inserted);
    const whitelist = new FakeWhitelist();
    const sut = new WhitelistSeeder(
      { devchainManifest: manifest } as AppConfig,
      repository as unknown as WhitelistRepository,
      whitelist as unknown as WhitelistService,
    );
    return { sut, repository, whitelist };
  };

  it('skips silently when there is no manifest', async () => {
    const { sut, repository } = make(join(dir, 'absent.json'));
    await expect(sut.seed()).resolves.toBe(0);
    expect(repository.seeded).toEqual([]);
  });

  it('lets the API start when the manifest is not JSON', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{"collections": [');
    const { sut, repository } = make(path);
    await expect(sut.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(repository.seeded).toEqual([]);
  });

  it('seeds the manifest collections and refreshes the cached list when rows went in', async () => {
    const path = join(dir, 'devchain.json');
    await writeFile(
      path,
      JSON.stringify({
        collections: [
          {
            network: 'polygon',
            address: '0x' + 'AA'.repeat(20),
            name: 'First',
            symbol: 'F',
            standard: 'ERC-721',
            totalSupply: 2500,
          },
          { network: 'ethereum', address: '0x' + 'bb'.repeat(20), name: 'Second', description: 'Given.' },
        ],
      }),
    );
    const { sut, repository, whitelist } = make(path, 2);

    await expect(sut.seed()).resolves.toBe(2);

    expect(repository.seeded).toEqual([
      [
        {
          contractAddress: '0x' + 'aa'.repeat(20),
          name: 'First',
          network: 'polygon',
          description: 'First (F): 2,500 ERC-721 tokens on the local Polygon dev chain.',
          isFeatured: true,
        },
        {
          contractAddress: '0x' + 'bb'.repeat(20),
          name: 'Second',
          network: 'ethereum',
          description: 'Given.',
          isFeatured: false,
        },
      ],
    ]);
    expect(whitelist.refreshes).toBe(1);
  });

  it('does not refresh when the table already had rows', async () => {
    const path = join(dir, 'devchain.json');
    const { sut, whitelist } = make(path, 0);
    await expect(sut.seed()).resolves.toBe(0);
    expect(whitelist.refreshes).toBe(0);
  });

  it.each([
    null,
    {},
    { collections: 'x' },
    { collections: [{ network: 'bitcoin', address: '0x' + '1'.repeat(40), name: 'X' }] },
  ])('reads nothing from %j', (manifest) => {
    expect(whitelistFromManifest(manifest)).toEqual([]);
  });
});
