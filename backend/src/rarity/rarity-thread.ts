import { HttpStatus, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { RarityMethodName } from '@nexus/contract';
import { Worker } from 'node:worker_threads';
import { RetryLaterException, VISITOR_ERRORS } from '../platform/common/index.js';
import type { CollectionAsk, RarityThreadReply, RarityThreadRequest } from './rarity-thread.protocol.js';
import type { RarityToken } from './rarity.types.js';

/**
 * Bytes of large bodies being read or waiting to be read (four bodies of the largest size); a body
 * past it is answered 503 with Retry-After.
 */
export const RARITY_THREAD_MAX_BYTES = 128 * 1024 * 1024;
const BUSY_RETRY_S = 5;

type Reply<T extends RarityThreadReply['type']> = Extract<RarityThreadReply, { type: T }>;
type Ask = RarityThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface RarityThreadRanking {
  nftsJson: string;
  tokenCount: number;
  calculationTime: number;
}

/**
 * The worker: the compiled file, or (running from the TypeScript sources, as the tests do) the
 * source through tsx, registered inside the worker before it is imported.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./rarity.worker.js', here));
  const tsx = 'tsx/esm/api';
  const source = new URL('./rarity.worker.ts', here).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

/**
 * The API's rarity thread (one worker_threads worker, started on first use): parsing, checking,
 * fingerprinting and ranking a 50,000-token body takes hundreds of milliseconds of CPU, which on the
 * request thread every other visitor would wait for. Messages are handled one at a time in order;
 * a worker that dies fails what it held and is started again on the next call.
 */
@Injectable()
export class RarityThread implements OnModuleDestroy {
  private readonly logger = new Logger(RarityThread.name);
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: RarityThreadReply) => void; reject: (error: Error) => void }
  >();
  private readBytes = 0;
  private closed = false;

  /**
   * Parses a body's bytes there, checks its `nfts` and keeps their canonical token set for `rankRead`
   * or `release` (exactly one of them must follow a `read` reply with a hash).
   */
  async read(bytes: Buffer): Promise<{ id: number; reply: Reply<'read'> | Reply<'refused'> }> {
    const size = bytes.byteLength;
    if (this.readBytes > 0 && this.readBytes + size > RARITY_THREAD_MAX_BYTES) {
      throw new RetryLaterException(HttpStatus.SERVICE_UNAVAILABLE, BUSY_RETRY_S, VISITOR_ERRORS.unavailable);
    }
    this.readBytes += size;
    try {
      // A body with its own memory moves to the thread; one in a shared pool is copied.
      const memory = bytes.buffer;
      const own =
        memory instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === memory.byteLength;
      const view = new Uint8Array(memory, bytes.byteOffset, bytes.byteLength);
      const { id, reply } = await this.send({ type: 'read', bytes: view }, own ? [memory] : []);
      if (reply.type !== 'read' && reply.type !== 'refused') throw this.failure(reply);
      return { id, reply };
    } finally {
      this.readBytes -= size;
    }
  }

  /** Ranks the token set a `read` kept. */
  async rankRead(read: number, method: RarityMethodName): Promise<RarityThreadRanking> {
    return this.ranked(await this.send({ type: 'rank', read, method }));
  }

  /** Ranks tokens given here (a stored collection's, read from PostgreSQL). */
  async rankTokens(tokens: RarityToken[], method: RarityMethodName): Promise<RarityThreadRanking> {
    return this.ranked(await this.send({ type: 'rank-tokens', tokens, method }));
  }

  /** Ranks tokens given as JSON text `[{tokenId, attributes}, …]`, parsed there. */
  async rankJson(tokens: string, method: RarityMethodName): Promise<RarityThreadRanking> {
    return this.ranked(await this.send({ type: 'rank-json', tokens, method }));
  }

  /** Asks about a stored collection the thread keeps ranked; `found: false` when it keeps none (then `rankCollection`). */
  async askCollection(ask: Omit<CollectionAsk, 'tokens'>): Promise<Reply<'collection'>> {
    return this.collectionReply(await this.send({ type: 'collection', ...ask }));
  }

  /** Ranks a stored collection from its tokens (JSON text), keeps it there, and answers the question. */
  async rankCollection(ask: CollectionAsk & { tokens: string }): Promise<Reply<'collection'>> {
    return this.collectionReply(await this.send({ type: 'collection', ...ask }));
  }

  /** Drops the token set a `read` kept (answered from cache, or refused). */
  release(read: number): void {
    void this.send({ type: 'release', read }).catch(() => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private ranked({ reply }: { reply: RarityThreadReply }): RarityThreadRanking {
    if (reply.type !== 'ranked') throw this.failure(reply);
    return { nftsJson: reply.nftsJson, tokenCount: reply.tokenCount, calculationTime: reply.calculationTime };
  }

  private collectionReply({ reply }: { reply: RarityThreadReply }): Reply<'collection'> {
    if (reply.type !== 'collection') throw this.failure(reply);
    return reply;
  }

  private failure(reply: RarityThreadReply): Error {
    return new Error(
      reply.type === 'failed' ? reply.message : `unexpected rarity thread reply ${reply.type}`,
    );
  }

  private send(ask: Ask, transfer: ArrayBuffer[] = []): Promise<{ id: number; reply: RarityThreadReply }> {
    if (this.closed) return Promise.reject(new Error('the rarity thread is closed'));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: (reply) => resolve({ id, reply }), reject });
      worker.postMessage({ ...ask, id } as RarityThreadRequest, transfer);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    // An idle thread does not keep the process alive.
    worker.unref();
    worker.on('message', (reply: RarityThreadReply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      waiter?.resolve(reply);
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      if (!this.closed) this.logger.error(`rarity thread stopped: ${error.stack ?? error.message}`);
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      for (const waiter of waiting) waiter.reject(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`rarity thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}
