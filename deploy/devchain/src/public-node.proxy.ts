import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The limits a public node enforces (issue 13: Cronos' and Polygon's public endpoints; issue 22:
 * the providers of provider-profiles.ts). Null: no such limit.
 */
export interface PublicNodeLimits {
  /** Widest eth_getLogs block range (default 2,000). */
  maxLogRange: number | null;
  /** JSON-RPC calls per second, a batch counting each of its calls (default 25). */
  requestsPerSecond: number;
  /** Most logs one eth_getLogs may return (default 10,000). */
  maxLogResults: number | null;
  /** Most calls in one JSON-RPC batch (default none). */
  maxBatch?: number | null;
  /**
   * State older than this many blocks below the head is gone (a pruned, non-archive node):
   * eth_call, eth_getCode, eth_getBalance, eth_getStorageAt and eth_getTransactionCount at an
   * older block number are refused (default none: an archive node).
   */
  stateBlocks?: number | null;
  /** Largest eth_getLogs answer in bytes of JSON (default none). */
  maxResponseBytes?: number | null;
  /** Calls answered before the allowance is spent (a daily or monthly quota; default none). */
  quota?: number | null;
  /**
   * An eth_getLogs over more than `blocks` blocks runs past the node's time budget: refused with
   * `answers.timedOut`, or with `hangMs` answered only after that long (past a client's timeout).
   */
  slowLogs?: { blocks: number; hangMs?: number } | null;
  /** How the front words its refusals (a provider's own texts); Nexus' own where not given. */
  answers?: Partial<PublicNodeAnswers>;
}

/**
 * How a batch over the cap is refused: `whole` one error for the request (with the HTTP status),
 * `each` one error per call, `first` one error carrying the first call's id and nothing for the
 * others (geth's `batch too large`).
 */
export type BatchRefusalShape = 'whole' | 'each' | 'first';

/** A provider's wording of the front's refusals. */
export interface PublicNodeAnswers {
  /** An eth_getLogs over [from, to], more blocks than `limit`. */
  span(limit: number, from: bigint, to: bigint): RpcError;
  /**
   * An eth_getLogs over [from, to] holding more logs than `limit`; `fits` is the last block from
   * `from` whose logs stay within it (the range a suggesting provider names).
   */
  results(limit: number, from: bigint, to: bigint, fits: bigint): RpcError;
  /** Calls beyond the rate: the HTTP status (429, or 200 with the error in the body) and headers. */
  throttled(limit: number): { status: number; headers?: Record<string, string>; error: RpcError };
  /** A JSON-RPC batch of `size` calls, more than `limit`. */
  batch(limit: number, size: number): { status: number; shape: BatchRefusalShape; error: RpcError };
  /** A call reading state at `block`, older than the node keeps. */
  pruned(block: bigint): RpcError;
  /** An eth_getLogs answer larger than `limit` bytes. */
  tooLarge(limit: number): RpcError;
  /** An eth_getLogs that ran past the node's time budget. */
  timedOut(): RpcError;
  /** Any call once the quota of `limit` calls is spent. */
  quotaSpent(limit: number): { status: number; error: RpcError };
}

const NEXUS_ANSWERS: PublicNodeAnswers = {
  span: (limit) => ({ code: -32005, message: `block range exceeds ${limit}` }),
  results: (limit) => ({ code: -32005, message: `query returned more than ${limit} results` }),
  throttled: (limit) => ({
    status: 429,
    headers: { 'Retry-After': '1' },
    error: { code: -32005, message: `Too Many Requests: limit ${limit} per second` },
  }),
  // geth's answers (rpc/handler.go, trie MissingNodeError, eth/filters).
  batch: () => ({ status: 200, shape: 'first', error: { code: -32600, message: 'batch too large' } }),
  pruned: (block) => ({
    code: -32000,
    message: `missing trie node ${'0'.repeat(64)} (path ) state at block ${block} is not available`,
  }),
  tooLarge: (limit) => ({ code: -32000, message: `response size exceeds ${limit} bytes` }),
  quotaSpent: () => ({ status: 429, error: { code: -32005, message: 'daily request count exceeded' } }),
  // As rotki records a node answering a wide query (rotkehlchen/chain/evm/node_inquirer.py).
  timedOut: () => ({ code: -32000, message: 'query timeout exceeded' }),
};

