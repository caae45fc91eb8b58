import type { HealthResponse, Network } from '@nexus/contract';
import { createPublicClient, http, type PublicClient } from 'viem';
import { redactSecrets } from '../platform/logging/index.js';

type ChainState = HealthResponse['chains'][string];

export interface ChainHealthOptions {
  /** One RPC call's limit. */
  timeoutMs: number;
  /** Retries of a call that failed or timed out (viem's exponential backoff from `retryDelayMs`). */
  retries: number;
  retryDelayMs: number;
  /** A chain that answered this recently still counts as up when one probe fails. */
  graceMs: number;
}

export const CHAIN_HEALTH_DEFAULTS: ChainHealthOptions = {
  timeoutMs: 2000,
  retries: 2,
  retryDelayMs: 150,
  graceMs: 60_000,
};

/**
 * Chain probes that do not flap: each call is retried with backoff, concurrent probes of a network
 * share one, and a failed probe reports the last good answer while it is younger than `graceMs`.
 * The RPC URL is reported with any key in it redacted (the health answer is public).
 */
export class ChainHealth {
  private readonly clients = new Map<string, PublicClient>();
  private readonly lastUp = new Map<Network, { at: number; state: ChainState }>();
  private readonly inFlight = new Map<Network, Promise<ChainState>>();

  constructor(
    /** Per network its node, or its nodes: the network is up while one of them answers. */
    private readonly rpcUrls: Partial<Record<Network, string | string[]>>,
    private readonly options: ChainHealthOptions = CHAIN_HEALTH_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Probes the network (joining a probe already running). */
  probe(network: Network): Promise<ChainState> {
    let running = this.inFlight.get(network);
    if (!running) {
      running = this.run(network).finally(() => this.inFlight.delete(network));
      this.inFlight.set(network, running);
    }
    return running;
  }

  /** The probe's answer if it comes within `waitMs`, else the last one known (a slow node must not hold a readiness check). */
  async probeWithin(network: Network, waitMs: number): Promise<ChainState> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    const answer = await Promise.race([this.probe(network), late]);
    clearTimeout(timer);
    return answer ?? this.known(network);
  }

  private known(network: Network): ChainState {
    const last = this.lastUp.get(network);
    if (last && this.now() - last.at < this.options.graceMs) return last.state;
    return { state: 'down', chainId: null, blockNumber: null, rpcUrl: this.shownUrl(network) };
  }

  private urls(network: Network): string[] {
    const urls = this.rpcUrls[network] ?? [];
    return typeof urls === 'string' ? [urls] : urls;
  }

  private shownUrl(network: Network): string {
    return this.urls(network)
      .map((url) => redactSecrets(url))
      .join(', ');
  }

  private client(url: string): PublicClient {
    let client = this.clients.get(url);
    if (!client) {
      client = createPublicClient({
        transport: http(url, {
          timeout: this.options.timeoutMs,
          retryCount: this.options.retries,
          retryDelay: this.options.retryDelayMs,
        }),
      });
      this.clients.set(url, client);
    }
    return client;
  }

  private async run(network: Network): Promise<ChainState> {
    try {
      // The first node to answer; one of several down leaves the network up.
      const state = await Promise.any(
        this.urls(network).map(async (url): Promise<ChainState> => {
          const client = this.client(url);
          const [chainId, block] = await Promise.all([client.getChainId(), client.getBlockNumber()]);
          return { state: 'up', chainId, blockNumber: block.toString(), rpcUrl: redactSecrets(url) };
        }),
      );
      this.lastUp.set(network, { at: this.now(), state });
      return state;
    } catch {
      return this.known(network);
    }
  }
}
