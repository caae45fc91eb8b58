import { jest } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { clearPrefix } from '../../../test/support/redis-prefix.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { deployTraitCollection } from '../../../test/support/test-collections.js';
import { TEST_MANIFEST, testConfig, testPrefix } from '../../../test/support/test-env.js';
import { CollectionsRepository } from '../collections/index.js';
import { CoreModule } from '../core.module.js';
import { CollectionScanService } from './collection-scan.service.js';
import { JobsModule } from './jobs.module.js';
import { rarityJobPayload } from '../platform/queues/index.js';
import { RarityJobService } from './rarity-job.service.js';
import { scanPayload } from '../../../test/support/scan-payload.js';

const collectionScan = (address: string) => scanPayload('collection', address);

/** The scan and rarity jobs of a worker, on the dev chain, the test database and Redis. */
describeWith([TEST_CHAIN])('a burned token and a rescan (dev chain)', () => {
  const prefix = testPrefix('burned-token');
  let app: INestApplicationContext;
  let collections: CollectionsRepository;
  let scans: CollectionScanService;
  let rarity: RarityJobService;

  beforeAll(async () => {
    const config = testConfig(prefix, {
      DEVCHAIN_MANIFEST: TEST_MANIFEST,
      ETHEREUM_RPC_URL: '',
      POLYGON_RPC_URL: '',
      CRONOS_RPC_URL: '',
    });
    const moduleRef = await Test.createTestingModule({
      imports: [CoreModule.forRoot(config), JobsModule],
    }).compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    collections = app.get(CollectionsRepository);
    scans = app.get(CollectionScanService);
    rarity = app.get(RarityJobService);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await app?.close();
    await clearPrefix(prefix);
  });

  const stored = async (address: string) =>
    (await collections.load('polygon', address))!.nfts.map((n) => [n.tokenId, n.rarityRank]);

  it('is gone from the rows and the ranks after a rescan, though a ranking ended during that rescan', async () => {
    const hats = ['Crown', 'Cap', 'Cap', 'Cap', 'Beanie'];
    const { address, burn } = await deployTraitCollection(
      'polygon',
      'Burnt Offerings',
      hats.map((value) => [{ trait_type: 'Hat', value }]),
    );
    await scans.run(collectionScan(address));
    expect(await stored(address)).toEqual([
      ['1', null],
      ['2', null],
      ['3', null],
      ['4', null],
      ['5', null],
    ]);

    await burn(1);
    // The first scan's ranking ends while the rescan runs: its NFTs are stored, its end not yet.
    const finishScan = CollectionsRepository.prototype.finishScan;
    jest.spyOn(CollectionsRepository.prototype, 'finishScan').mockImplementation(async function (
      this: CollectionsRepository,
      ...args: Parameters<CollectionsRepository['finishScan']>
    ) {
      await rarity.run(rarityJobPayload('polygon', address));
      return finishScan.apply(this, args);
    });
    await scans.run(collectionScan(address));
    jest.restoreAllMocks();
    // The ranking the rescan queues.
    await rarity.run(rarityJobPayload('polygon', address));

    // Four left: the Beanie is the rarest of them, the Caps share a rank.
    expect(await stored(address)).toEqual([
      ['2', 2],
      ['3', 2],
      ['4', 2],
      ['5', 1],
    ]);
    const { collection } = (await collections.load('polygon', address))!;
    expect(collection.nftCount).toBe(4);
  });
});
