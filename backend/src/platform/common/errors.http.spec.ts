import type { NestExpressApplication } from '@nestjs/platform-express';
import { Writable } from 'node:stream';
import request from 'supertest';
import { testConfig, testPrefix } from '../../../../test/support/test-env.js';
import { createApiApp } from '../../bootstrap.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** JSON log lines the API writes, kept for the assertions. */
class LogLines extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
}

describe('errors, request ids and request logs over HTTP', () => {
  let sut: NestExpressApplication;
  let logs: LogLines;

  beforeAll(async () => {
    logs = new LogLines();
    sut = await createApiApp(testConfig(testPrefix('errors'), { LOG_FORMAT: 'json', LOG_LEVEL: 'info' }), {
      logDestination: logs,
    });
    await sut.init();
  });

  afterAll(async () => {
    await sut.close();
  });

  const postRaw = (path: string, body: string) =>
    request(sut.getHttpServer()).post(path).set('content-type', 'application/json').send(body);

  it('answers 3,000 nested brackets in 6 KB with 400, before validation', async () => {
    const body = '['.repeat(3000) + ']'.repeat(3000);
    expect(body.length).toBe(6000);

    const res = await postRaw('/api/nfts', body);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      message: 'JSON body is nested deeper than 32 levels',
      requestId: res.headers['x-request-id'],
    });
  });

  it('refuses 33 levels of objects and keeps 32 for validation to judge', async () => {
    const deep = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);

    const tooDeep = await postRaw('/api/nfts', deep(33));
    const deepest = await postRaw('/api/nfts', deep(32));

    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.message).toBe('JSON body is nested deeper than 32 levels');
    expect(deepest.status).toBe(400);
    expect(deepest.body.message).not.toContain('nested');
  });

  it('applies the same limit to the large-body rarity route', async () => {
    const res = await postRaw('/api/calculate-rarity', '['.repeat(3000));

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('JSON body is nested deeper than 32 levels');
  });

  it('gives every answer a request id, the same in the header, the error body and the log line', async () => {
    const res = await postRaw('/api/nfts', '{"address":');

    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'Malformed JSON body',
      error: 'BAD_REQUEST',
      requestId: id,
    });
    const line = logs.lines.find((l) => l.reqId === id);
    expect(line).toMatchObject({ level: 30, method: 'POST', path: '/api/nfts', status: 400 });
    expect(typeof line!.ms).toBe('number');
  });

  it('logs one line per API request with its route pattern, and none for the web app', async () => {
    const before = logs.lines.length;

    const res = await request(sut.getHttpServer()).get('/api/health/live');
    await request(sut.getHttpServer()).get('/some/page');

    const added = logs.lines.slice(before).filter((l) => l.reqId !== undefined);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      reqId: res.headers['x-request-id'],
      method: 'GET',
      route: '/api/health/live',
      path: '/api/health/live',
      status: 200,
      msg: expect.stringMatching(/^GET \/api\/health\/live 200 \d+ ms$/),
    });
  });

  it('does not take a request id from a visitor when no proxy is trusted', async () => {
    const res = await request(sut.getHttpServer())
      .get('/api/health/live')
      .set('X-Request-Id', 'forged-id-123');

    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('request logs of a flood', () => {
  let sut: NestExpressApplication;
  let logs: LogLines;

  beforeAll(async () => {
    logs = new LogLines();
    const config = testConfig(testPrefix('flood-log'), {
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      RATE_LIMIT_API: '2/60',
    });
    sut = await createApiApp(config, { logDestination: logs });
    await sut.init();
  });

  afterAll(async () => {
    await sut.close();
  });

  it("logs a client's answers up to its first refusal of the window, not each refusal after it", async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await request(sut.getHttpServer()).get('/api/donations'));

    expect(answers.map((res) => res.status)).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    expect(answers.slice(3).every((res) => Number(res.headers['retry-after']) > 0)).toBe(true);
    const logged = logs.lines.filter((l) => l.path === '/api/donations').map((l) => l.status);
    expect(logged).toEqual([200, 200, 429]);
  });
});
