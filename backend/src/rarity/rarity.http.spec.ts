import type { CalculateRarityResponse } from '@nexus/contract';
import request from 'supertest';
import { testConfig } from '../../../test/support/test-env.js';
import { createApiApp } from '../bootstrap.js';
import { RarityController } from './rarity.controller.js';
import type { RarityToken } from './rarity.types.js';
import {
  ADDRESS,
  body,
  collection,
  expected,
  shuffled,
  useRarityApi,
} from './testing/rarity-http.fixture.js';

describe('rarity HTTP', () => {
  const api = useRarityApi('rarity');
  const { calculate, calculations, onRarityThread, onRequestThread } = api;

  describe(RarityController.name, () => {
    describe('validation', () => {
      const valid = body(collection(3));
      it.each([
        ['nfts not a list', { ...valid, nfts: 'all' }, 'nfts must be an array of NFTs'],
        ['nfts null', { ...valid, nfts: null }, 'nfts must be an array of NFTs'],
        [
          'a malformed contract address',
          { ...valid, contractAddress: '0x123' },
          'contractAddress must be 0x followed by 40 hex characters',
        ],
        [
          'an unknown network',
          { ...valid, network: 'solana' },
          'network must be one of: ethereum, polygon, cronos',
        ],
        [
          'an unknown method',
          { ...valid, method: 'harmonic' },
          'method must be one of: openrarity, statistical',
        ],
        ['forceRefresh not a boolean', { ...valid, forceRefresh: 'yes' }, 'forceRefresh must be a boolean'],
        ['an unknown field', { ...valid, owner: 'me' }, 'property owner should not exist'],
        [
          'a token without an id',
          { ...valid, nfts: [{ tokenId: '1', attributes: [] }, { attributes: [] }] },
          'nfts[1].tokenId must be a non-empty string of at most 80 characters',
        ],
        [
          'a repeated token id',
          {
            ...valid,
            nfts: [
              { tokenId: '7', attributes: [] },
              { tokenId: '7', attributes: [] },
            ],
          },
          'nfts[1].tokenId "7" appears more than once',
        ],
        [
          'attributes not a list',
          { ...valid, nfts: [{ tokenId: '1', attributes: { Hat: 'Cap' } }] },
          'nfts[0].attributes must be an array',
        ],
        [
          'a structured trait value',
          { ...valid, nfts: [{ tokenId: '1', attributes: [{ trait_type: 'Hat', value: { a: 1 } }] }] },
          'nfts[0].attributes[0].value must be text of at most 1024 characters, a finite number or a boolean',
        ],
        [
          'a trait without a type',
          { ...valid, nfts: [{ tokenId: '1', attributes: [{ value: 'Cap' }] }] },
          'nfts[0].attributes[0].trait_type must be text of at most 256 characters',
        ],
      ])('answers 400 for %s', async (_case, payload, message) => {
        const res = await calculate(payload);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          message,
          error: 'BAD_REQUEST',
          requestId: expect.any(String),
        });
        expect(calculations()).toBe(0);
      });

      it('answers 400 for more than 50,000 tokens (a 1.8 MB body is read, not refused as too large)', async () => {
        const nfts = Array.from({ length: 50_001 }, (_, i) => ({ tokenId: String(i), attributes: [] }));
        const res = await calculate(body(nfts));
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('nfts must contain at most 50,000 NFTs');
      });

      it('answers 400 for malformed JSON and for a body that is not an object', async () => {
        const malformed = await request(api.sut.getHttpServer())
          .post('/api/calculate-rarity')
          .set('content-type', 'application/json')
          .send('{"nfts": [');
        expect(malformed.status).toBe(400);
        expect(malformed.body).toMatchObject({ statusCode: 400, error: 'BAD_REQUEST' });
        const list = await calculate([{ tokenId: '1', attributes: [] }]);
        expect(list.status).toBe(400);
        expect(list.body.message).toBe(
          'Request body must be a JSON object with nfts, contractAddress and network',
        );
      });

      it('answers 400 for a __proto__ field, in a small body and in a large one (own keys only)', async () => {
        const raw = (nfts: readonly RarityToken[]) =>
          request(api.sut.getHttpServer())
            .post('/api/calculate-rarity')
            .set('content-type', 'application/json')
            .send(`{"__proto__":null,${JSON.stringify(body(nfts)).slice(1)}`);
        for (const tokens of [collection(3), collection(2000, 9)]) {
          const res = await raw(tokens);
          expect(res.status).toBe(400);
          expect(res.body.message).toBe('property __proto__ should not exist');
        }
        expect(calculations()).toBe(0);
      });

      it('checks a large body on the rarity thread with the same messages', async () => {
        const tokens = collection(2000, 10);
        const repeated = [...tokens, { tokenId: '7', attributes: [] }];
        const cases: Array<[object | string, string]> = [
          [body(repeated), 'nfts[2000].tokenId "7" appears more than once'],
          [
            body(tokens, { network: 'solana', owner: 'me' }),
            'property owner should not exist; network must be one of: ethereum, polygon, cronos',
          ],
          [JSON.stringify(body(tokens)).slice(0, -1), 'Malformed JSON body'],
          [
            `[${JSON.stringify(body(tokens))}]`,
            'Request body must be a JSON object with nfts, contractAddress and network',
          ],
          [
            `${'['.repeat(40)}${JSON.stringify(tokens)}${']'.repeat(40)}`,
            'JSON body is nested deeper than 32 levels',
          ],
        ];
        for (const [payload, message] of cases) {
          const res = await request(api.sut.getHttpServer())
            .post('/api/calculate-rarity')
            .set('content-type', 'application/json')
            .send(typeof payload === 'string' ? payload : JSON.stringify(payload));
          expect([res.status, res.body.message]).toEqual([400, message]);
        }
        expect(calculations()).toBe(0);
      });

      it('answers 404 for {contractAddress, network} of a collection Nexus has not stored', async () => {
        const res = await calculate({ contractAddress: ADDRESS, network: 'polygon' });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Collection Not Found');
      });
    });

    it('ranks a large body on the rarity thread, not on the request thread, and caches it the same way', async () => {
      const tokens = collection(3000, 11);
      expect(JSON.stringify(body(tokens)).length).toBeGreaterThan(64 * 1024);
      const first = await calculate(body(shuffled(tokens)));
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ method: 'openrarity', cacheSource: 'fresh' });
      expect(first.body.nfts).toEqual(expected(tokens));

      const again = await calculate(body(tokens));
      expect(again.body).toMatchObject({ fromCache: true, cacheSource: 'memory' });
      const statistical = await calculate(body(tokens, { method: 'statistical' }));
      expect(statistical.body.nfts).toEqual(expected(tokens, 'statistical'));
      expect([onRequestThread(), onRarityThread()]).toEqual([0, 2]);
    });

    it("answers the engine's ranking in rank order, whatever order the tokens come in", async () => {
      const tokens = collection(300);
      const res = await calculate(body(shuffled(tokens)));

      expect(res.status).toBe(200);
      const answer = res.body as CalculateRarityResponse;
      expect(answer).toMatchObject({ method: 'openrarity', fromCache: false, cacheSource: 'fresh' });
      expect(answer.nfts).toEqual(expected(tokens));
      expect(answer.nfts).toHaveLength(300);
      expect(answer.nfts[0]!.rarityRank).toBe(1);
      expect(answer.nfts.map((n) => n.rarityRank)).toEqual(
        [...answer.nfts.map((n) => n.rarityRank)].sort((a, b) => a - b),
      );
      expect(new Set(answer.nfts.map((n) => n.rarityRank)).size).toBeGreaterThan(20);
      expect(calculations()).toBe(1);
    });

    it('answers an empty list with an empty ranking, and a lone token with rank 1', async () => {
      const empty = await calculate(body([]));
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ nfts: [], cacheSource: 'fresh' });
      const lone = await calculate(body([{ tokenId: '1', attributes: [] }]));
      expect(lone.body.nfts).toEqual([{ tokenId: '1', rarityScore: 0, rarityRank: 1 }]);
    });

    it('ranks by the statistical method on request', async () => {
      const tokens = collection(120);
      const res = await calculate(body(tokens, { method: 'statistical' }));
      expect(res.status).toBe(200);
      expect(res.body.method).toBe('statistical');
      expect(res.body.nfts).toEqual(expected(tokens, 'statistical'));
      expect(res.body.nfts).not.toEqual(expected(tokens, 'openrarity'));
    });

    it('reads only tokenId and attributes of each NFT (the gallery may send whole NFTs)', async () => {
      const tokens = collection(40, 1);
      const whole = tokens.map((t) => ({
        ...t,
        name: `Token #${t.tokenId}`,
        image: '/x.png',
        rarityRank: null,
      }));
      const res = await calculate(body(whole));
      expect(res.status).toBe(200);
      expect(res.body.nfts).toEqual(expected(tokens));
    });

    it('answers a repeated token set from memory, in any order, and another API node from Redis', async () => {
      const tokens = collection(200, 2);
      const first = await calculate(body(tokens));
      expect(first.body.cacheSource).toBe('fresh');

      const again = await calculate(body(shuffled(tokens)));
      expect(again.body).toMatchObject({ fromCache: true, cacheSource: 'memory' });
      expect(again.body.nfts).toEqual(first.body.nfts);

      const other = await createApiApp(testConfig(api.prefix, { DATABASE_URL: api.databaseUrl }), {
        logger: false,
      });
      try {
        await other.init();
        const shared = await calculate(body(tokens), other);
        expect(shared.body).toMatchObject({ fromCache: true, cacheSource: 'redis' });
        expect(shared.body.nfts).toEqual(first.body.nfts);
      } finally {
        await other.close();
      }
      expect(calculations()).toBe(1);
    });

    it('never answers a different token set from the cache of the same contract', async () => {
      const tokens = collection(200, 3);
      await calculate(body(tokens));
      const changed = tokens.map((t) =>
        t.tokenId === '5' ? { ...t, attributes: [{ trait_type: 'Background', value: 'Rainbow' }] } : t,
      );
      const res = await calculate(body(changed));
      expect(res.body.cacheSource).toBe('fresh');
      expect(res.body.nfts).toEqual(expected(changed));
      expect(res.body.nfts[0]).toMatchObject({ tokenId: '5', rarityRank: 1 });

      const fewer = await calculate(body(tokens.slice(0, 150)));
      expect(fewer.body.cacheSource).toBe('fresh');
      expect(fewer.body.nfts).toHaveLength(150);
      expect(calculations()).toBe(3);
    });

    it('calculates again with forceRefresh', async () => {
      const tokens = collection(100, 4);
      await calculate(body(tokens));
      const forced = await calculate(body(tokens, { forceRefresh: true }));
      expect(forced.body).toMatchObject({ fromCache: false, cacheSource: 'fresh' });
      expect(forced.body.nfts).toEqual(expected(tokens));
      expect(calculations()).toBe(2);
      const after = await calculate(body(tokens));
      expect(after.body.cacheSource).toBe('memory');
      expect(calculations()).toBe(2);
    });

    it('makes one calculation for identical requests sent at the same time', async () => {
      const tokens = collection(5000, 5);
      const answers = await Promise.all(Array.from({ length: 6 }, () => calculate(body(shuffled(tokens)))));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const want = expected(tokens);
      for (const a of answers) expect(a.body.nfts).toEqual(want);
      expect(calculations()).toBe(1);
    });
  });
});
