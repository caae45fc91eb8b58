import { MikroORM } from '@mikro-orm/postgresql';
import { dropDatabase, freshDatabase } from '../../../test/support/fresh-database.js';
import type { CollectionInfo } from '../chain/index.js';
import { ormConfig } from '../platform/database/index.js';
import { CollectionsRepository, type NftRecord } from './collections.repository.js';
import { ENTITIES } from '../entities.js';

const info: CollectionInfo = {
  network: 'ethereum',
  address: '0x61fce80d72363b731425c3a2a46a1a5fed9814b2',
  name: 'Undead Warriors',
  contractName: 'CyborgMercenariesCm',
  symbol: 'CM',
  standard: 'ERC-1155',
  totalSupply: null,
  enumerable: false,
};

const nft = (tokenId: string, extra: Partial<NftRecord> = {}): NftRecord => ({
  tokenId,
  tokenUri: `ipfs://bafy/${tokenId}`,
  name: `Warrior #${tokenId}`,
  description: '',
  image: `https://nft-cdn.alchemy.com/eth-mainnet/${tokenId}`,
  attributes: [],
  metadataStatus: 'ok',
  rarityScore: null,
  rarityRank: null,
  ...extra,
});

describe(CollectionsRepository.name, () => {
  let databaseUrl: string;
  let orm: MikroORM;
  let sut: CollectionsRepository;

  beforeAll(async () => {
    databaseUrl = await freshDatabase('collections_repository');
    orm = await MikroORM.init({ ...ormConfig(databaseUrl, ENTITIES), logger: () => undefined });
    sut = new CollectionsRepository(orm.em);
  });

  afterAll(async () => {
    await orm?.close(true);
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  it('stores the fallback image of an NFT beside its image, and loads it back', async () => {
    await sut.saveScan({
      info,
      nfts: [nft('0', { imageFallback: 'https://ipfs.io/ipfs/bafy/0.png' }), nft('1')],
      scanDuration: 5,
      isComplete: true,
    });

    const stored = await sut.load('ethereum', info.address);

    expect(stored?.collection.name).toBe('Undead Warriors');
    expect(stored?.nfts).toEqual([nft('0', { imageFallback: 'https://ipfs.io/ipfs/bafy/0.png' }), nft('1')]);
  });

  it('stores a scan chunk by chunk, then removes the tokens it did not see and states the totals', async () => {
    const chunked = {
      ...info,
      address: '0x00000000000000000000000000000000000c4a11',
      standard: 'ERC-721' as const,
    };
    await sut.saveScan({
      info: chunked,
      nfts: [nft('1'), nft('2'), nft('3')],
      scanDuration: 5,
      isComplete: true,
    });

    const started = new Date();
    const id = await sut.beginScan(chunked);
    await sut.storeChunk(id, [nft('1', { name: 'Renamed #1' })], started);
    // Until the scan finishes, the last complete scan's totals stand.
    expect((await sut.find('ethereum', chunked.address))?.nftCount).toBe(3);
    await sut.storeChunk(id, [nft('3'), nft('4', { image: null })], started);
    const collection = await sut.finishScan(id, {
      scanStartedAt: started,
      scanDuration: 9,
      isComplete: false,
    });

    expect(collection).toMatchObject({ nftCount: 3, scanDuration: 9, isComplete: false });
    expect(collection.imageUrl).toBe(nft('1').image);
    const stored = await sut.load('ethereum', chunked.address);
    expect(stored?.nfts.map((n) => [n.tokenId, n.name])).toEqual([
      ['1', 'Renamed #1'],
      ['3', 'Warrior #3'],
      ['4', 'Warrior #4'],
    ]);
  });

  it('hands ranking the resolved tokens batch by batch, in token id order across batches', async () => {
    const ranked = {
      ...info,
      address: '0x000000000000000000000000000000000000ba7c',
      standard: 'ERC-721' as const,
    };
    const ids = Array.from({ length: 23 }, (_, i) => String(i * 7));
    const unresolved = new Set(['14', '70']);
    await sut.saveScan({
      info: ranked,
      nfts: [...ids].reverse().map((id) =>
        nft(id, {
          attributes: unresolved.has(id) ? [] : [{ trait_type: 'Tier', value: Number(id) % 3 }],
          metadataStatus: unresolved.has(id) ? 'error' : 'ok',
        }),
      ),
      scanDuration: 5,
      isComplete: true,
    });
    const collectionId = (await sut.find('ethereum', ranked.address))!.id;

    const batches: string[][] = [];
    const { stored } = await sut.rankingBatches(
      collectionId,
      (batch) => batches.push(batch.map((t) => t.tokenId)),
      5,
    );

    expect(stored).toBe(23);
    // Batches of at most 5 rows; an unresolved token is read but not handed over.
    expect(batches.every((batch) => batch.length <= 5)).toBe(true);
    expect(batches.flat()).toEqual(ids.filter((id) => !unresolved.has(id)));
    expect(await sut.rankingTokens(collectionId, 5)).toEqual({
      stored: 23,
      tokens: ids
        .filter((id) => !unresolved.has(id))
        .map((id) => ({ tokenId: id, attributes: [{ trait_type: 'Tier', value: Number(id) % 3 }] })),
    });
  });

  it('cuts a name or symbol longer than its column instead of failing the wallet scan', async () => {
    const spam = {
      ...info,
      address: '0x0000000000000000000000000000000000000bad',
      name: 'Visit claim-rewards.example to get your airdrop '.repeat(10),
      symbol: 'CLAIM'.repeat(40),
    };

    await sut.saveHoldings([{ info: spam, nfts: [nft('7')] }]);

    const stored = await sut.find('ethereum', spam.address);
    expect(stored?.name).toBe(spam.name.slice(0, 200));
    expect(stored?.symbol).toHaveLength(100);
  });

  it("writes the metadata-retry job's finds over 'unavailable' rows, keeping the other rows and the ranks", async () => {
    const address = '0x0000000000000000000000000000000000000dea';
    const dead = { name: '', image: null, metadataStatus: 'unavailable' as const };
    await sut.saveScan({
      info: { ...info, address },
      nfts: [
        nft('1', { rarityScore: 2, rarityRank: 1 }),
        nft('2', { ...dead, rarityScore: 1, rarityRank: 2 }),
        nft('3', dead),
      ],
      scanDuration: 5,
      isComplete: true,
    });

    const saved = await sut.saveMetadata('ethereum', address, [
      nft('2'),
      nft('3', { metadataStatus: 'error', name: '' }),
    ]);

    expect(saved).toBe(true);
    const stored = await sut.load('ethereum', address);
    expect(stored?.nfts.map((n) => [n.tokenId, n.metadataStatus, n.name, n.rarityRank])).toEqual([
      ['1', 'ok', 'Warrior #1', 1],
      ['2', 'ok', 'Warrior #2', 2],
      ['3', 'error', '', null],
    ]);
    await expect(
      sut.saveMetadata('ethereum', '0x00000000000000000000000000000000000000ff', [nft('1')]),
    ).resolves.toBe(false);
  });
});
