import type { RpcProviderStatus } from '@nexus/contract';

/** What an RpcNftSource has asked of its nodes; read by benchmarks and the security dashboard. */
export interface RpcStatsSnapshot {
  /** HTTP requests sent (a JSON-RPC batch is one; retries count again). */
  httpRequests: number;
  /** JSON-RPC calls made (an aggregate3 multicall is one eth_call; retries count again). */
  rpcCalls: number;
  /** Calls per JSON-RPC method. */
  byMethod: Record<string, number>;
  /** Calls repeated after a transient failure (429, 5xx, timeout, dropped connection). */
  retries: number;
  /** eth_getLogs ranges split because a node refused their span or result size. */
  rangeSplits: number;
}

export class RpcStats {
  httpRequests = 0;
  rpcCalls = 0;
  retries = 0;
  rangeSplits = 0;
  private readonly methods = new Map<string, number>();
  /** Per network, its nodes in configuration order. */
  private readonly nodes = new Map<string, RpcProviderStats[]>();

  countCall(method: string): void {
    this.rpcCalls++;
    this.methods.set(method, (this.methods.get(method) ?? 0) + 1);
  }

  /** Counters of a node of `network`, listed after the ones made before. */
  provider(network: string, shownUrl: string): RpcProviderStats {
    const list = this.nodes.get(network) ?? [];
    this.nodes.set(network, list);
    const stats = new RpcProviderStats(shownUrl);
    list.push(stats);
    return stats;
  }

  /** Every node of every network, in configuration order. */
  providers(now = Date.now()): Record<string, RpcProviderSnapshot[]> {
    return Object.fromEntries(
      [...this.nodes].map(([network, list]) => [network, list.map((node) => node.snapshot(now))]),
    );
  }

  snapshot(): RpcStatsSnapshot {
    return {
      httpRequests: this.httpRequests,
      rpcCalls: this.rpcCalls,
      byMethod: Object.fromEntries(this.methods),
      retries: this.retries,
      rangeSplits: this.rangeSplits,
    };
  }

  reset(): void {
    this.httpRequests = 0;
    this.rpcCalls = 0;
    this.retries = 0;
    this.rangeSplits = 0;
    this.methods.clear();
    for (const node of [...this.nodes.values()].flat()) {
      node.requests = 0;
      node.errors = 0;
      node.throttled = 0;
    }
  }
}

/**
 * One node of a network as its transport sees it; the admin's view of it (`GET
 * /api/admin/rpc-providers`) sums these over processes. Times in epoch ms.
 */
export interface RpcProviderSnapshot extends Pick<
  RpcProviderStatus,
  'url' | 'health' | 'requests' | 'errors' | 'throttled' | 'latencyMs' | 'lastError' | 'batching'
> {
  /** Epoch ms; null when not set aside. */
  setAsideUntil: number | null;
  /** Widest eth_getLogs range it is asked (blocks): the span it stated, or under one it refused. */
  spanCap: number | null;
}

/** Counters and health of one node; read and written by its transport. */
export class RpcProviderStats {
  requests = 0;
  errors = 0;
  throttled = 0;
  latencyMs: number | null = null;
  /** When it last answered (epoch ms; 0: never). */
  answeredAt = 0;
  setAsideUntil = 0;
  failuresInARow = 0;
  lastError: string | null = null;
  batching = true;
  spanCap: bigint | null = null;
  /** Calls of this node in flight. */
  inFlight = 0;
  /** Calls it answered: a throttling node still answering others paces, it is not down. */
  answers = 0;

  constructor(readonly shownUrl: string) {}

  answered(ms: number): void {
    this.answers++;
    this.latencyMs = this.latencyMs === null ? ms : Math.round(this.latencyMs * 0.7 + ms * 0.3);
    this.answeredAt = Date.now();
    this.failuresInARow = 0;
  }

  snapshot(now = Date.now()): RpcProviderSnapshot {
    const aside = this.setAsideUntil > now;
    return {
      url: this.shownUrl,
      health: aside ? 'set aside' : this.requests === 0 ? 'untried' : 'healthy',
      setAsideUntil: aside ? this.setAsideUntil : null,
      requests: this.requests,
      errors: this.errors,
      throttled: this.throttled,
      latencyMs: this.latencyMs,
      lastError: this.lastError,
      batching: this.batching,
      spanCap: this.spanCap === null ? null : Number(this.spanCap),
    };
  }
}
