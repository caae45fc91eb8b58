import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_ROUTES } from '@nexus/contract';
import request from 'supertest';
import { testConfig, testPrefix } from '../../../test/support/test-env.js';
import { createApiApp } from '../bootstrap.js';

describe('POST /api/nfts validation', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await createApiApp(testConfig(testPrefix('http')), { logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  const post = (body: unknown) =>
    request(app.getHttpServer())
      .post(API_ROUTES.scanNfts.path)
      .send(body as object);

  it.each([
    [{ network: 'polygon', searchType: 'collection' }, 'Please enter a wallet address or ENS name'],
    [
      { address: '0x1', network: 'polygon', searchType: 'collection' },
      'Please enter a valid contract address (0x...)',
    ],
    [
      { address: 'hello', network: 'polygon', searchType: 'wallet' },
      'Please enter a valid Ethereum address (0x...) or ENS name (.eth).',
    ],
    [
      { address: '0x' + '1'.repeat(40), network: 'bitcoin', searchType: 'collection' },
      'network must be one of: ethereum, polygon, cronos',
    ],
    [
      { address: '0x' + '1'.repeat(40), network: 'polygon', searchType: 'token' },
      'searchType must be wallet or collection',
    ],
    [
      { address: '0x' + '1'.repeat(40), network: 'polygon', searchType: 'wallet', forceRefresh: 'yes' },
      'forceRefresh must be a boolean',
    ],
    [
      { address: '0x' + '1'.repeat(40), network: 'polygon', searchType: 'wallet', admin: true },
      'property admin should not exist',
    ],
    [
      { address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', network: 'polygon', searchType: 'wallet' },
      'Solana is not supported yet',
    ],
  ])('answers 400 with a message for %j', async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('answers 400 for a malformed JSON body', async () => {
    const res = await request(app.getHttpServer())
      .post(API_ROUTES.scanNfts.path)
      .set('content-type', 'application/json')
      .send('{"address": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Malformed JSON body');
  });

  it('answers 404 as JSON for an unknown API route', async () => {
    const res = await request(app.getHttpServer()).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });
});
