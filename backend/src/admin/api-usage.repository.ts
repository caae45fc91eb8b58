import { Injectable } from '@nestjs/common';
import type { Network } from '@nexus/contract';
import { RedisRepository } from '../platform/redis/index.js';

/** A day's counter outlives its day long enough to be read on the next one, then expires. */
const DAILY_COUNTER_TTL_S = 2 * 24 * 60 * 60;

/** Requests counted by one process since its last flush. */
export interface ApiUsageBatch {
  requests: number;
  /** Per network and UTC day (`YYYY-MM-DD`). */
  calls: Array<{ network: Network; day: string; count: number }>;
  /** Latest request time (ms) per network. */
  lastCall: Partial<Record<Network, number>>;
}

export interface ApiUsage {
  requests: number;
  callsToday: Record<Network, number>;
  lastCall: Record<Network, number | null>;
}

/** API request counters in Redis, shared by every API node (statistics, not cache: never cleared). */
@Injectable()
export class ApiUsageRepository extends RedisRepository {
  private requestsKey(): string {
    return this.connections.key('stats', 'api', 'requests');
  }

  private callsKey(network: Network, day: string): string {
    return this.connections.key('stats', 'api', 'calls', network, day);
  }

  private lastCallKey(): string {
    return this.connections.key('stats', 'api', 'last-call');
  }

  async add(batch: ApiUsageBatch): Promise<void> {
    const multi = this.redis.multi();
    if (batch.requests > 0) multi.incrby(this.requestsKey(), batch.requests);
    for (const { network, day, count } of batch.calls) {
      multi
        .incrby(this.callsKey(network, day), count)
        .expire(this.callsKey(network, day), DAILY_COUNTER_TTL_S);
    }
    for (const [network, at] of Object.entries(batch.lastCall))
      multi.hset(this.lastCallKey(), network, String(at));
    await multi.exec();
  }

  async read(networks: readonly Network[], day: string): Promise<ApiUsage> {
    const [requests, lastCalls, ...calls] = await Promise.all([
      this.redis.get(this.requestsKey()),
      this.redis.hmget(this.lastCallKey(), ...networks),
      ...networks.map((n) => this.redis.get(this.callsKey(n, day))),
    ]);
    const usage: ApiUsage = {
      requests: Number(requests ?? 0),
      callsToday: {} as Record<Network, number>,
      lastCall: {} as Record<Network, number | null>,
    };
    networks.forEach((network, i) => {
      usage.callsToday[network] = Number(calls[i] ?? 0);
      const last = (lastCalls as Array<string | null>)[i];
      usage.lastCall[network] = last ? Number(last) : null;
    });
    return usage;
  }
}