export const DEFAULT_PUBLIC_NODE_LIMITS: PublicNodeLimits = {
  maxLogRange: 2_000,
  requestsPerSecond: 25,
  maxLogResults: 10_000,
};

/** Methods reading state at a block, and the place of their block parameter. */
const STATE_METHODS: Record<string, number> = {
  eth_call: 1,
  eth_getCode: 1,
  eth_getBalance: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
};

interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: number | string | null;
  method: string;
  params?: unknown[];
}

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * A JSON-RPC front of a local node that enforces a public node's limits with the answers real
 * providers give: an eth_getLogs wider than the range limit gets `-32005 block range exceeds N`,
 * one returning too many logs `-32005 query returned more than N results`, and calls beyond the
 * rate get HTTP 429 with Retry-After. Optionally a batch cap (geth's `batch too large` by default),
 * a pruned node's `missing trie node` for state older than it keeps, an answer-size cap, a
 * quota of calls (a daily allowance, spent once and for all) and wide log queries that time out.
 * `answers` words them as another provider does (its texts, its suggested ranges, throttling in a
 * 200 body, a batch refused whole or call by call); provider-profiles.ts holds real providers'.
 * Everything else is passed through as it is.
 */
export class PublicNodeProxy {
  /**
   * Calls refused for their log range, result count, answer size or pruned state; HTTP requests
   * refused for the rate or their batch size.
   */
  readonly refused = {
    logRange: 0,
    logResults: 0,
    responseSize: 0,
    pruned: 0,
    rate: 0,
    batch: 0,
    quota: 0,
    timedOut: 0,
  };
  /** Calls answered or refused (a batch counts each). */
  calls = 0;
  /** Calls let through to the node (what a quota counts). */
  private answered = 0;
  private readonly recent: number[] = [];
  private readonly answers: PublicNodeAnswers;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly limits: PublicNodeLimits,
  ) {
    this.answers = { ...NEXUS_ANSWERS, ...limits.answers };
  }

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
    const maxBatch = this.limits.maxBatch ?? null;
    if (Array.isArray(body) && maxBatch !== null && list.length > maxBatch) {
      this.refused.batch++;
      const { status, shape, error } = this.answers.batch(maxBatch, list.length);
      const refusal = (item: JsonRpcRequest | null) => ({ jsonrpc: '2.0', id: item?.id ?? null, error });
      this.send(
        response,
        status,
        shape === 'whole' ? refusal(null) : shape === 'each' ? list.map(refusal) : [refusal(list[0] ?? null)],
      );
      return;
    }
    const quota = this.limits.quota ?? null;
    if (quota !== null && this.answered + list.length > quota) {
      this.refused.quota++;
      const { status, error } = this.answers.quotaSpent(quota);
      const refusal = (item: JsonRpcRequest | null) => ({ jsonrpc: '2.0', id: item?.id ?? null, error });
      this.send(response, status, Array.isArray(body) ? list.map(refusal) : refusal(body));
      return;
    }
    if (!this.admit(list.length)) {
      this.refused.rate++;
      const throttled = this.answers.throttled(this.limits.requestsPerSecond);
      for (const [name, value] of Object.entries(throttled.headers ?? {})) response.setHeader(name, value);
      const refusal = (item: JsonRpcRequest | null) => ({
        jsonrpc: '2.0',
        id: item?.id ?? null,
        error: throttled.error,
      });
      // A 200 answers each call of a batch with its own error, as providers do.
      this.send(
        response,
        throttled.status,
        throttled.status === 200 && Array.isArray(body)
          ? list.map(refusal)
          : refusal(Array.isArray(body) ? null : body),
      );
      return;
    }
    this.answered += list.length;
    const answers = await Promise.all(list.map((item) => this.answer(target, item)));
    this.send(response, 200, Array.isArray(body) ? answers : answers[0]);
  }

  private async answer(target: string, item: JsonRpcRequest): Promise<unknown> {
    if (item.method === 'eth_getLogs') {
      const refusal = await this.rangeRefusal(target, item);
      if (refusal) return { jsonrpc: '2.0', id: item.id, error: refusal };
      const slow = this.limits.slowLogs ?? null;
      const span = slow ? await this.logSpan(target, item) : null;
      if (slow && span !== null && span > BigInt(slow.blocks)) {
        this.refused.timedOut++;
        if (slow.hangMs === undefined) return { jsonrpc: '2.0', id: item.id, error: this.answers.timedOut() };
        await new Promise((resolve) => setTimeout(resolve, slow.hangMs).unref());
      }
    }
    const pruned = await this.prunedRefusal(target, item);
    if (pruned) return { jsonrpc: '2.0', id: item.id, error: pruned };
    const answer = (await this.forward(target, item)) as { result?: unknown };
    if (item.method === 'eth_getLogs' && Array.isArray(answer.result)) {
      const maxResults = this.limits.maxLogResults;
      if (maxResults !== null && answer.result.length > maxResults) {
        this.refused.logResults++;
        const filter = (item.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
        const from = BigInt(filter.fromBlock?.startsWith('0x') ? filter.fromBlock : '0x0');
        const to = BigInt(filter.toBlock?.startsWith('0x') ? filter.toBlock : '0x0');
        const over = answer.result[maxResults] as { blockNumber?: string };
        const firstOver = BigInt(over.blockNumber ?? '0x0');
        const fits = firstOver > from ? firstOver - 1n : from;
        return {
          jsonrpc: '2.0',
          id: item.id,
          error: this.answers.results(maxResults, from, to, fits),
        };
      }
      const maxBytes = this.limits.maxResponseBytes ?? null;
      if (maxBytes !== null && JSON.stringify(answer.result).length > maxBytes) {
        this.refused.responseSize++;
        return { jsonrpc: '2.0', id: item.id, error: this.answers.tooLarge(maxBytes) };
      }
    }
    return answer;
  }

  /** A state read at a block older than a pruned node keeps. */
  private async prunedRefusal(target: string, item: JsonRpcRequest): Promise<RpcError | null> {
    const keeps = this.limits.stateBlocks ?? null;
    const position = keeps === null ? undefined : STATE_METHODS[item.method];
    if (position === undefined) return null;
    const tag = item.params?.[position];
    const number =
      typeof tag === 'string' && tag.startsWith('0x')
        ? BigInt(tag)
        : typeof (tag as { blockNumber?: unknown } | undefined)?.blockNumber === 'string'
          ? BigInt((tag as { blockNumber: string }).blockNumber)
          : null;
    if (number === null) return null;
    if (number >= (await this.head(target)) - BigInt(keeps!)) return null;
    this.refused.pruned++;
    return this.answers.pruned(number);
  }

  private async head(target: string): Promise<bigint> {
    const answer = (await this.forward(target, { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' })) as {
      result: string;
    };
    return BigInt(answer.result);
  }

  private async rangeRefusal(target: string, item: JsonRpcRequest): Promise<RpcError | null> {
    const maxRange = this.limits.maxLogRange;
    if (maxRange === null) return null;
    const range = await this.logRange(target, item);
    if (range === null || range.to - range.from + 1n <= BigInt(maxRange)) return null;
    this.refused.logRange++;
    return this.answers.span(maxRange, range.from, range.to);
  }

  /** Blocks an eth_getLogs spans (null: a single block by hash). */
  private async logSpan(target: string, item: JsonRpcRequest): Promise<bigint | null> {
    const range = await this.logRange(target, item);
    return range === null ? null : range.to - range.from + 1n;
  }

  private async logRange(target: string, item: JsonRpcRequest): Promise<{ from: bigint; to: bigint } | null> {
    const filter = (item.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string; blockHash?: string };
    if (filter.blockHash) return null;
    const block = async (tag: string | undefined): Promise<bigint> => {
      if (tag?.startsWith('0x')) return BigInt(tag);
      if (tag === 'earliest') return 0n;
      return this.head(target);
    };
    return { from: await block(filter.fromBlock ?? 'latest'), to: await block(filter.toBlock) };
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
