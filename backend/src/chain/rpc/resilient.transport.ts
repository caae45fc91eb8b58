import { createTransport, http, type EIP1193RequestFn, type Transport } from 'viem';
import { ConcurrencyLimit } from '../../platform/common/index.js';
import { redactSecrets } from '../../platform/logging/index.js';
import { backoffDelayMs, connectionFailureKind, withRetry } from '../../platform/outbound/index.js';
import { BatchCap, mayBeBatchRefusal } from './batch-cap.util.js';
import type { LogLimitsStore } from './log-limits.store.js';
import type { ProviderFacts } from './provider-facts.store.js';
import { RequestPacer } from './request.pacer.js';
import type { Pacer } from './shared-request.pacer.js';
import { readLogRefusal } from './log-refusal.util.js';
import { collectAnswer, isTransient, retryAfterMs, throttling } from './rpc-errors.util.js';
import type { RpcProviderStats, RpcStats } from './rpc.stats.js';

export interface ResilientTransportOptions {
  /** One node. */
  url?: string;
  /** Several nodes of one network: each call goes to the healthiest, fastest, least busy one. */
  urls?: string[];
  /** The network, naming the nodes' counters in `stats`. */
  network?: string;
  stats: RpcStats;
  /** JSON-RPC calls in flight at once, all nodes together. */
  concurrency: number;
  /** Calls per HTTP request (JSON-RPC batching); 1 disables batching. */
  batchSize: number;
  timeoutMs: number;
  /** Further attempts after every node failed a call transiently (never a DNS failure of the only one). */
  retries: number;
  /** First backoff; doubles per attempt, with jitter, capped at 10 s. */
  retryBaseDelayMs: number;
  /** Each node's request budget (a public node's): calls to it are spaced to stay within it. */
  requestsPerSecond?: number;
  /** Spaces the calls instead of a pacer of this process's own (a budget shared across processes). */
  pacer?: Pacer;
  /** Per node, the pacer of its budget shared across processes (several nodes). */
  pacerFor?: (url: string) => Pacer | null;
  /**
   * Per node (several nodes), where the eth_getLogs span it states in refusals is kept for other
   * processes: a range wider than a node's span goes to another node that takes it.
   */
  limitsFor?: (url: string) => LogLimitsStore | null;
  /** Per node, where the batch cap its refusals taught is kept for other processes. */
  factsFor?: (url: string) => ProviderFacts | null;
  /** A failing node is set aside this long at first, doubling per failure in a row (default 2 s). */
  setAsideMs?: number;
}

const MAX_DELAY_MS = 10_000;
const MAX_SET_ASIDE_MS = 60_000;
/** A spent quota, a key refused, a host that does not resolve: not asked again soon. */
const LONG_SET_ASIDE_MS = 300_000;
/**
 * A call throttled by every node (or by the only one while it answers others): it waits and is
 * asked again, for this long at most, without spending its retries (throttling is a pace).
 */
const THROTTLED_PATIENCE_MS = 60_000;
/**
 * A node's average answer time counts half as much for every second it was not asked: one that
 * answered a few slow calls (wide log queries, a busy moment) is asked again within seconds and its
 * figure renewed, instead of being passed over for as long as a faster node has room.
 */
const LATENCY_HALF_LIFE_MS = 1_000;

/** The node's average answer time, faded by how long it has not answered. */
function recentLatency(node: Node, now: number): number {
  const idleMs = Math.max(0, now - node.stats.answeredAt);
  return (node.stats.latencyMs ?? 0) * 2 ** (-idleMs / LATENCY_HALF_LIFE_MS);
}

/** One node: its HTTP transports, pacing and counters. */
interface Node {
  url: string;
  stats: RpcProviderStats;
  pacer: Pacer | null;
  limits: LogLimitsStore | null;
  batched: ReturnType<Transport>;
  single: ReturnType<Transport>;
  /** Calls per batch this node takes, as its refusals taught. */
  cap: BatchCap;
  /** Batched transports narrower than the configured batch, by size. */
  narrower?: Map<number, ReturnType<Transport>>;
}

