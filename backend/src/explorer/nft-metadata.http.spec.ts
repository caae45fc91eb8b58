import {
  rateLimitMessage,
  scanKey,
  type NetworksResponse,
  type NftMetadataResponse,
  type NftRefreshResponse,
} from '@nexus/contract';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { readTestManifest, type ManifestCollection } from '../../../test/support/system.js';
import { TEST_MANIFEST } from '../../../test/support/test-env.js';
import type { CollectionInfo } from '../chain/index.js';
import { CollectionsRepository, type NftRecord } from '../collections/index.js';
import { ScanCacheRepository } from '../scans/index.js';
import { NFT_METADATA_ERRORS, refreshedRecentlyMessage } from './index.js';

const maybe = describeWith([TEST_CHAIN]);

/** What the test chain's Nexus Oddities do: 1 reverts tokenURI, 3 carries data: metadata, 6.. are plain. */
function oddities(): ManifestCollection & { edgeCases: { dataUri: string[]; tokenUriReverts: string[] } } {
  const found = readTestManifest().collections.find((c) => c.name === 'Nexus Oddities');
  if (!found) throw new Error('the test manifest has no Nexus Oddities');
  return found as ReturnType<typeof oddities>;
}

/** A stored NFT as a scan long ago left it: old name, no traits, a rank the refresh must keep. */
function stale(tokenId: string): NftRecord {
  return {
    tokenId,
    tokenUri: null,
    name: `Unrevealed #${tokenId}`,
    description: '',
    image: null,
    attributes: [],
    metadataStatus: 'ok',
    rarityScore: 12.5,
    rarityRank: 3,
  };
}

