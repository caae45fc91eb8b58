import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resilientTransport } from './resilient.transport.js';
import { RpcStats } from './rpc.stats.js';
import { THROTTLES, type ThrottleRow } from './testing/provider-refusals.fixture.js';

/** A node answering its first `refusals` requests with a throttling row, then the head block. */
async function throttlingNode(
  row: ThrottleRow,
  refusals: number,
): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number };
      if (++requests <= refusals) {
        const json = typeof row.body !== 'string';
        response.writeHead(row.status, {
          'Content-Type': json ? 'application/json' : 'text/plain',
          ...row.headers,
        });
        response.end(json ? JSON.stringify({ jsonrpc: '2.0', id, error: row.body }) : row.body);
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x10' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(resilientTransport.name, () => {
  it.each(THROTTLES)(
    "answers after $provider's throttling, or fails at once on a quota ($source)",
    async (row) => {
      const node = await throttlingNode(row, 2);
      const stats = new RpcStats();
      const transport = resilientTransport({
        url: node.url,
        stats,
        concurrency: 1,
        batchSize: 1,
        timeoutMs: 5_000,
        retries: 4,
        retryBaseDelayMs: 1,
      })({});
      try {
        const answer = transport.request({ method: 'eth_blockNumber' });
        if (row.kind === 'rate') {
          await expect(answer).resolves.toBe('0x10');
          expect(stats.retries).toBe(2);
          expect(node.requests()).toBe(3);
        } else {
          await expect(answer).rejects.toThrow();
          expect(node.requests()).toBe(1);
        }
      } finally {
        await node.close();
      }
    },
  );

  it.each([
    ['geth (one error per call)', 'each', { code: -32600, message: 'batch too large' }],
    [
      'dRPC free tier (one error for the batch)',
      'whole',
      { code: -32600, message: 'Batch of more than 3 requests are not allowed on free tier' },
    ],
  ] as const)('asks one call per request of a node refusing batches: %s', async (_, shape, refusal) => {
    let batches = 0;
    const server: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as
          { id: number } | Array<{ id: number }>;
        response.writeHead(200, { 'Content-Type': 'application/json' });
        if (Array.isArray(body) && body.length > 1) {
          batches++;
          const error = (id: number | null) => ({ jsonrpc: '2.0', id, error: refusal });
          response.end(JSON.stringify(shape === 'each' ? body.map((item) => error(item.id)) : error(null)));
          return;
        }
        const item = Array.isArray(body) ? body[0]! : body;
        const answer = { jsonrpc: '2.0', id: item.id, result: '0x10' };
        response.end(JSON.stringify(Array.isArray(body) ? [answer] : answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const transport = resilientTransport({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      stats: new RpcStats(),
      concurrency: 8,
      batchSize: 10,
      timeoutMs: 5_000,
      retries: 0,
      retryBaseDelayMs: 1,
    })({});
    try {
      const first = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          transport.request({ method: 'eth_getBalance', params: [`0x${i}`] }),
        ),
      );
      const second = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          transport.request({ method: 'eth_getBalance', params: [`0x1${i}`] }),
        ),
      );

      expect([...first, ...second]).toEqual(Array.from({ length: 10 }, () => '0x10'));
      // One refused batch teaches it: no batch after that.
      expect(batches).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