/** The block count of an eth_getLogs call with numeric bounds; null otherwise. */
function logSpan(method: string, params: unknown): bigint | null {
  if (method !== 'eth_getLogs' || !Array.isArray(params)) return null;
  const filter = params[0] as { fromBlock?: unknown; toBlock?: unknown } | undefined;
  const from = filter?.fromBlock;
  const to = filter?.toBlock;
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  if (!/^0x[0-9a-f]+$/i.test(from) || !/^0x[0-9a-f]+$/i.test(to)) return null;
  return BigInt(to) - BigInt(from) + 1n;
}

/** A failure of the node rather than of the call: another node may answer it. */
function nodeFailure(error: unknown): 'throttled' | 'long' | 'short' | null {
  const throttled = throttling(error);
  if (throttled === 'quota') return 'long';
  if (throttled === 'rate') return 'throttled';
  if (isTransient(error)) return 'short';
  const { status, codes } = collectAnswer(error);
  if (status === 401 || status === 403) return 'long';
  // A host that does not resolve: misconfigured (the only node's failure is thrown as it is).
  if (status === undefined && codes.length === 0 && connectionFailureKind(error) === 'dns') return 'long';
  return null;
}

function takesSpan(node: Node, span: bigint | null): boolean {
  return span === null || node.stats.spanCap === null || span <= node.stats.spanCap;
}

/**
 * viem's HTTP transport with our own policy around it: bounded concurrency, counting, and
 * exponential backoff on throttling (HTTP 429, or a 200 whose JSON-RPC error says so: -32005 "Rate
 * limit exceeded", -32012 "credits limited to 6000/sec"…), 5xx and timeouts; a spent daily quota
 * is not asked again at once; a node that refuses JSON-RPC batches is asked one call per request.
 * viem's own retry is off because it also retries "limit exceeded"
 * answers, which for eth_getLogs mean "split the range", not "wait".
 *
 * With several nodes, each call goes to the node with the best (average answer time × calls in
 * flight) among those not set aside; a node that fails a call (throttled, 5xx, timeout, refused
 * connection, spent quota) is set aside for a while — its Retry-After, else 2 s doubling per
 * failure in a row up to a minute — and the call goes at once to the next node. The backoff above
 * applies only when every node failed it. A node that states an eth_getLogs span narrower than a
 * range is passed over for that range while another takes it.
 */
