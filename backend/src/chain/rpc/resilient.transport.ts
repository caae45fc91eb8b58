import { createTransport, http, type EIP1193RequestFn, type Transport } from 'viem';
import { ConcurrencyLimit } from '../../common/concurrency.js';
import { withRetry } from '../../outbound/index.js';
import { RequestPacer } from './request.pacer.js';
import type { Pacer } from './shared-request.pacer.js';
import { readLogRefusal } from './log-refusal.util.js';
import { isBatchRefusal, isTransient, retryAfterMs } from './rpc-errors.util.js';
import type { RpcStats } from './rpc.stats.js';

export interface ResilientTransportOptions {
  url: string;
  stats: RpcStats;
  /** JSON-RPC calls in flight at once on this node. */
  concurrency: number;
  /** Calls per HTTP request (JSON-RPC batching); 1 disables batching. */
  batchSize: number;
  timeoutMs: number;
  /** Further attempts after a transient failure (never a DNS failure). */
  retries: number;
  /** First backoff; doubles per attempt, with jitter, capped at 10 s. */
  retryBaseDelayMs: number;
  /** The node's request budget (a public node's): calls are spaced to stay within it. */
  requestsPerSecond?: number;
  /** Spaces the calls instead of a pacer of this process's own (a budget shared across processes). */
  pacer?: Pacer;
}

const MAX_DELAY_MS = 10_000;

/**
 * viem's HTTP transport with our own policy around it: bounded concurrency, counting, and
 * exponential backoff on throttling (HTTP 429, or a 200 whose JSON-RPC error says so: -32005 "Rate
 * limit exceeded", -32012 "credits limited to 6000/sec"…), 5xx and timeouts; a spent daily quota
 * is not asked again at once; a node that refuses JSON-RPC batches is asked one call per request.
 * viem's own retry is off because it also retries "limit exceeded"
 * answers, which for eth_getLogs mean "split the range", not "wait".
 */
export function resilientTransport(options: ResilientTransportOptions): Transport {
  const limit = new ConcurrencyLimit(options.concurrency);
  const pacer =
    options.pacer ?? (options.requestsPerSecond ? new RequestPacer(options.requestsPerSecond) : null);
  const transport = (batched: boolean) =>
    http(options.url, {
      batch: batched ? { batchSize: options.batchSize, wait: 0 } : false,
      retryCount: 0,
      timeout: options.timeoutMs,
      onFetchRequest: () => {
        options.stats.httpRequests++;
      },
    });
  const inner = transport(options.batchSize > 1);
  const unbatched = transport(false);
  // A node that refuses batches (or batches this large) is asked one call per request from then on.
  let batching = options.batchSize > 1;

  return (config) => {
    const base = inner({ ...config, retryCount: 0 });
    const single = unbatched({ ...config, retryCount: 0 });
    return createTransport(
      {
        key: 'nexus-rpc',
        name: 'Nexus JSON-RPC',
        type: 'nexus-rpc',
        retryCount: 0,
        timeout: options.timeoutMs,
        request: (({ method, params }: { method: string; params?: unknown }) =>
          withRetry(
            () =>
              limit.run(async () => {
                await pacer?.turn();
                options.stats.countCall(method);
                const call = { method, params } as Parameters<typeof base.request>[0];
                if (!batching) return single.request(call);
                try {
                  return await base.request(call);
                } catch (error) {
                  if (!isBatchRefusal(error)) throw error;
                  batching = false;
                  return single.request(call);
                }
              }),
            {
              retries: options.retries,
              baseDelayMs: options.retryBaseDelayMs,
              maxDelayMs: MAX_DELAY_MS,
              // A refused log range is for the log scanner to split, not to ask again as it is.
              retryable: (error) =>
                !(method === 'eth_getLogs' && readLogRefusal(error) !== null) && isTransient(error),
              requestedDelayMs: retryAfterMs,
              onRetry: () => {
                options.stats.retries++;
              },
            },
          )) as EIP1193RequestFn,
      },
      base.value,
    );
  };
}
