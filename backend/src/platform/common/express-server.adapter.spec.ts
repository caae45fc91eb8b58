import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import request from 'supertest';
import { testConfig, testPrefix } from '../../../../test/support/test-env.js';
import { createApiApp } from '../../bootstrap.js';
import { ExpressServerAdapter } from './express-server.adapter.js';

describe("the API's HTTP server", () => {
  let sut: NestExpressApplication;

  beforeAll(async () => {
    sut = await createApiApp(testConfig(testPrefix('http-server')), { logger: false });
    await sut.init();
  });

  afterAll(async () => {
    await sut.close();
  });

  it("builds each request and response with Express's prototypes, before Express sees them", async () => {
    const server = sut.getHttpServer() as Server;
    const express = sut.getHttpAdapter().getInstance() as Express;
    const seen: Array<[unknown, unknown]> = [];
    const listener = (req: IncomingMessage, res: ServerResponse) =>
      seen.push([Object.getPrototypeOf(req), Object.getPrototypeOf(res)]);
    server.prependListener('request', listener);
    try {
      const live = await request(server).get('/api/health/live');
      const refused = await request(server)
        .post('/api/nfts')
        .set('content-type', 'application/json')
        .send('{"address":');

      expect(live.status).toBe(200);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    } finally {
      server.off('request', listener);
    }
    expect(seen).toHaveLength(2);
    for (const [req, res] of seen) {
      expect(req).toBe(express.request);
      expect(res).toBe(express.response);
    }
  });

  it('refuses the options it does not serve', () => {
    expect(() => new ExpressServerAdapter().initHttpServer({ httpsOptions: {} })).toThrow(
      'ExpressServerAdapter serves plain HTTP without forceCloseConnections',
    );
    expect(() => new ExpressServerAdapter().initHttpServer({ forceCloseConnections: true })).toThrow(
      'ExpressServerAdapter serves plain HTTP without forceCloseConnections',
    );
  });
});
