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

/** GET /api/health/live: the process answers (no dependency is asked). */
export interface LivenessResponse {
  status: 'ok';
  uptimeS: number;
}

/**
 * GET /api/health/ready: 200 when PostgreSQL, Redis and the queues answer, 503 otherwise or while
 * the process is stopping. Chains are reported, but do not decide readiness.
 */
export interface ReadinessResponse {
  status: 'ready' | 'not ready';
  stopping: boolean;
  database: HealthState;
  redis: HealthState;
  queues: HealthResponse['queues'];
  chains: HealthResponse['chains'];
}
