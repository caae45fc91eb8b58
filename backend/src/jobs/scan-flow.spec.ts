import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  scanKey,
  SocketEvent,
  type CalculateRarityResponse,
  type ClientToServerEvents,
  type Nft,
  type NftsResponse,
  type ScanCompleted,
  type ScanProgress,
  type ServerToClientEvents,
} from '@nexus/contract';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { testConfig, testPrefix } from '../../../test/support/test-env.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { RarityEngine } from '../rarity/index.js';
import { startApiAndWorker } from './testing/api-and-worker.js';
import { fakeHoldings, FakeChain, FakeResolver, hasRichMetadata } from './testing/fake-chain.js';
import { STAGES_IN_ORDER } from './testing/fake-state.js';

const ADDRESS = '0x' + '5a'.repeat(20);
const SUPPLY = 120;
const WALLET = '0x' + '77'.repeat(20);

const cats = { address: ADDRESS, supply: SUPPLY };
const editions = '0x' + '6b'.repeat(20);

describe('collection scan flow (API + worker, real PostgreSQL and Redis)', () => {
  const source = new FakeChain([cats], { [WALLET]: fakeHoldings(ADDRESS, SUPPLY, editions) });
  const resolver = new FakeResolver();
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  let baseUrl: string;
  const key = scanKey('collection', 'polygon', ADDRESS);

  beforeAll(async () => {
    // Each request waits for its scan's answer up to 2 min: a forced scan of 120 tokens at 50 ms a call
    // took over 20 s beside the rest of the suite on a slow machine, and the answer came back pending.
    const config = testConfig(testPrefix('flow'), { SCAN_WAIT_MS: '120000' });
    ({ api, worker, url: baseUrl } = await startApiAndWorker(config, source, resolver));
    socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  });

  afterAll(async () => {
    socket.disconnect();
    await worker.close();
    await api.close();
  });

  const post = (body: object) =>
    request(api.getHttpServer())
      .post('/api/nfts')
      .send({ address: ADDRESS, network: 'polygon', searchType: 'collection', ...body });

  it('streams every stage over the socket and answers the NFTs', async () => {
    source.delayMs = 30;
    const seen: ScanProgress[] = [];
    socket.on(SocketEvent.Progress, (p) => seen.push(p));
    const ack = await socket.emitWithAck(SocketEvent.Subscribe, key);
    expect(ack.progress).toBeNull();

    const res = await post({});
    socket.off(SocketEvent.Progress);

    expect(res.status).toBe(200);
    const body = res.body as NftsResponse;
    expect(body.error).toBeNull();
    expect(body.fromCache).toBe(false);
    expect(body.cacheSource).toBe('fresh');
    expect(body.nfts).toHaveLength(SUPPLY);
    expect(body.nfts[7]).toMatchObject({
      tokenId: '7',
      name: 'Fake Cat #7',
      tokenType: 'ERC-721',
      contract: { address: ADDRESS, name: 'Fake Cats', openSeaMetadata: { collectionName: 'Fake Cats' } },
      collection: { name: 'Fake Cats' },
      attributes: [{ trait_type: 'Fur', value: 'Grey' }],
      image: `/api/media/image?src=${encodeURIComponent('ipfs://bafyimg/7.svg')}`,
    });
    const stages = [...new Set(seen.map((p) => p.stage))];
    expect(stages).toEqual(['initializing', 'preparing', 'calculating', 'finalizing', 'complete']);
    expect(seen.map((p) => p.percent).filter((v, i, a) => a.indexOf(v) === i)).toEqual([10, 25, 75, 95, 100]);
    expect(seen.at(-1)).toMatchObject({ tokensFound: SUPPLY, metadataFetched: SUPPLY });
    expect(Math.max(...seen.map((p) => p.tokensFound))).toBe(SUPPLY);
  });

  it('gives a late subscriber the current state at once', async () => {
    const ack = await socket.emitWithAck(SocketEvent.Subscribe, key);
    expect(ack.progress).toMatchObject({ key, stage: 'complete', percent: 100 });
  });

  it('answers the second request from the Redis cache', async () => {
    const before = source.count();
    const res = await post({});
    expect(res.body).toMatchObject({ fromCache: true, cacheSource: 'redis', cacheType: 'collection' });
    expect(res.body.nfts).toHaveLength(SUPPLY);
    expect(source.count()).toBe(before);
  });

  it('bypasses the cache with forceRefresh, and two simultaneous refreshes make one scan', async () => {
    source.delayMs = 50;
    const before = source.count();
    const [a, b] = await Promise.all([post({ forceRefresh: true }), post({ forceRefresh: true })]);
    expect(a.body.fromCache).toBe(false);
    expect(b.body.fromCache).toBe(false);
    expect(a.body.nfts).toHaveLength(SUPPLY);
    expect(b.body.nfts).toHaveLength(SUPPLY);
    expect(source.count()).toBe(before + 1);
  });

  it('answers a collection that does not exist with the failure text', async () => {
    const res = await post({ address: '0x' + '00'.repeat(19) + '01' });
    expect(res.status).toBe(200);
    expect(res.body.error).toBe('Collection Not Found');
    expect(res.body.nfts).toEqual([]);
  });

  it('scans a wallet: every holding with its balance, grouped count of collections', async () => {
    const res = await post({ address: WALLET, searchType: 'wallet' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      error: null,
      totalCollections: 2,
      cacheType: 'wallet',
      fromCache: false,
    });
    const nfts = res.body.nfts as Array<{
      tokenId: string;
      tokenType: string;
      balance: number;
      contract: { name: string };
    }>;
    expect(nfts.map((n) => [n.contract.name, n.tokenId, n.tokenType, n.balance])).toEqual([
      ['Fake Cats', '3', 'ERC-721', 1],
      ['Fake Cats', '9', 'ERC-721', 1],
      ['Fake Editions', '1', 'ERC-1155', 5],
    ]);
    const again = await post({ address: WALLET, searchType: 'wallet' });
    expect(again.body).toMatchObject({ fromCache: true, cacheSource: 'redis', totalCollections: 2 });
  });

  it('answers an empty wallet with no NFTs and no error', async () => {
    const res = await post({ address: '0x' + '88'.repeat(20), searchType: 'wallet' });
    expect(res.body).toMatchObject({ error: null, nfts: [], totalCollections: 0 });
  });

  describe('rarity after a collection scan', () => {
    const rarityKey = scanKey('rarity', 'polygon', ADDRESS);
    const seen: ScanProgress[] = [];
    let completed: ScanCompleted;

    /** Until no rarity job of earlier scans is waiting or running. */
    async function rarityIdle(): Promise<void> {
      const queue = worker.get(ScanQueueRepository);
      for (let quiet = 0; quiet < 3;) {
        quiet = (await queue.isRunning(rarityKey, 'rarity')) ? 0 : quiet + 1;
        await new Promise((r) => setTimeout(r, 30));
      }
    }

    beforeAll(async () => {
      await rarityIdle();
      resolver.richTraits = true;
      source.delayMs = 0;
      const onProgress = (p: ScanProgress) => {
        if (p.key === rarityKey) seen.push(p);
      };
      socket.on(SocketEvent.Progress, onProgress);
      const done = new Promise<ScanCompleted>((resolve) => {
        const onCompleted = (event: ScanCompleted) => {
          if (event.key !== rarityKey) return;
          socket.off(SocketEvent.Completed, onCompleted);
          resolve(event);
        };
        socket.on(SocketEvent.Completed, onCompleted);
      });
      await socket.emitWithAck(SocketEvent.Subscribe, rarityKey);
      const scan = await post({ forceRefresh: true });
      expect(scan.body.nfts).toHaveLength(SUPPLY);
      completed = await done;
      socket.off(SocketEvent.Progress, onProgress);
    });

    it('runs a rarity job whose progress passes every stage to complete over the socket', () => {
      const scored = Array.from({ length: SUPPLY }, (_, i) => String(i)).filter(hasRichMetadata).length;
      expect(scored).toBe(SUPPLY - 5);
      expect(seen.map((p) => p.stage)).toEqual(STAGES_IN_ORDER);
      expect(seen.map((p) => p.percent)).toEqual([10, 25, 75, 95, 100]);
      expect(seen.every((p) => p.kind === 'rarity' && p.network === 'polygon' && p.address === ADDRESS)).toBe(
        true,
      );
      expect(seen.at(-1)).toMatchObject({ tokensFound: SUPPLY, metadataFetched: scored, error: null });
      expect(completed).toMatchObject({
        key: rarityKey,
        totalNfts: scored,
        totalCollections: 1,
        isComplete: true,
      });
    });

    it("then answers POST /api/nfts with the rank of every NFT with metadata, equal to the engine's", async () => {
      const res = await post({});
      expect(res.body).toMatchObject({ fromCache: true, cacheSource: 'redis', error: null });
      const nfts = res.body.nfts as Nft[];
      expect(nfts).toHaveLength(SUPPLY);

      const withMetadata = nfts.filter((n) => hasRichMetadata(n.tokenId));
      const ranked = new RarityEngine().rank(
        withMetadata.map((n) => ({ tokenId: n.tokenId, attributes: n.attributes })),
      );
      expect(withMetadata.map((n) => [n.tokenId, n.rarityRank, n.rarityScore])).toEqual(
        withMetadata.map((n) => [
          n.tokenId,
          ranked.get(n.tokenId)!.rarityRank,
          ranked.get(n.tokenId)!.rarityScore,
        ]),
      );
      expect(new Set(withMetadata.map((n) => n.rarityRank)).size).toBeGreaterThan(30);
      expect(nfts.find((n) => n.tokenId === '42')!.rarityRank).toBe(1);
      expect(
        nfts.filter((n) => !hasRichMetadata(n.tokenId)).map((n) => [n.tokenId, n.rarityRank, n.rarityScore]),
      ).toEqual([
        ['13', null, null],
        ['38', null, null],
        ['63', null, null],
        ['88', null, null],
        ['113', null, null],
      ]);
    });

    it('answers POST /api/calculate-rarity for the stored token set from the ranks the job cached', async () => {
      const listed = (await post({})).body.nfts as Nft[];
      const withMetadata = listed.filter((n) => hasRichMetadata(n.tokenId));
      const res = await request(api.getHttpServer())
        .post('/api/calculate-rarity')
        .send({ nfts: withMetadata, contractAddress: ADDRESS, network: 'polygon' });
      expect(res.status).toBe(200);
      const body = res.body as CalculateRarityResponse;
      expect(body).toMatchObject({ fromCache: true, cacheSource: 'redis', method: 'openrarity' });
      expect(body.nfts).toHaveLength(SUPPLY - 5);
      for (const n of body.nfts) {
        const stored = listed.find((x) => x.tokenId === n.tokenId)!;
        expect([n.tokenId, n.rarityRank, n.rarityScore]).toEqual([
          n.tokenId,
          stored.rarityRank,
          stored.rarityScore,
        ]);
      }
    });

    it('explains a stored NFT with the rank the job stored', async () => {
      const res = await request(api.getHttpServer()).get(`/api/collections/polygon/${ADDRESS}/nfts/42`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tokenId: '42',
        rarityRank: 1,
        rarity: { rank: 1, method: 'openrarity', tokenCount: SUPPLY - 5 },
      });
      expect(res.body.rarity.traits[0]).toMatchObject({
        traitType: 'Eyes',
        value: 'Laser',
        count: 1,
        unique: true,
      });
    });

    it("gives a wallet's NFTs the ranks stored for their collection", async () => {
      const collection = (await post({})).body as NftsResponse;
      const rankOf = new Map(collection.nfts.map((n) => [n.tokenId, n.rarityRank]));
      const res = await post({ address: WALLET, searchType: 'wallet', forceRefresh: true });
      const cats = (res.body as NftsResponse).nfts.filter((n) => n.contract.address === ADDRESS);
      expect(cats.map((n) => n.tokenId)).toEqual(['3', '9']);
      for (const nft of cats) {
        expect(nft.rarityRank).not.toBeNull();
        expect(nft.rarityRank).toBe(rankOf.get(nft.tokenId));
      }
    });
  });
});
