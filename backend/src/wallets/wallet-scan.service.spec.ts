import type { Nft, ScanJobPayload } from '@nexus/contract';
import type { MetadataResolver, NftSource, WalletHolding, WalletScanOptions } from '../chain/nft-source.js';
import type { CollectionsRepository } from '../collections/collections.repository.js';
import type { AppConfig } from '../config/app-config.js';
import type { CachedScan, ScanCacheRepository } from '../scans/scan-cache.repository.js';
import type { ScanExecution, ScanOutcomeSummary } from '../scans/scan-execution.service.js';
import type { ScanReporter } from '../scans/scan-reporter.js';
import { WalletScanService } from './wallet-scan.service.js';

const WALLET = '0x' + '77'.repeat(20);

const payload: ScanJobPayload = {
  key: `wallet:ethereum:${WALLET}`,
  kind: 'wallet',
  network: 'ethereum',
  address: WALLET,
  includeMetadata: true,
  includeAllTokenTypes: true,
  requestId: 'r1',
  requestedAt: new Date(0).toISOString(),
};

const holding: WalletHolding = {
  collection: {
    network: 'ethereum',
    address: '0x000386e3f7559d9b6a2f5c46b4ad1a9587d59dc3',
    name: 'BoredApeNikeClub',
    contractName: 'Bored Ape Nike Club',
    isSpam: true,
    spamClassifications: ['Erc721TooManyTokens'],
    symbol: 'BANC',
    standard: 'ERC-721',
    totalSupply: null,
    enumerable: false,
  },
  tokens: [
    {
      tokenId: '1',
      tokenUri: 'http://api.nikeapenft.xyz/ipfs/1',
      balance: 1,
      metadataUnavailable: 'Contract returned a broken token uri',
    },
  ],
};

/** A source whose answer is partial (Alchemy's page cap) when `cut` says why. */
function source(cut: string | null): NftSource {
  return {
    getCollection: () => Promise.resolve(null),
    enumerateCollection: () => Promise.resolve([]),
    getWalletHoldings: (_network, _owner, options: WalletScanOptions) => {
      if (cut !== null) options.onIncomplete?.(cut);
      return Promise.resolve([holding]);
    },
  };
}

async function scan(
  cut: string | null,
): Promise<{ outcome: ScanOutcomeSummary; cached: CachedScan; fetched: string[] }> {
  const fetched: string[] = [];
  const resolver: MetadataResolver = {
    resolve: (uri) => {
      fetched.push(uri);
      return Promise.resolve(null);
    },
    toHttpUrl: () => null,
  };
  let cached: CachedScan | null = null;
  const cache = {
    set: (_key: string, _kind: string, value: CachedScan) => Promise.resolve(void (cached = value)),
  };
  const collections = { saveHoldings: () => Promise.resolve() };
  const reporter = { stage: () => Promise.resolve(), counts: () => undefined };
  const execution = {
    execute: (
      _payload: ScanJobPayload,
      _attempt: number,
      work: (reporter: ScanReporter, started: number) => Promise<ScanOutcomeSummary>,
    ) => work(reporter as unknown as ScanReporter, Date.now()),
  };
  const sut = new WalletScanService(
    source(cut),
    resolver,
    { metadataConcurrency: 4 } as AppConfig,
    collections as unknown as CollectionsRepository,
    cache as unknown as ScanCacheRepository,
    execution as unknown as ScanExecution,
  );
  const outcome = await sut.run(payload);
  return { outcome, cached: cached!, fetched };
}

describe(WalletScanService.name, () => {
  it('answers a wallet the source read to the end as complete', async () => {
    const { outcome, cached } = await scan(null);

    expect(outcome.isComplete).toBe(true);
    expect(cached.meta.isComplete).toBe(true);
  });

  it('answers and caches a wallet the source cut short as incomplete', async () => {
    const { outcome, cached } = await scan('stopped at the cap of 200 pages');

    expect(outcome.isComplete).toBe(false);
    // A partial answer is cached for the shorter time (SPEC §9: 5 min instead of 30).
    expect(cached.meta.isComplete).toBe(false);
  });

  it("carries the source's names and spam verdict, and never fetches a URI the source could not read", async () => {
    const { cached, fetched } = await scan(null);

    const [nft] = JSON.parse(cached.nftsJson.toString()) as Nft[];
    expect(nft!.contract).toEqual({
      address: holding.collection.address,
      name: 'Bored Ape Nike Club',
      openSeaMetadata: { collectionName: 'BoredApeNikeClub' },
      isSpam: true,
      spamClassifications: ['Erc721TooManyTokens'],
    });
    expect(nft!.collection).toEqual({ name: 'BoredApeNikeClub' });
    expect(fetched).toEqual([]);
  });
});
