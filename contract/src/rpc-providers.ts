import type { Network } from './networks.js';

/**
 * One JSON-RPC node of a network as the API and the workers see it together (GET
 * /api/admin/rpc-providers): counters summed over every process, health and limits as last seen.
 */
export interface RpcProviderStatus {
  /** The URL with any key in it redacted. */
  url: string;
  /** `healthy`: answering; `set aside`: failing or throttled, not asked until `setAsideUntil`; `untried`: no call yet. */
  health: 'healthy' | 'set aside' | 'untried';
  /** ISO time it is asked again; null when not set aside. */
  setAsideUntil: string | null;
  /** JSON-RPC calls sent to it (retries and calls moved here from another node count). */
  requests: number;
  /** Calls it failed (throttling, server errors, timeouts, refused connections). */
  errors: number;
  /** Of those, throttling: HTTP 429, "rate limit exceeded", a spent quota. */
  throttled: number;
  /** Moving average of its answer time, ms (null: no answer yet). */
  latencyMs: number | null;
  /** Its last failure, keys redacted. */
  lastError: string | null;
  /** False once it refused a JSON-RPC batch (then asked one call per request). */
  batching: boolean;
  /** Its learnt eth_getLogs span (blocks), shared in Redis for a day; null: none met yet. */
  learntSpan: number | null;
  /** True when the node stated that span; false when it was found by halving. */
  spanStated: boolean | null;
  /** ISO time a process last reported on it; null: never. */
  reportedAt: string | null;
}

export interface RpcProvidersResponse {
  networks: Array<{ network: Network; chainId: number; providers: RpcProviderStatus[] }>;
}
