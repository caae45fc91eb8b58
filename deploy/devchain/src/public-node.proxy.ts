import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The limits a public node enforces (issue 13: Cronos' and Polygon's public endpoints). */
export interface PublicNodeLimits {
  /** Widest eth_getLogs block range (default 2,000). */
  maxLogRange: number;
  /** JSON-RPC calls per second, a batch counting each of its calls (default 25). */
  requestsPerSecond: number;
  /** Most logs one eth_getLogs may return (default 10,000). */
  maxLogResults: number;
}

export const DEFAULT_PUBLIC_NODE_LIMITS: PublicNodeLimits = {
  maxLogRange: 2_000,
  requestsPerSecond: 25,
  maxLogResults: 10_000,
};

interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: number | string | null;
  method: string;
  params?: unknown[];
}

interface RpcError {
  code: number;
  message: string;
}

/**
 * A JSON-RPC front of a local node that enforces a public node's limits with the answers real
 * providers give: an eth_getLogs wider than the range limit gets `-32005 block range exceeds N`,
 * one returning too many logs `-32005 query returned more than N results`, and calls beyond the
 * rate get HTTP 429 with Retry-After. Everything else is passed through as it is.
 */
export class PublicNodeProxy {
  /** Calls refused for their log range or result size, and HTTP requests refused for the rate. */
  readonly refused = { logRange: 0, logResults: 0, rate: 0 };
  /** Calls answered or refused (a batch counts each). */
  calls = 0;
  private readonly recent: number[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly limits: PublicNodeLimits,
  ) {}

  static async start(
    target: string,
    limits: Partial<PublicNodeLimits> = {},
    port = 0,
  ): Promise<PublicNodeProxy> {
    const server = createServer({ keepAliveTimeout: 30_000 });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const proxy = new PublicNodeProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      ...DEFAULT_PUBLIC_NODE_LIMITS,
      ...limits,
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      proxy.handle(target, request, response).catch(() => {
        if (!response.headersSent) response.writeHead(502).end();
      });
    });
    return proxy;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Room for `count` calls in the last second (a sliding window, as providers count). */
  private admit(count: number): boolean {
    const now = Date.now();
    while (this.recent.length > 0 && this.recent[0]! <= now - 1_000) this.recent.shift();
    if (this.recent.length + count > this.limits.requestsPerSecond) return false;
    for (let i = 0; i < count; i++) this.recent.push(now);
    return true;
  }

  private async handle(target: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: JsonRpcRequest | JsonRpcRequest[];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonRpcRequest | JsonRpcRequest[];
    } catch {
      this.send(response, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
      return;
    }
    const list = Array.isArray(body) ? body : [body];
    this.calls += list.length;
    if (!this.admit(list.length)) {
      this.refused.rate++;
      response.setHeader('Retry-After', '1');
      this.send(response, 429, {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32005,
          message: `Too Many Requests: limit ${this.limits.requestsPerSecond} per second`,
        },
      });
      return;
    }
    const answers = await Promise.all(list.map((item) => this.answer(target, item)));
    this.send(response, 200, Array.isArray(body) ? answers : answers[0]);
  }

  private async answer(target: string, item: JsonRpcRequest): Promise<unknown> {
    if (item.method === 'eth_getLogs') {
      const refusal = await this.rangeRefusal(target, item);
      if (refusal) return { jsonrpc: '2.0', id: item.id, error: refusal };
    }
    const answer = (await this.forward(target, item)) as { result?: unknown };
    if (item.method === 'eth_getLogs' && Array.isArray(answer.result)) {
      if (answer.result.length > this.limits.maxLogResults) {
        this.refused.logResults++;
        return {
          jsonrpc: '2.0',
          id: item.id,
          error: { code: -32005, message: `query returned more than ${this.limits.maxLogResults} results` },
        };
      }
    }
    return answer;
  }

  private async rangeRefusal(target: string, item: JsonRpcRequest): Promise<RpcError | null> {
    const filter = (item.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string; blockHash?: string };
    if (filter.blockHash) return null;
    const block = async (tag: string | undefined): Promise<bigint> => {
      if (tag?.startsWith('0x')) return BigInt(tag);
      if (tag === 'earliest') return 0n;
      const head = (await this.forward(target, { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' })) as {
        result: string;
      };
      return BigInt(head.result);
    };
    const span = (await block(filter.toBlock)) - (await block(filter.fromBlock ?? 'latest')) + 1n;
    if (span <= BigInt(this.limits.maxLogRange)) return null;
    this.refused.logRange++;
    return { code: -32005, message: `block range exceeds ${this.limits.maxLogRange}` };
  }

  private async forward(target: string, item: JsonRpcRequest): Promise<unknown> {
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(item),
    });
    return upstream.json();
  }

  private send(response: ServerResponse, status: number, payload: unknown): void {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
  }
}
