import { ENABLED_NETWORKS, type Network, type RpcProvidersResponse } from '@nexus/contract';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../platform/config/index.js';
import { redactSecrets } from '../platform/logging/index.js';
import type { RedisConnections } from '../platform/redis/index.js';
import { providerKey, RedisLogLimits } from './rpc/log-limits.store.js';
import type { RpcProviderSnapshot } from './rpc/rpc.stats.js';

/** Kept a week after the last report: a node taken out of the configuration fades away. */
const REPORT_TTL_SECONDS = 7 * 86_400;

type Counts = Pick<RpcProviderSnapshot, 'requests' | 'errors' | 'throttled'>;

/**
 * Each node's counters in Redis, summed over every API and worker process (scans run in the
 * workers, visitors' reads in the API), with its health and limits as last seen: what the admin
 * security dashboard shows. Every process reports what changed since its last report.
 */
export class RpcProvidersReport {
  private readonly reported = new Map<string, Counts>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly connections: RedisConnections,
    private readonly config: Pick<AppConfig, 'chains'>,
    private readonly providers: () => Record<string, RpcProviderSnapshot[]>,
  ) {}

  /** The network's node URLs, in configuration order. */
  private urls(network: Network): string[] {
    const chain = this.config.chains[network];
    return chain.rpcUrls?.length ? chain.rpcUrls : [chain.rpcUrl];
  }

  private key(network: Network, url: string): string {
    return this.connections.key('rpc-provider', network, providerKey(url));
  }

  /** Reports every `intervalMs` until `stop`. */
  start(intervalMs = 2_000): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  /** Stops reporting, after a last report. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }

  async flush(): Promise<void> {
    const snapshots = this.providers();
    const batch = this.redis.multi();
    let changed = false;
    for (const network of ENABLED_NETWORKS) {
      const urls = this.urls(network);
      (snapshots[network] ?? []).forEach((node, index) => {
        const url = urls[index];
        if (!url) return;
        const key = this.key(network, url);
        const before = this.reported.get(key) ?? { requests: 0, errors: 0, throttled: 0 };
        const delta = {
          requests: node.requests - before.requests,
          errors: node.errors - before.errors,
          throttled: node.throttled - before.throttled,
        };
        // Counters reset by a benchmark: start again from them.
        const reset = delta.requests < 0 || delta.errors < 0 || delta.throttled < 0;
        if (!reset && delta.requests === 0 && delta.errors === 0 && node.health !== 'set aside') return;
        changed = true;
        this.reported.set(key, { requests: node.requests, errors: node.errors, throttled: node.throttled });
        if (!reset) {
          batch
            .hincrby(key, 'requests', delta.requests)
            .hincrby(key, 'errors', delta.errors)
            .hincrby(key, 'throttled', delta.throttled);
        }
        batch
          .hset(key, {
            health: node.health,
            setAsideUntil: node.setAsideUntil ?? '',
            latencyMs: node.latencyMs ?? '',
            lastError: node.lastError ?? '',
            batching: node.batching ? '1' : '0',
            spanCap: node.spanCap ?? '',
            reportedAt: Date.now(),
          })
          .expire(key, REPORT_TTL_SECONDS);
      });
    }
    if (changed) await batch.exec();
  }

  /** Every configured node of every network, as all processes reported it. */
  async read(): Promise<RpcProvidersResponse> {
    const networks = await Promise.all(
      ENABLED_NETWORKS.map(async (network) => {
        const providers = await Promise.all(
          this.urls(network).map(async (url) => {
            const [fields, learnt] = await Promise.all([
              this.redis.hgetall(this.key(network, url)),
              new RedisLogLimits(this.redis, this.connections.key('rpc-limits', network, providerKey(url)))
                .read()
                .catch(() => null),
            ]);
            const number = (raw: string | undefined): number | null =>
              raw !== undefined && raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;
            const setAsideUntil = number(fields.setAsideUntil);
            const reportedAt = number(fields.reportedAt);
            const aside = setAsideUntil !== null && setAsideUntil > Date.now();
            const span = learnt?.span ?? (number(fields.spanCap) === null ? null : BigInt(fields.spanCap!));
            return {
              url: redactSecrets(url),
              health: aside
                ? ('set aside' as const)
                : fields.health === undefined || fields.health === 'untried'
                  ? ('untried' as const)
                  : ('healthy' as const),
              setAsideUntil: aside ? new Date(setAsideUntil).toISOString() : null,
              requests: number(fields.requests) ?? 0,
              errors: number(fields.errors) ?? 0,
              throttled: number(fields.throttled) ?? 0,
              latencyMs: number(fields.latencyMs),
              lastError: fields.lastError || null,
              batching: fields.batching !== '0',
              learntSpan: span === null ? null : Number(span),
              spanStated: learnt ? learnt.stated : span === null ? null : true,
              reportedAt: reportedAt === null ? null : new Date(reportedAt).toISOString(),
            };
          }),
        );
        return { network, chainId: this.config.chains[network].chainId, providers };
      }),
    );
    return { networks };
  }
}
