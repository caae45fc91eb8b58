import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { testConfig, testPrefix } from '../../../../test/support/test-env.js';
import { createApiApp } from '../../bootstrap.js';

/**
 * `["\"",[[…]]]` in UTF-16: read as bytes, the escaped quote ends the string one character early,
 * and the brackets after it look like text to a byte-level depth check.
 */
const HIDDEN_DEPTH = `["\\"",${'['.repeat(40)}${']'.repeat(40)}]`;

describe('JSON bodies over HTTP', () => {
  let sut: NestExpressApplication;

  beforeAll(async () => {
    sut = await createApiApp(testConfig(testPrefix('json-body')), { logger: false });
    await sut.init();
  });

  afterAll(async () => {
    await sut.close();
  });

  const post = (path: string, contentType: string, body: string | Buffer) =>
    request(sut.getHttpServer()).post(path).set('content-type', contentType).send(body);

  it.each([
    ['/api/nfts', 'application/json; charset=utf-16le', 'utf16le'],
    ['/api/nfts', 'application/json; charset=UTF-16', 'utf16le'],
    ['/api/calculate-rarity', 'application/json; charset=utf-16le', 'utf16le'],
    ['/api/nfts', 'application/json; charset=latin1', 'latin1'],
  ] as const)('refuses %s in %s with 415, before reading it', async (path, contentType, encoding) => {
    const res = await post(path, contentType, Buffer.from(HIDDEN_DEPTH, encoding));

    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, message: 'Unsupported body encoding' });
  });

  it('keeps taking UTF-8, named or not', async () => {
    const nfts = JSON.stringify({ address: 'x', network: 'nowhere', searchType: 'wallet' });
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
    ]) {
      const res = await post('/api/nfts', type, nfts);
      expect([type, res.status, res.body.message]).toEqual([
        type,
        400,
        'network must be one of: ethereum, polygon, cronos',
      ]);
    }
    // The same hidden nesting in UTF-8 is seen and refused by the depth check.
    const deep = await post('/api/nfts', 'application/json', HIDDEN_DEPTH);
    expect([deep.status, deep.body.message]).toEqual([400, 'JSON body is nested deeper than 32 levels']);
  });
});
