import { jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NftAttribute, RarityMethodName, RarityResult } from '@nexus/contract';
import request from 'supertest';
import { dropDatabase, freshDatabase } from '../../../../test/support/fresh-database.js';
import { clearPrefix } from '../../../../test/support/redis-prefix.js';
import { testConfig, testPrefix } from '../../../../test/support/test-env.js';
import { createApiApp } from '../../bootstrap.js';
import { RarityEngine } from '../rarity.engine.js';
import { RarityThread } from '../rarity-thread.js';
import type { RarityToken } from '../rarity.types.js';

/** The contract of the token lists the rarity specs post. */
export const ADDRESS = '0x' + 'ab'.repeat(20);

/** Deterministic traits: common and rare values, a trait some tokens lack (Hat), a numeric trait. */
export function traitsOf(i: number, salt = 0): NftAttribute[] {
  const h = Math.imul(i + 1 + salt * 7919, 2654435761) >>> 0;
  const attributes: NftAttribute[] = [
    { trait_type: 'Background', value: ['Blue', 'Red', 'Green', 'Gold', 'Purple'][h % 5]! },
    {
      trait_type: 'Eyes',
      value: i % 37 === 0 ? 'Laser' : ['Bored', 'Sleepy', 'Wide', 'Closed'][(h >>> 4) % 4]!,
    },
    {
      trait_type: 'Mouth',
      value: ['Grin', 'Smile', 'Frown', 'Open', 'Pipe', 'Gold Tooth', 'Bubble'][(h >>> 9) % 7]!,
    },
    { trait_type: 'Level', value: i % 10, display_type: 'number' },
  ];
  if (i % 3 !== 0) attributes.push({ trait_type: 'Hat', value: ['Cap', 'Crown', 'None'][i % 3]! });
  return attributes;
}

/** `size` tokens with traitsOf (`salt` gives another set of the same shape). */
export function collection(size: number, salt = 0): RarityToken[] {
  return Array.from({ length: size }, (_, i) => ({ tokenId: String(i + 1), attributes: traitsOf(i, salt) }));
}

/** A fixed shuffle: the service must rank the same set the same whatever the order. */
export function shuffled<T>(items: readonly T[]): T[] {
  return items
    .map((item, i) => ({ item, k: (i * 7919) % 1009 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.item);
}

/** The engine the expectations come from; calls on any other instance are the API's. */
export const reference = new RarityEngine();

/** The ranking the API must answer for `tokens`. */
export function expected(
  tokens: readonly RarityToken[],
  method: RarityMethodName = 'openrarity',
): RarityResult['nfts'] {
  return reference.rank(tokens, { method }).results();
}

/** The body of POST /api/calculate-rarity for `nfts` of ADDRESS on polygon. */
export const body = (nfts: readonly RarityToken[], extra: object = {}) => ({
  nfts,
  contractAddress: ADDRESS,
  network: 'polygon',
  ...extra,
});

/** The API of a rarity spec, as its tests see it once its beforeAll has run. */
export interface RarityApi {
  /** Its Redis prefix and database, for a second API node of the same store. */
  prefix: string;
  databaseUrl: string;
  sut: NestExpressApplication;
  /** POST /api/calculate-rarity to `app` (the API under test unless told). */
  calculate(body: object, app?: NestExpressApplication): request.Test;
  /** Rankings the API made since the test began: on the request thread, and on the rarity thread. */
  onRequestThread(): number;
  onRarityThread(): number;
  calculations(): number;
}

/**
 * For the describe block it is called in: an API on a fresh database named after `name`, its
 * rankings counted per test (the reference engine's aside), all of it closed after the tests.
 */
export function useRarityApi(name: string): RarityApi {
  let rank: jest.SpiedFunction<RarityEngine['rank']>;
  let threadRanks: Array<{ mock: { calls: unknown[] }; mockRestore: () => void }>;
  const api: RarityApi = {
    prefix: testPrefix(name),
    databaseUrl: '',
    sut: undefined as unknown as NestExpressApplication,
    calculate: (body, app = api.sut) => request(app.getHttpServer()).post('/api/calculate-rarity').send(body),
    onRequestThread: () => rank.mock.contexts.filter((engine) => engine !== reference).length,
    onRarityThread: () => threadRanks.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    calculations: () => api.onRequestThread() + api.onRarityThread(),
  };

  beforeAll(async () => {
    api.databaseUrl = await freshDatabase(name);
    // The size of the bodies is charged against the rate limit in its own test.
    api.sut = await createApiApp(
      testConfig(api.prefix, { DATABASE_URL: api.databaseUrl, RATE_LIMIT_RARITY: '100000/60' }),
      { logger: false },
    );
    await api.sut.init();
  });

  beforeEach(() => {
    rank = jest.spyOn(RarityEngine.prototype, 'rank');
    threadRanks = [
      jest.spyOn(RarityThread.prototype, 'rankRead'),
      jest.spyOn(RarityThread.prototype, 'rankTokens'),
      jest.spyOn(RarityThread.prototype, 'rankJson'),
      jest.spyOn(RarityThread.prototype, 'rankCollection'),
    ];
  });

  afterEach(() => {
    rank.mockRestore();
    for (const spy of threadRanks) spy.mockRestore();
  });

  afterAll(async () => {
    await api.sut?.close();
    await clearPrefix(api.prefix);
    if (api.databaseUrl) await dropDatabase(api.databaseUrl);
  });

  return api;
}
