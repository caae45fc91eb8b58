export type HealthState = 'up' | 'down';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: HealthState;
  redis: HealthState;
  queues: Record<string, { state: HealthState; waiting: number; active: number; workers: number }>;
  chains: Record<
    string,
    { state: HealthState; chainId: number | null; blockNumber: string | null; rpcUrl: string }
  >;
}
