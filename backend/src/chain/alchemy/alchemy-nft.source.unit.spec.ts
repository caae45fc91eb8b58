// Over 400 lines for that reason: one fake Alchemy API, with its recorded answers, serves every method of the
// source and its failures.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { LoopbackServer } from '../../platform/outbound/testing/loopback-server.fixture.js';
import { FetchError, type FetchErrorKind } from '../../platform/outbound/index.js';
import { alchemyServes } from './alchemy.networks.js';
import { AlchemyNftSource, type AlchemyNftSourceOptions } from './alchemy-nft.source.js';

const API_KEY = 'nx-test-Alchemy-key-7f3a9c';
const OWNER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const HARBOR = '0x8a791620dd6260079bf849dc5567adc3f2fdc318';
const TIDEPOOL = '0x610178da211fef7d417bc0e6fed39f05609ad788';
const CLAIM = '0xb7f8bc63bbcad18155201308c8f3540b07f84f5e';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string): string => readFileSync(join(fixturesDir, `${name}.json`), 'utf8');

interface Scripted {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/** One request the fake Alchemy received: its method (last path segment) and query. */
interface Received {
  path: string;
  method: string;
  query: URLSearchParams;
  at: number;
}

async function failure(work: Promise<unknown>): Promise<FetchError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function expectKind(work: Promise<unknown>, kind: FetchErrorKind): Promise<FetchError> {
  const error = await failure(work);
  expect(error.kind).toBe(kind);
  return error;
}

describe(AlchemyNftSource.name, () => {
  let server: LoopbackServer;
  let received: Received[];
  /** Answers served before the fixtures, per API method, in order. */
  let scripted: Map<string, Scripted[]>;
  let hang: boolean;

  const makeSut = (options: Partial<AlchemyNftSourceOptions> = {}): AlchemyNftSource =>
    new AlchemyNftSource({
      apiKey: API_KEY,
      baseUrl: server.origin,
      timeoutMs: 2_000,
      retries: 2,
      retryBaseDelayMs: 5,
      ...options,
    });

  const script = (method: string, ...answers: Scripted[]): void => {
    scripted.set(method, answers);
  };

  const calls = (method: string): Received[] => received.filter((r) => r.method === method);

  const answer = (response: ServerResponse, { status, body, headers }: Scripted): void => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  };

  const fixtureFor = (method: string, query: URLSearchParams): Scripted => {
    switch (method) {
      case 'getNFTsForOwner':
        return {
          status: 200,
          body: fixture(query.get('pageKey') ? 'nfts-for-owner.page-2' : 'nfts-for-owner.page-1'),
        };
      case 'getNFTsForContract':
        return {
          status: 200,
          body: fixture(query.get('startToken') ? 'nfts-for-contract.page-2' : 'nfts-for-contract.page-1'),
        };
      case 'getContractMetadata':
        return {
          status: 200,
          body: fixture(
            query.get('contractAddress')?.toLowerCase() === HARBOR
              ? 'contract-metadata.erc721'
              : 'contract-metadata.not-a-contract',
          ),
        };
      case 'searchContractMetadata':
        return { status: 200, body: fixture('search-contract-metadata') };
      default:
        return { status: 404, body: JSON.stringify({ error: { message: `unknown method ${method}` } }) };
    }
  };

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://alchemy.test');
    const match = /\/nft\/v3\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    const method = match?.[2] ?? '';
    received.push({ path: url.pathname, method, query: url.searchParams, at: Date.now() });
    if (hang) return;
    if (!match || decodeURIComponent(match[1]!) !== API_KEY) {
      // Echo the key back, as a careless gateway might: it must still never reach our errors.
      answer(response, {
        status: 401,
        body: JSON.stringify({ error: { code: 401, message: `Unknown API key ${match?.[1] ?? ''}` } }),
      });
      return;
    }
    const next = scripted.get(method)?.shift();
    answer(response, next ?? fixtureFor(method, url.searchParams));
  };

  beforeAll(async () => {
    server = await LoopbackServer.start((request, response) => handle(request, response));
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    received = [];
    scripted = new Map();
    hang = false;
  });