maybe('NFT metadata and its refresh (real chain and gateway)', () => {
  let api: IsolatedApi;
  const collection = oddities();
  const address = collection.address.toLowerCase();
  const base = `/api/collections/${collection.network}/${address}/nfts`;
  const holder = readTestManifest().wallets.find((w) =>
    (w as { holdings?: Array<{ contract: string; tokenId: string }> }).holdings?.some(
      (h) => h.contract === address && h.tokenId === '6',
    ),
  )!;

  beforeAll(async () => {
    api = await startIsolatedApi('nft_metadata', {
      manifest: TEST_MANIFEST,
      // The dev chains of the manifest; three refreshes per client per minute, to meet the limit.
      env: {
        ETHEREUM_RPC_URL: '',
        POLYGON_RPC_URL: '',
        CRONOS_RPC_URL: '',
        RATE_LIMIT_REFRESH: '3/60',
        // Each test speaks from its own client address (X-Forwarded-For from loopback).
        TRUST_PROXY: 'loopback',
      },
    });
    const info: CollectionInfo = {
      network: collection.network,
      address,
      name: collection.name,
      symbol: collection.symbol,
      standard: 'ERC-721',
      totalSupply: collection.totalSupply,
      enumerable: true,
    };
    await api.app.get(CollectionsRepository).saveScan({
      info,
      nfts: ['1', '3', '6', '7', '8'].map(stale),
      scanDuration: 1,
      isComplete: true,
    });
  });

  afterAll(async () => {
    await api?.close();
  });

  const server = () => api.app.getHttpServer();
  /** Each client address has its own budget: tests of the per-token gate stay clear of the per-client one. */
  const refresh = (tokenId: string, client = '10.0.0.1') =>
    request(server()).post(`${base}/${tokenId}/refresh-metadata`).set('X-Forwarded-For', client);

  it('says which networks run on a local dev chain', async () => {
    const res = await request(server()).get('/api/networks').expect(200);
    expect((res.body as NetworksResponse).networks).toEqual([
      { network: 'ethereum', chainId: 1, devchain: true },
      { network: 'polygon', chainId: 137, devchain: true },
      { network: 'cronos', chainId: 25, devchain: true },
    ]);
  });

  it("answers a token's URI, owner and metadata document as served", async () => {
    const res = await request(server()).get(`${base}/6/metadata`).expect(200);
    const body = res.body as NftMetadataResponse;
    expect(body).toMatchObject({ network: 'ethereum', address, tokenId: '6', metadataError: null });
    expect(body.tokenUri).toMatch(/^ipfs:\/\/.+\/6$/);
    expect(body.tokenUriHttp).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ipfs\/.+\/6$/);
    expect(body.owner).toBe(holder?.address.toLowerCase() ?? expect.stringMatching(/^0x[0-9a-f]{40}$/));
    const document = JSON.parse(body.metadata!) as { name: string; attributes: unknown[] };
    expect(document.name).toContain('#6');
    expect(body.metadata).toContain('\n  "name"');
  });

  it('decodes on-chain data: metadata and says plainly when the contract answers no URI', async () => {
    const onChain = (await request(server()).get(`${base}/3/metadata`).expect(200))
      .body as NftMetadataResponse;
    expect(onChain.tokenUri).toMatch(/^data:application\/json/);
    expect(onChain.tokenUriHttp).toBeNull();
    expect(JSON.parse(onChain.metadata!)).toMatchObject({ description: expect.stringContaining('on chain') });

    const reverts = (await request(server()).get(`${base}/1/metadata`).expect(200))
      .body as NftMetadataResponse;
    expect(reverts).toMatchObject({
      tokenUri: null,
      metadata: null,
      metadataError: NFT_METADATA_ERRORS.noUri,
    });
  });

  it('refreshes a stored NFT from its token URI, keeps its rank and drops the cached collection', async () => {
    const cache = api.app.get(ScanCacheRepository);
    const key = scanKey('collection', 'ethereum', address);
    await cache.set(key, 'collection', {
      meta: { scanDuration: 1, totalCollections: 1, isComplete: true, cachedAt: Date.now() },
      nftsJson: '[]',
    });
    expect(await cache.get(key)).not.toBeNull();

    const res = await refresh('7', '10.0.0.2').expect(200);
    const body = res.body as NftRefreshResponse;
    expect(body.metadataStatus).toBe('ok');
    expect(body.changed).toBe(true);
    expect(body.tokenUri).toMatch(/\/7$/);
    expect(body.nft.name).not.toBe('Unrevealed #7');
    expect(body.nft.name).toContain('#7');
    expect(body.nft.attributes.length).toBeGreaterThan(0);
    expect(body.nft).toMatchObject({ tokenId: '7', rarityRank: 3, rarityScore: 12.5 });

    const stored = await api.app.get(CollectionsRepository).load('ethereum', address);
    const row = stored!.nfts.find((n) => n.tokenId === '7')!;
    expect(row.name).toBe(body.nft.name);
    expect(row.tokenUri).toBe(body.tokenUri);
    expect(await cache.get(key)).toBeNull();
    // The page route answers the refreshed NFT.
    const page = await request(server()).get(`${base}?sort=tokenId&search=7`).expect(200);
    expect(page.body.nfts.map((n: { name: string }) => n.name)).toContain(body.nft.name);
  });

  it('refreshes a token once a minute whoever asks: 429 with the wait and a clear message', async () => {
    await refresh('8', '10.0.0.3').expect(200);
    const again = await refresh('8', '10.0.0.4').expect(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.body.message).toBe(refreshedRecentlyMessage(wait));
  });

  it("counts each client's refreshes against the 'refresh' budget", async () => {
    const client = '10.0.0.5';
    // Three allowed per minute (RATE_LIMIT_REFRESH=3/60), whatever each answers.
    for (const tokenId of ['1', '3', '6']) {
      const res = await refresh(tokenId, client);
      expect(res.status).not.toBe(429);
    }
    const over = await refresh('6', client).expect(429);
    expect(over.body.message).toBe(rateLimitMessage(Number(over.headers['retry-after'])));
  });

  it('answers 404 for a collection Nexus has not read and for a token it does not hold', async () => {
    const unknown = '0x' + 'ab'.repeat(20);
    const res = await request(server())
      .post(`/api/collections/ethereum/${unknown}/nfts/1/refresh-metadata`)
      .set('X-Forwarded-For', '10.0.0.6')
      .expect(404);
    expect(res.body.message).toBe(NFT_METADATA_ERRORS.collectionNotStored);
    const missing = await refresh('20', '10.0.0.6').expect(404);
    expect(missing.body.message).toBe(NFT_METADATA_ERRORS.nftNotStored);
    await request(server()).get(`/api/collections/ethereum/${unknown}/nfts/1/metadata`).expect(404);
  });

  it.each([
    ['abc', 'tokenId must be a decimal number of at most 78 digits'],
    ['1'.repeat(79), 'tokenId must be a decimal number of at most 78 digits'],
    ['-1', 'tokenId must be a decimal number of at most 78 digits'],
  ])('answers 400 for the token id %s', async (tokenId, message) => {
    const res = await refresh(tokenId, '10.0.0.7').expect(400);
    expect(res.body.message).toContain(message);
    const read = await request(server()).get(`${base}/${tokenId}/metadata`).expect(400);
    expect(read.body.message).toContain(message);
  });

  it('answers 400 for a bad network or contract address', async () => {
    const net = await request(server()).post(`/api/collections/solana/${address}/nfts/1/refresh-metadata`);
    expect(net.status).toBe(400);
    expect(net.body.message).toContain('network must be one of');
    const bad = await request(server()).post(`/api/collections/ethereum/0x12/nfts/1/refresh-metadata`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('address must be 0x followed by 40 hex characters');
  });
});
