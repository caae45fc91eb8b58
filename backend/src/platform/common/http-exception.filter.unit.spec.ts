import { BadRequestException, Logger, type ArgumentsHost } from '@nestjs/common';
import { Writable } from 'node:stream';
import { createRootLogger, nestLogger } from '../logging/index.js';
import { HttpExceptionFilter } from './http-exception.filter.js';

function hostFor(req: object) {
  const answer: { status?: number; body?: Record<string, unknown>; headers: Record<string, string> } = {
    headers: {},
  };
  const res = {
    headersSent: false,
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: Record<string, unknown>) {
      answer.body = body;
      return this;
    },
    setHeader(name: string, value: string) {
      answer.headers[name] = value;
    },
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
  } as unknown as ArgumentsHost;
  return { host, answer };
}

describe(HttpExceptionFilter.name, () => {
  const lines: string[] = [];
  const sut = new HttpExceptionFilter();
  const req = { id: 'req-1', method: 'GET', originalUrl: '/api/trending?period=24h' };

  beforeAll(() => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    Logger.overrideLogger(nestLogger(createRootLogger({ level: 'info', format: 'json' }, sink)));
  });

  afterAll(() => Logger.overrideLogger(false));

  beforeEach(() => (lines.length = 0));

  it('answers a refused connection with a fixed 503; the details go to the log only', () => {
    const { host, answer } = hostFor(req);

    sut.catch(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5441'), { code: 'ECONNREFUSED' }),
      host,
    );

    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      statusCode: 503,
      message: 'Service temporarily unavailable',
      error: 'SERVICE_UNAVAILABLE',
      requestId: 'req-1',
    });
    expect(lines.join('')).toContain('connect ECONNREFUSED 127.0.0.1:5441');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, reqId: 'req-1', path: '/api/trending' });
  });

  it('answers a bug with a fixed 500 and logs its stack with secrets in URLs redacted', () => {
    const { host, answer } = hostFor(req);
    const error = new Error(
      'HTTP request failed.\nURL: https://eth-mainnet.g.alchemy.com/v2/aB3dE5fG7hI9jK1lM3nO5pQ7\nRequest body: {"method":"eth_call"}',
    );

    sut.catch(error, host);

    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: 'INTERNAL_SERVER_ERROR',
      requestId: 'req-1',
    });
    const logged = lines.join('');
    expect(logged).toContain('eth-mainnet.g.alchemy.com/v2/[redacted]');
    expect(logged).toContain('eth_call');
    expect(logged).not.toContain('aB3dE5fG7hI9jK1lM3nO5pQ7');
  });

  it('passes a visitor mistake on as it is, with the request id', () => {
    const { host, answer } = hostFor(req);

    sut.catch(new BadRequestException('Please enter a valid contract address (0x...)'), host);

    expect(answer.body).toEqual({
      statusCode: 400,
      message: 'Please enter a valid contract address (0x...)',
      error: 'BAD_REQUEST',
      requestId: 'req-1',
    });
    expect(lines).toEqual([]);
  });
});