export function resilientTransport(options: ResilientTransportOptions): Transport {
  const urls = options.urls ?? (options.url ? [options.url] : []);
  if (urls.length === 0) throw new Error('resilientTransport needs at least one URL');
  const limit = new ConcurrencyLimit(options.concurrency);
  const setAsideMs = options.setAsideMs ?? 2_000;
  const several = urls.length > 1;
  const ownPacer = (): Pacer | null =>
    options.requestsPerSecond ? new RequestPacer(options.requestsPerSecond) : null;
  const transport = (url: string, batched: boolean, batchSize = options.batchSize) =>
    http(url, {
      batch: batched ? { batchSize, wait: 0 } : false,
      retryCount: 0,
      timeout: options.timeoutMs,
      onFetchRequest: () => {
        options.stats.httpRequests++;
      },
    });
  const plans = urls.map((url) => {
    const stats = options.stats.provider(options.network ?? 'node', redactSecrets(url));
    stats.batching = options.batchSize > 1;
    const pacer = several
      ? (options.pacerFor?.(url) ?? ownPacer())
      : (options.pacer ?? options.pacerFor?.(url) ?? ownPacer());
    const limits = several ? (options.limitsFor?.(url) ?? null) : null;
    // What other processes learnt of this node's span.
    limits
      ?.read()
      .then((learnt) => {
        if (learnt?.stated && stats.spanCap === null) stats.spanCap = learnt.span;
      })
      .catch(() => undefined);
    return {
      url,
      stats,
      pacer,
      limits,
      batched: transport(url, options.batchSize > 1),
      single: transport(url, false),
      cap: new BatchCap(options.batchSize, options.factsFor?.(url) ?? null),
    };
  });

  return (config) => {
    const nodes: Node[] = plans.map((plan) => ({
      ...plan,
      batched: plan.batched({ ...config, retryCount: 0 }),
      single: plan.single({ ...config, retryCount: 0 }),
    }));

    /**
     * The node for the next attempt of a call, or null when every one was tried. `refused`: a node
     * refused the call's range in this attempt.
     */
    const pick = (tried: Set<Node>, span: bigint | null, refused = false): Node | null => {
      const now = Date.now();
      const open = nodes.filter((node) => !tried.has(node));
      const fits = open.filter((node) => takesSpan(node, span));
      // A range no node takes is asked of any, once: its refusal is for the log scanner to split. So
      // is a range whose only takers failed (a wide node down, narrow ones up), or the scan would
      // fail while a node can serve it in narrower ranges.
      const candidates = fits.length > 0 ? fits : refused ? [] : open;
      const ready = candidates.filter((node) => node.stats.setAsideUntil <= now);
      const score = (node: Node): number => (recentLatency(node, now) + 1) * (node.stats.inFlight + 1);
      if (ready.length > 0) return ready.reduce((best, node) => (score(node) < score(best) ? node : best));
      // Every node is set aside: the first attempt asks the one back soonest.
      if (tried.size > 0 || candidates.length === 0) return null;
      return candidates.reduce((best, node) =>
        node.stats.setAsideUntil < best.stats.setAsideUntil ? node : best,
      );
    };

    /** The node's batched transport at the size it takes. */
    const batchedAt = (node: Node, size: number): ReturnType<Transport> => {
      if (size >= options.batchSize) return node.batched;
      node.narrower ??= new Map();
      let narrower = node.narrower.get(size);
      if (!narrower) {
        narrower = transport(node.url, true, size)({ ...config, retryCount: 0 });
        node.narrower.set(size, narrower);
      }
      return narrower;
    };

    const ask = async (node: Node, method: string, params: unknown): Promise<unknown> => {
      await node.pacer?.turn();
      options.stats.countCall(method);
      node.stats.requests++;
      node.stats.inFlight++;
      const started = performance.now();
      const call = { method, params } as Parameters<typeof node.batched.request>[0];
      try {
        let answer: unknown;
        const size = node.cap.size;
        if (!node.stats.batching || size <= 1) answer = await node.single.request(call);
        else {
          try {
            answer = await batchedAt(node, size).request(call);
          } catch (error) {
            if (!mayBeBatchRefusal(error)) throw error;
            // Asked alone: when it passes, the batch was refused, and the node's cap is learnt.
            answer = await node.single.request(call);
            if (node.cap.refused(error, size) <= 1) node.stats.batching = false;
          }
        }
        node.stats.answered(performance.now() - started);
        return answer;
      } finally {
        node.stats.inFlight--;
      }
    };

    const failed = (node: Node, error: unknown, kind: 'throttled' | 'long' | 'short'): void => {
      const stats = node.stats;
      stats.errors++;
      if (kind === 'throttled' || throttling(error) === 'quota') stats.throttled++;
      stats.failuresInARow++;
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      stats.lastError = redactSecrets(message ?? '').slice(0, 200);
      const pause =
        kind === 'long'
          ? LONG_SET_ASIDE_MS
          : (retryAfterMs(error) ?? Math.min(MAX_SET_ASIDE_MS, setAsideMs * 2 ** (stats.failuresInARow - 1)));
      stats.setAsideUntil = Math.max(stats.setAsideUntil, Date.now() + pause);
    };

    /** A span the node states: remembered for it, and for other processes through its store. */
    const spanRefused = (node: Node, error: unknown, span: bigint): boolean => {
      const refusal = readLogRefusal(error);
      if (refusal?.kind !== 'span') return false;
      // Said N and refused N: it counts `to - from`; one block fewer passes either way.
      const stated =
        refusal.maxSpan !== null ? (refusal.maxSpan < span ? refusal.maxSpan : span - 1n) : span - 1n;
      if (node.stats.spanCap === null || stated < node.stats.spanCap) {
        node.stats.spanCap = stated;
        if (refusal.maxSpan !== null) {
          node.limits?.write({ span: stated, stated: true }).catch(() => undefined);
        }
      }
      return true;
    };

    /** One attempt: the call goes to node after node until one answers or each was tried. */
    const attempt = async (method: string, params: unknown): Promise<unknown> => {
      const span = logSpan(method, params);
      const tried = new Set<Node>();
      let last: unknown = null;
      let refused = false;
      for (let node = pick(tried, span); node; node = pick(tried, span, refused)) {
        tried.add(node);
        try {
          return await ask(node, method, params);
        } catch (error) {
          last = error;
          // A refused range goes to a node that takes it, else back to the log scanner to split.
          if (span !== null && span > 1n && spanRefused(node, error, span) && several) {
            refused = true;
            continue;
          }
          if (method === 'eth_getLogs' && readLogRefusal(error) !== null) throw error;
          const kind = nodeFailure(error);
          if (kind === null) throw error;
          failed(node, error, kind);
          if (!several) throw error;
        }
      }
      throw last;
    };

    const answers = (): number => nodes.reduce((sum, node) => sum + node.stats.answers, 0);

    /**
     * An attempt; when it was throttled, a wait and another attempt, for THROTTLED_PATIENCE_MS at
     * most, without spending the call's retries: throttling is a pace, not a failure. Several nodes:
     * the wait is for the node back soonest. One node: its Retry-After, else a growing backoff, and
     * only once it has answered other calls since this one began (a burst over its rate); a node that
     * answered none is down for this call, and its retries decide.
     */
    const patient = async (method: string, params: unknown, answeredBefore: number): Promise<unknown> => {
      const deadline = Date.now() + THROTTLED_PATIENCE_MS;
      for (let waits = 0; ; waits++) {
        try {
          return await attempt(method, params);
        } catch (error) {
          const now = Date.now();
          if (nodeFailure(error) !== 'throttled' || now >= deadline) throw error;
          if (!several && answers() === answeredBefore) throw error;
          const back = several
            ? Math.min(...nodes.map((node) => node.stats.setAsideUntil))
            : now +
              (retryAfterMs(error) ??
                backoffDelayMs(Math.min(waits, 5), options.retryBaseDelayMs, MAX_DELAY_MS));
          await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.min(back, deadline) - now)));
        }
      }
    };

    return createTransport(
      {
        key: 'nexus-rpc',
        name: 'Nexus JSON-RPC',
        type: 'nexus-rpc',
        retryCount: 0,
        timeout: options.timeoutMs,
        request: (({ method, params }: { method: string; params?: unknown }) => {
          // "Answered others since this call began" counts from its first attempt: a call throttled
          // again after its retry's pause, while the node answered others in that pause, waits.
          const answeredBefore = answers();
          return withRetry(() => limit.run(() => patient(method, params, answeredBefore)), {
            retries: options.retries,
            baseDelayMs: options.retryBaseDelayMs,
            maxDelayMs: MAX_DELAY_MS,
            // A refused log range is for the log scanner to split, not to ask again as it is.
            retryable: (error) =>
              !(method === 'eth_getLogs' && readLogRefusal(error) !== null) &&
              (isTransient(error) || (several && nodeFailure(error) !== null)),
            requestedDelayMs: (error) => (several ? null : retryAfterMs(error)),
            onRetry: () => {
              options.stats.retries++;
            },
          });
        }) as EIP1193RequestFn,
      },
      nodes[0]!.batched.value,
    );
  };
}
