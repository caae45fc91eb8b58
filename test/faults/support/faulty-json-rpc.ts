import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '../../../backend/src/platform/common/seeded-random.js';

export type RpcFault = '500' | 'drop' | 'delay';

export interface RpcFaultCounts {
  requests: number;
  '500': number;
  drop: number;
  delay: number;
}

/**
 * A JSON-RPC proxy in front of a node that fails `rate` of the HTTP requests it gets, the failures
 * shared evenly between a 500, a connection dropped without an answer, and an answer held back
 * `delayMs` (then forwarded). Requests are forwarded as they are, JSON-RPC batches included.
 */
export class FaultyJsonRpcProxy {
  readonly counts: RpcFaultCounts = { requests: 0, '500': 0, drop: 0, delay: 0 };
  private readonly random: () => number;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly target: string,
    private readonly rate: number,
    private readonly delayMs: number,
    seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  static async start(
    target: string,
    options: { rate: number; delayMs?: number; seed?: number },
  ): Promise<FaultyJsonRpcProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new FaultyJsonRpcProxy(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      target,
      options.rate,
      options.delayMs ?? 2_000,
      options.seed ?? 12,
    );
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      proxy.handle(request, response).catch(() => response.destroy());
    });
    return proxy;
  }

  /** The share of requests that were faulted so far. */
  faultRate(): number {
    const c = this.counts;
    return c.requests === 0 ? 0 : (c['500'] + c.drop + c.delay) / c.requests;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private pick(): RpcFault | null {
    const roll = this.random();
    if (roll >= this.rate) return null;
    const third = this.rate / 3;
    return roll < third ? '500' : roll < 2 * third ? 'drop' : 'delay';
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.counts.requests++;
    const fault = this.pick();
    if (fault) this.counts[fault]++;
    if (fault === '500') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (fault === 'drop') {
      request.socket.destroy();
      return;
    }
    if (fault === 'delay') await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const answer = await fetch(this.target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (response.destroyed) return;
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
  }
}
