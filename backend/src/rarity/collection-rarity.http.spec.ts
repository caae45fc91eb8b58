import type { CollectionTraitsResponse, NftDetailResponse } from '@nexus/contract';
import request from 'supertest';
import type { CollectionInfo } from '../chain/index.js';
import { CollectionsRepository, type NftRecord } from '../collections/index.js';
import { CollectionRarityController } from './collection-rarity.controller.js';
import { RarityEngine } from './rarity.engine.js';
import type { RarityToken } from './rarity.types.js';
import { expected, reference, traitsOf, useRarityApi } from './testing/rarity-http.fixture.js';

const STORED = '0x' + 'cd'.repeat(20);

describe('rarity HTTP', () => {
  const api = useRarityApi('collection_rarity');
  const { calculate, calculations, onRarityThread, onRequestThread } = api;

  describe(CollectionRarityController.name, () => {
    const info: CollectionInfo = {
      network: 'ethereum',
      address: STORED,
      name: 'Stored Apes',
      symbol: 'SAPE',
      standard: 'ERC-721',
      totalSupply: 60,
      enumerable: true,
    };
    /** Tokens 1..58 with metadata, 59 and 60 without. */
    const records = (salt: number): NftRecord[] =>
      Array.from({ length: 60 }, (_, i) => ({
        tokenId: String(i + 1),
        tokenUri: `ipfs://bafy/${i + 1}`,
        name: i < 58 ? `Ape #${i + 1}` : '',
        description: 'An ape',
        image: i < 58 ? `ipfs://bafyimg/${i + 1}.png` : null,
        attributes: i < 58 ? traitsOf(i, salt) : [],
        metadataStatus: i < 58 ? 'ok' : 'error',
        rarityScore: null,
        rarityRank: null,
      }));
    const scored = (salt: number): RarityToken[] =>
      records(salt)
        .filter((r) => r.metadataStatus === 'ok')
        .map((r) => ({ tokenId: r.tokenId, attributes: r.attributes }));
    const http = () => request(api.sut.getHttpServer());

    beforeAll(async () => {
      await api.sut
        .get(CollectionsRepository)
        .saveScan({ info, nfts: records(0), scanDuration: 12, isComplete: true });
    });

    it('explains an NFT: the API NFT with rank, score and each trait type’s part', async () => {
      const ranked = reference.rank(scored(0));
      const tokenId = ranked.results()[0]!.tokenId;
      const res = await http().get(
        `/api/collections/ethereum/${STORED.toUpperCase().replace('0X', '0x')}/nfts/${tokenId}`,
      );

      expect(res.status).toBe(200);
      const nft = res.body as NftDetailResponse;
      const want = ranked.explain(tokenId)!;
      expect(nft).toMatchObject({
        tokenId,
        name: `Ape #${tokenId}`,
        tokenType: 'ERC-721',
        network: 'ethereum',
        contract: {
          address: STORED,
          name: 'Stored Apes',
          openSeaMetadata: { collectionName: 'Stored Apes' },
        },
        collection: { name: 'Stored Apes' },
        image: `/api/media/image?src=${encodeURIComponent(`ipfs://bafyimg/${tokenId}.png`)}`,
        rarityRank: 1,
        rarityScore: want.rarityScore,
      });
      expect(nft.rarity).toEqual({
        rank: 1,
        score: want.rarityScore,
        method: 'openrarity',
        uniqueAttributeCount: want.uniqueAttributeCount,
        tokenCount: 58,
        traits: want.traits.map(({ traitType, value, count, share, contribution, kind, unique }) => ({
          traitType,
          value,
          count,
          share,
          contribution,
          kind,
          unique,
        })),
      });
      // Background, Eyes, Hat, Mouth and the trait count; Level is numeric, shown but not scored.
      expect(nft.rarity!.traits.map((t) => t.traitType).sort()).toEqual([
        'Background',
        'Eyes',
        'Hat',
        'Mouth',
        'Trait count',
      ]);
      const sum = nft.rarity!.traits.reduce((s, t) => s + t.contribution, 0);
      expect(sum).toBeCloseTo(nft.rarity!.score, 12);
    });

    it('names a missing trait as such', async () => {
      // Token 1 (i = 0) has no Hat.
      const res = await http().get(`/api/collections/ethereum/${STORED}/nfts/1`);
      const hat = (res.body as NftDetailResponse).rarity!.traits.find((t) => t.traitType === 'Hat');
      expect(hat).toMatchObject({ kind: 'missing', value: null, count: 20, unique: false });
      expect(hat!.share).toBeCloseTo(20 / 58, 12);
    });

    it('explains by the statistical method on request', async () => {
      const want = reference.rank(scored(0), { method: 'statistical' }).explain('37')!;
      const res = await http().get(`/api/collections/ethereum/${STORED}/nfts/37?method=statistical`);
      expect(res.status).toBe(200);
      expect(res.body.rarity).toMatchObject({
        method: 'statistical',
        rank: want.rarityRank,
        score: want.rarityScore,
      });
      expect(res.body.rarityRank).toBe(want.rarityRank);
    });

    it('answers an NFT whose metadata did not resolve, unranked', async () => {
      const res = await http().get(`/api/collections/ethereum/${STORED}/nfts/60`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tokenId: '60',
        name: 'Stored Apes #60',
        rarityRank: null,
        rarityScore: null,
        rarity: null,
      });
    });

    it('answers 404 for an unknown token or collection, 400 for a malformed address, network or method', async () => {
      const cases: Array<[string, number, string]> = [
        [`/api/collections/ethereum/${STORED}/nfts/61`, 404, 'NFT 61 not found in this collection'],
        [`/api/collections/polygon/${STORED}/nfts/1`, 404, 'Collection Not Found'],
        [`/api/collections/ethereum/0x${'ef'.repeat(20)}/traits`, 404, 'Collection Not Found'],
        [`/api/collections/ethereum/0x1234/nfts/1`, 400, 'address must be 0x followed by 40 hex characters'],
        [
          `/api/collections/solana/${STORED}/traits`,
          400,
          'network must be one of: ethereum, polygon, cronos',
        ],
        [
          `/api/collections/ethereum/${STORED}/nfts/1?method=harmonic`,
          400,
          'method must be one of: openrarity, statistical',
        ],
        [
          `/api/collections/ethereum/${STORED}/nfts/${'9'.repeat(81)}`,
          400,
          'tokenId must be at most 80 characters',
        ],
      ];
      for (const [path, status, message] of cases) {
        const res = await http().get(path);
        expect([path, res.status, res.body.message]).toEqual([path, status, message]);
      }
    });

    it('summarises the traits for the filter bar', async () => {
      const res = await http().get(`/api/collections/ethereum/${STORED}/traits`);
      expect(res.status).toBe(200);
      const summary = res.body as CollectionTraitsResponse;
      expect(summary).toEqual({
        network: 'ethereum',
        address: STORED,
        ...new RarityEngine().summarize(scored(0)),
      });
      expect(summary.tokenCount).toBe(58);
      const hat = summary.traitTypes.find((t) => t.traitType === 'Hat')!;
      expect(hat.missing).toBe(20);
      expect(hat.values.map((v) => [v.value, v.count])).toEqual([
        ['Crown', 19],
        ['None', 19],
      ]);
      expect(summary.numericTraits).toEqual([
        { traitType: 'Level', key: 'level', displayType: 'number', count: 58, min: 0, max: 9 },
      ]);
    });

    it('ranks the stored collection for {contractAddress, network}: no NFT list, on the rarity thread', async () => {
      const res = await calculate({ contractAddress: STORED, network: 'ethereum' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ method: 'openrarity', cacheSource: 'fresh' });
      expect(res.body.nfts).toEqual(expected(scored(0)));

      const statistical = await calculate({
        contractAddress: STORED.toUpperCase().replace('0X', '0x'),
        network: 'ethereum',
        method: 'statistical',
      });
      expect(statistical.body.nfts).toEqual(expected(scored(0), 'statistical'));
      const again = await calculate({ contractAddress: STORED, network: 'ethereum' });
      expect(again.body).toMatchObject({ fromCache: true, cacheSource: 'memory' });
      expect(again.body.nfts).toEqual(res.body.nfts);
      // The stored version names the result: forcing cannot make the API rank it again.
      const forced = await calculate({ contractAddress: STORED, network: 'ethereum', forceRefresh: true });
      expect(forced.body).toMatchObject({ cacheSource: 'memory' });
      expect([onRequestThread(), onRarityThread()]).toEqual([0, 2]);
    });

    it('ranks each stored collection once, and again after a scan stores new NFTs', async () => {
      await http().get(`/api/collections/ethereum/${STORED}/nfts/2`);
      await http().get(`/api/collections/ethereum/${STORED}/nfts/3`);
      await http().get(`/api/collections/ethereum/${STORED}/traits`);
      expect(calculations()).toBe(0);

      await new Promise((r) => setTimeout(r, 5));
      await api.sut
        .get(CollectionsRepository)
        .saveScan({ info, nfts: records(1), scanDuration: 10, isComplete: true });
      const want = reference.rank(scored(1)).get('2')!;
      const res = await http().get(`/api/collections/ethereum/${STORED}/nfts/2`);
      expect(res.body.rarity).toMatchObject({ rank: want.rarityRank, score: want.rarityScore });
      const traits = await http().get(`/api/collections/ethereum/${STORED}/traits`);
      expect(traits.body.tokenCount).toBe(58);
      // Ranked once, on the rarity thread: the request thread ranks no stored collection.
      expect([onRequestThread(), onRarityThread()]).toEqual([0, 1]);
    });
  });
});
