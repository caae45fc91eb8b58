import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { ENABLED_NETWORKS, type HealthResponse } from '@nexus/contract';
import type { Redis } from 'ioredis';
import { createPublicClient, http } from 'viem';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { REDIS } from '../redis/redis.module.js';
import { ScanQueueRepository } from '../queues/index.js';

const PROBE_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}

/** Probes every dependency the API and workers need. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly em: EntityManager,
    private readonly queues: ScanQueueRepository,
  ) {}

  async check(): Promise<HealthResponse> {
    const [database, redis, queues, chains] = await Promise.all([
      withTimeout(this.em.fork().getConnection().execute('select 1'), PROBE_TIMEOUT_MS).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      withTimeout(this.redis.ping(), PROBE_TIMEOUT_MS).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      this.queueStates(),
      this.chainStates(),
    ]);
    const ok =
      database === 'up' &&
      redis === 'up' &&
      Object.values(queues).every((q) => q.state === 'up') &&
      Object.values(chains).every((c) => c.state === 'up');
    return { status: ok ? 'ok' : 'degraded', database, redis, queues, chains };
  }

  private async queueStates(): Promise<HealthResponse['queues']> {
    const entries = await Promise.all(
      this.queues.all().map(async ([name, queue]) => {
        try {
          const [counts, workers] = await withTimeout(
            Promise.all([queue.getJobCounts(), queue.getWorkers()]),
            PROBE_TIMEOUT_MS,
          );
          return [
            name,
            { state: 'up' as const, waiting: counts.waiting, active: counts.active, workers: workers.length },
          ];
        } catch {
          return [name, { state: 'down' as const, waiting: 0, active: 0, workers: 0 }];
        }
      }),
    );
    return Object.fromEntries(entries) as HealthResponse['queues'];
  }

  private async chainStates(): Promise<HealthResponse['chains']> {
    const entries = await Promise.all(
      ENABLED_NETWORKS.map(async (network) => {
        const { rpcUrl } = this.config.chains[network];
        const client = createPublicClient({
          transport: http(rpcUrl, { timeout: PROBE_TIMEOUT_MS, retryCount: 0 }),
        });
        try {
          const [chainId, block] = await Promise.all([client.getChainId(), client.getBlockNumber()]);
          return [network, { state: 'up' as const, chainId, blockNumber: block.toString(), rpcUrl }];
        } catch {
          return [network, { state: 'down' as const, chainId: null, blockNumber: null, rpcUrl }];
        }
      }),
    );
    return Object.fromEntries(entries) as HealthResponse['chains'];
  }
}
