// The slice of autocannon's programmatic API (v9) the fault suite uses; the package ships no types.
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
  }
  interface AutocannonResult {
    latency: { p50: number; p90: number; p99: number; max: number; average: number };
    requests: { total: number; average: number };
    statusCodeStats: Record<string, { count: number }>;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