  describe('networks', () => {
    it('serves ethereum and polygon, never cronos', () => {
      expect(alchemyServes('ethereum')).toBe(true);
      expect(alchemyServes('polygon')).toBe(true);
      expect(alchemyServes('cronos')).toBe(false);
    });

    it('refuses cronos without asking the API', async () => {
      const sut = makeSut();

      const error = await expectKind(
        sut.getWalletHoldings('cronos', OWNER, { includeAllTokenTypes: true }),
        'unsupported',
      );

      expect(error.message).toContain('cronos');
      await expectKind(sut.getCollection('cronos', HARBOR), 'unsupported');
      expect(received).toHaveLength(0);
    });

    it('keeps the /nft/v3/{apiKey}/ path under a base URL with a {network} prefix', async () => {
      const sut = makeSut({ baseUrl: `${server.origin}/{network}/` });

      await sut.getCollection('polygon', HARBOR);

      expect(received[0]!.path).toBe(`/polygon-mainnet/nft/v3/${API_KEY}/getContractMetadata`);
      expect(received[0]!.query.get('contractAddress')).toBe(HARBOR);
    });
  });

  describe('configuration', () => {
    it('refuses an empty API key or an unusable base URL at construction', () => {
      expect(() => makeSut({ apiKey: ' ' })).toThrow('The Alchemy API key is empty');
      expect(() => makeSut({ baseUrl: 'ftp://127.0.0.1:21' })).toThrow('must be http(s)');
      expect(() => makeSut({ pageSize: 101 })).toThrow('from 1 to 100');
    });
  });

