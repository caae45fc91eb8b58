import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  ENABLED_NETWORKS,
  type HealthResponse,
  type HealthState,
  type LivenessResponse,
  type ReadinessResponse,
} from '@nexus/contract';
import type { Redis } from 'ioredis';
import { AppConfig } from '../platform/config/index.js';
import { REDIS } from '../platform/redis/index.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import { ChainHealth } from './chain-health.js';

const PROBE_TIMEOUT_MS = 2000;
/** Readiness reports chains but does not wait on a slow node longer than this. */
const READY_CHAIN_WAIT_MS = 1000;
/** The full report waits for retries, but answers within a monitor's usual 5 s timeout. */
const FULL_CHAIN_WAIT_MS = 4000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function upOrDown(probe: Promise<unknown>): Promise<HealthState> {
  return withTimeout(probe, PROBE_TIMEOUT_MS).then(
    () => 'up' as const,
    () => 'down' as const,
  );
}

/** Every queue's or chain's probe answered up. */
function allUp(states: Record<string, { state: HealthState }>): boolean {
  return Object.values(states).every((probe) => probe.state === 'up');
}

/** Probes every dependency the API and workers need. */
@Injectable()
export class HealthService implements BeforeApplicationShutdown {
  private readonly chains: ChainHealth;
  private stopping = false;
  /** Production answers live and ready with the verdict alone: nothing internal to anyone who asks. */
  private readonly terse: boolean;

  constructor(
    config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly em: EntityManager,
    private readonly queues: ScanQueueRepository,
  ) {
    this.chains = new ChainHealth(
      Object.fromEntries(
        ENABLED_NETWORKS.map((n) => [n, config.chains[n].rpcUrls ?? config.chains[n].rpcUrl]),
      ),
    );
    this.terse = config.production;
  }

  /** From SIGTERM on, readiness fails so that a load balancer stops sending requests. */
  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  live(): LivenessResponse | Pick<LivenessResponse, 'status'> {
    return this.terse ? { status: 'ok' } : { status: 'ok', uptimeS: Math.round(process.uptime()) };
  }

  /** What a readiness probe is answered: the verdict alone in production, else the whole report. */
  readyAnswer(report: ReadinessResponse): ReadinessResponse | Pick<ReadinessResponse, 'status'> {
    return this.terse ? { status: report.status } : report;
  }

  /** Ready when PostgreSQL, Redis and the queues answer; chains are reported, never decisive. */
  async ready(): Promise<ReadinessResponse> {
    const [database, redis, queues, chains] = await this.states(READY_CHAIN_WAIT_MS);
    const ok = !this.stopping && database === 'up' && redis === 'up' && allUp(queues);
    return { status: ok ? 'ready' : 'not ready', stopping: this.stopping, database, redis, queues, chains };
  }

  /** Everything, chains included: 'ok' only when all of it is up. */
  async check(): Promise<HealthResponse> {
    const [database, redis, queues, chains] = await this.states(FULL_CHAIN_WAIT_MS);
    const ok = database === 'up' && redis === 'up' && allUp(queues) && allUp(chains);
    return { status: ok ? 'ok' : 'degraded', database, redis, queues, chains };
  }

  /** Every probe at once; a chain's answer is awaited `chainWaitMs` at most. */
  private states(
    chainWaitMs: number,
  ): Promise<[HealthState, HealthState, HealthResponse['queues'], HealthResponse['chains']]> {
    return Promise.all([
      this.databaseState(),
      this.redisState(),
      this.queueStates(),
      this.chainStates(chainWaitMs),
    ]);
  }

  private databaseState(): Promise<HealthState> {
    return upOrDown(this.em.fork().getConnection().execute('select 1'));
  }

  private redisState(): Promise<HealthState> {
    return upOrDown(this.redis.ping());
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

  private async chainStates(waitMs: number | null): Promise<HealthResponse['chains']> {
    const entries = await Promise.all(
      ENABLED_NETWORKS.map(
        async (network) =>
          [
            network,
            waitMs === null
              ? await this.chains.probe(network)
              : await this.chains.probeWithin(network, waitMs),
          ] as const,
      ),
    );
    return Object.fromEntries(entries) as HealthResponse['chains'];
  }
}