  describe('getCollection', () => {
    it('maps getContractMetadata to a collection', async () => {
      const sut = makeSut();

      const collection = await sut.getCollection('ethereum', HARBOR);

      expect(collection).toEqual({
        network: 'ethereum',
        address: HARBOR,
        name: 'Harbor Lights',
        contractName: 'Harbor Lights',
        symbol: 'HRBR',
        standard: 'ERC-721',
        totalSupply: 3,
        enumerable: false,
        imageUrl: 'https://i.seadn.io/s/raw/files/harbor-lights-logo.png?w=500&auto=format',
        description: 'Three lighthouses keeping watch over a quiet harbor.',
      });
    });

    it('answers null for an address that is not an NFT contract', async () => {
      const sut = makeSut();

      await expect(
        sut.getCollection('ethereum', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'),
      ).resolves.toBeNull();
    });
  });

  describe('getWalletHoldings', () => {
    it('follows pageKey across two pages, with metadata and without a spam filter', async () => {
      const sut = makeSut();

      const holdings = await sut.getWalletHoldings('ethereum', OWNER, { includeAllTokenTypes: true });

      const pages = calls('getNFTsForOwner');
      expect(pages).toHaveLength(2);
      expect(pages[0]!.query.get('owner')).toBe(OWNER);
      expect(pages[0]!.query.get('withMetadata')).toBe('true');
      expect(pages[0]!.query.has('pageKey')).toBe(false);
      expect(pages[1]!.query.get('pageKey')).toBe('8f3e2c1a-6b7d-4e09-a5c4-2d1f0e9b7a63');
      for (const page of pages) {
        expect([...page.query.keys()].some((key) => key.startsWith('excludeFilters'))).toBe(false);
      }
      expect(holdings.map((h) => [h.collection.address, h.tokens.map((t) => t.tokenId)])).toEqual([
        [HARBOR, ['1', '2']],
        [TIDEPOOL, ['7', '8']],
        [CLAIM, ['44']],
      ]);
    });

    it('maps an ERC-721 holding with the metadata Alchemy already holds', async () => {
      const sut = makeSut();

      const [harbor] = await sut.getWalletHoldings('ethereum', OWNER, { includeAllTokenTypes: true });

      expect(harbor!.collection).toMatchObject({
        name: 'Harbor Lights',
        standard: 'ERC-721',
        totalSupply: 3,
      });
      expect(harbor!.tokens[0]).toEqual({
        tokenId: '1',
        tokenUri: 'ipfs://bafybeigharborlightsmetadata/1.json',
        balance: 1,
        metadata: {
          name: 'Harbor Light #1',
          description: 'A lighthouse of the Harbor Lights collection.',
          // Alchemy's copy first; the original host as the fallback.
          image: 'https://nft-cdn.alchemy.com/eth-mainnet/b2f3c0d54e7a41c99e0a7f3b1c2d8e61',
          imageFallback: 'https://ipfs.io/ipfs/bafybeigharborlightsimages/1.png',
          animationUrl: null,
          attributes: [
            { trait_type: 'Tower', value: 'Granite' },
            { trait_type: 'Beam', value: 'Amber' },
            { trait_type: 'Weather', value: 'Fog' },
            { trait_type: 'Generation', value: 2, display_type: 'number' },
          ],
        },
      });
      expect(harbor!.tokens[1]!.metadata?.image).toBe(
        'https://nft-cdn.alchemy.com/eth-mainnet/c41e9a7d03b84f2fa6d1e5c7b9a0f382',
      );
    });

    it('keeps ERC-1155 balances, and the reason Alchemy could not read a token', async () => {
      const sut = makeSut();

      const holdings = await sut.getWalletHoldings('ethereum', OWNER, { includeAllTokenTypes: true });

      const tidepool = holdings.find((h) => h.collection.address === TIDEPOOL)!;
      // The contract has no name of its own; OpenSea's collection name is the collection's.
      expect(tidepool.collection).toMatchObject({
        name: 'Tidepool Editions',
        contractName: '',
        symbol: '',
        standard: 'ERC-1155',
        totalSupply: null,
      });
      const [anemone, missing] = tidepool.tokens;
      expect(anemone).toMatchObject({ tokenId: '7', balance: 3 });
      expect(anemone!.metadata).toMatchObject({
        name: 'Anemone',
        image: 'https://nft-cdn.alchemy.com/eth-mainnet/e59b1f0a7c3d4e28a6b0c9d1f2e3a417',
        imageFallback: 'https://arweave.net/Qm4nEm0nE7tidepoolimageTx0000000000000000',
        animationUrl: 'ar://Qm4nEm0nE7tidepoolanimationTx00000000000000',
        attributes: [
          { trait_type: 'Pool', value: 'North' },
          { trait_type: 'Season', value: 'Winter' },
        ],
      });
      expect(missing).toEqual({
        tokenId: '8',
        // From raw.tokenUri, with the ERC-1155 {id} substituted.
        tokenUri:
          'https://tidepool.example/api/editions/0000000000000000000000000000000000000000000000000000000000000008.json',
        balance: 1,
        // The scan then leaves the URI alone (see resolveTokens).
        metadataUnavailable: 'Failed to get token uri: contract call reverted',
      });
      expect(missing).not.toHaveProperty('metadata');
    });

    it('returns what Alchemy classes as spam, with its verdict', async () => {
      const sut = makeSut();

      const holdings = await sut.getWalletHoldings('ethereum', OWNER, { includeAllTokenTypes: true });

      const claim = holdings.find((h) => h.collection.address === CLAIM);
      expect(claim?.tokens).toHaveLength(1);
      expect(claim?.collection.isSpam).toBe(true);
    });

    it('leaves ERC-1155 out when only ERC-721 is asked for', async () => {
      const sut = makeSut();

      const holdings = await sut.getWalletHoldings('ethereum', OWNER, { includeAllTokenTypes: false });

      expect(holdings.map((h) => h.collection.standard)).toEqual(['ERC-721', 'ERC-721']);
    });

    it('stops at the page cap with the pages read, and says the answer is partial', async () => {
      const sut = makeSut({ maxPages: 1 });
      const incomplete: string[] = [];

      const holdings = await sut.getWalletHoldings('ethereum', OWNER, {
        includeAllTokenTypes: true,
        onIncomplete: (reason) => incomplete.push(reason),
      });

      expect(calls('getNFTsForOwner')).toHaveLength(1);
      expect(holdings.flatMap((h) => h.tokens.map((t) => t.tokenId))).toEqual(['1', '2']);
      expect(incomplete).toEqual(['stopped at the cap of 1 pages']);
    });

    it('says nothing of completeness when every page was read', async () => {
      const incomplete: string[] = [];

      await makeSut().getWalletHoldings('ethereum', OWNER, {
        includeAllTokenTypes: true,
        onIncomplete: (reason) => incomplete.push(reason),
      });

      expect(incomplete).toEqual([]);
    });

    it('rejects an answer without ownedNfts', async () => {
      script('getNFTsForOwner', { status: 200, body: JSON.stringify({ totalCount: 0 }) });
      const sut = makeSut();

      await expectKind(
        sut.getWalletHoldings('ethereum', OWNER, { includeAllTokenTypes: true }),
        'invalid-response',
      );
    });
  });

  describe('enumerateCollection', () => {
    it('pages with startToken and reports progress', async () => {
      const sut = makeSut();
      const collection = (await sut.getCollection('ethereum', HARBOR))!;
      const progress: Array<{ tokensFound: number; tokensTotal: number | null }> = [];

      const tokens = await sut.enumerateCollection(collection, (p) => progress.push(p));

      const pages = calls('getNFTsForContract');
      expect(
        pages.map((p) => [
          p.query.get('contractAddress'),
          p.query.get('withMetadata'),
          p.query.get('startToken'),
        ]),
      ).toEqual([
        [HARBOR, 'true', null],
        [HARBOR, 'true', '0x03'],
      ]);
      expect(tokens.map((t) => t.tokenId)).toEqual(['1', '2', '3']);
      expect(tokens[2]).toMatchObject({
        tokenUri: 'ipfs://bafybeigharborlightsmetadata/3.json',
        metadata: { name: 'Harbor Light #3' },
      });
      expect(tokens[2]).not.toHaveProperty('balance');
      expect(progress).toEqual([
        { tokensFound: 2, tokensTotal: 3 },
        { tokensFound: 3, tokensTotal: 3 },
      ]);
    });
  });

  describe('searchCollections', () => {
    it('maps searchContractMetadata and leaves out contracts that are not NFTs', async () => {
      const sut = makeSut();

      const found = await sut.searchCollections('ethereum', '  harbor ');

      expect(calls('searchContractMetadata')[0]!.query.get('query')).toBe('harbor');
      expect(
        found.map(({ address, name, standard, imageUrl, description }) => ({
          address,
          name,
          standard,
          imageUrl,
          description,
        })),
      ).toEqual([
        {
          address: HARBOR,
          name: 'Harbor Lights',
          standard: 'ERC-721',
          imageUrl: 'https://i.seadn.io/s/raw/files/harbor-lights-logo.png?w=500&auto=format',
          description: 'Three lighthouses keeping watch over a quiet harbor.',
        },
        {
          address: TIDEPOOL,
          name: 'Tidepool Editions',
          standard: 'ERC-1155',
          imageUrl: 'https://i.seadn.io/s/raw/files/tidepool.png?w=500&auto=format',
          description: 'Open editions from the tidepool studio.',
        },
      ]);
    });

    it('also reads the bare array the reference documents', async () => {
      const { contracts } = JSON.parse(fixture('search-contract-metadata')) as { contracts: unknown[] };
      script('searchContractMetadata', { status: 200, body: JSON.stringify(contracts) });
      const sut = makeSut();

      await expect(sut.searchCollections('polygon', 'harbor')).resolves.toHaveLength(2);
    });

    it('does not call the API for an empty query', async () => {
      const sut = makeSut();

      await expect(sut.searchCollections('ethereum', '   ')).resolves.toEqual([]);
      expect(received).toHaveLength(0);
    });
  });

  describe('failures', () => {
    it('waits as long as Retry-After says after a 429, then succeeds', async () => {
      script('getContractMetadata', {
        status: 429,
        body: fixture('error.rate-limited'),
        headers: { 'retry-after': '1' },
      });
      const sut = makeSut();

      const collection = await sut.getCollection('ethereum', HARBOR);

      expect(collection?.name).toBe('Harbor Lights');
      const attempts = calls('getContractMetadata');
      expect(attempts).toHaveLength(2);
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    });

    it('backs off after a 500, then succeeds mid-pagination', async () => {
      script(
        'getNFTsForOwner',
        { status: 200, body: fixture('nfts-for-owner.page-1') },
        { status: 500, body: fixture('error.server') },
      );
      const sut = makeSut();

      const holdings = await sut.getWalletHoldings('ethereum', OWNER, { includeAllTokenTypes: true });

      expect(calls('getNFTsForOwner').map((c) => c.query.get('pageKey'))).toEqual([
        null,
        '8f3e2c1a-6b7d-4e09-a5c4-2d1f0e9b7a63',
        '8f3e2c1a-6b7d-4e09-a5c4-2d1f0e9b7a63',
      ]);
      expect(holdings).toHaveLength(3);
    });

    it('gives up after the retries with a clear error', async () => {
      const serverError: Scripted = { status: 503, body: fixture('error.server') };
      script('getContractMetadata', serverError, serverError, serverError);
      const sut = makeSut({ retries: 2 });

      const error = await expectKind(sut.getCollection('ethereum', HARBOR), 'http-status');

      expect(error.status).toBe(503);
      expect(error.message).toBe(
        'Alchemy getContractMetadata on eth-mainnet failed: HTTP 503 — Internal server error',
      );
      expect(calls('getContractMetadata')).toHaveLength(3);
    });

    it('never puts the API key in an error, even when the API echoes it', async () => {
      const sut = makeSut({ apiKey: `${API_KEY}-revoked` });

      const error = await expectKind(sut.getCollection('ethereum', HARBOR), 'http-status');

      expect(error.status).toBe(401);
      expect(error.retryable).toBe(false);
      expect(calls('getContractMetadata')).toHaveLength(1);
      expect(error.message).toContain('[redacted]');
      for (const text of [error.message, String(error), error.stack ?? '', JSON.stringify(error)]) {
        expect(text).not.toContain(API_KEY);
      }
    });

    it('tells the security status when Alchemy refuses the key, and only then', async () => {
      const refusals: number[] = [];
      const refused = makeSut({ apiKey: `${API_KEY}-revoked`, onKeyRefused: (s) => refusals.push(s) });
      await expectKind(refused.getCollection('ethereum', HARBOR), 'http-status');
      expect(refusals).toEqual([401]);

      script('getContractMetadata', { status: 503, body: fixture('error.server') });
      const accepted = makeSut({ retries: 0, onKeyRefused: (s) => refusals.push(s) });
      await expectKind(accepted.getCollection('ethereum', HARBOR), 'http-status');
      await accepted.getCollection('ethereum', HARBOR);
      expect(refusals).toEqual([401]);
    });

    it('never puts the API key in a connection error', async () => {
      const closed = await LoopbackServer.start(() => undefined);
      const origin = closed.origin;
      await closed.close();
      const sut = makeSut({ baseUrl: origin, retries: 0 });

      const error = await expectKind(sut.getCollection('ethereum', HARBOR), 'unreachable');

      expect(error.message).toContain('ECONNREFUSED');
      expect(`${error.message} ${error.stack ?? ''} ${String(error.cause)}`).not.toContain(API_KEY);
    });

    it('does not ask again when the host name does not resolve', async () => {
      let attempts = 0;
      const sut = makeSut({
        retries: 3,
        fetch: () => {
          attempts++;
          const lookup = Object.assign(new Error('getaddrinfo ENOTFOUND eth-mainnet.g.alchemy.com'), {
            code: 'ENOTFOUND',
          });
          return Promise.reject(new TypeError('fetch failed', { cause: lookup }));
        },
      });

      const error = await expectKind(sut.getCollection('ethereum', HARBOR), 'dns');

      expect(error.message).toBe(
        'Alchemy getContractMetadata on eth-mainnet failed: could not resolve the host (ENOTFOUND)',
      );
      expect(attempts).toBe(1);
    });

    it('times out a request that never answers', async () => {
      hang = true;
      const sut = makeSut({ timeoutMs: 150, retries: 1 });

      const error = await expectKind(sut.getCollection('ethereum', HARBOR), 'timeout');

      expect(error.message).toBe('Alchemy getContractMetadata on eth-mainnet did not answer within 150 ms');
      expect(calls('getContractMetadata')).toHaveLength(2);
    });
  });
});
